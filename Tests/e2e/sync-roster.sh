#!/usr/bin/env bash
# Membership changes after publishing, against the real coach-server on a throw-away
# PostgreSQL cluster (issue 26, roster part): a user added, a grant, a revocation and a
# user's disable made in a synced workspace are each taken by the server's roster (verified
# there by CoachTrust) before they count; after a rotation the owner's next change is sealed
# under jane's new epoch and taken; with the server down a grant is refused (exit 73) and
# nothing of it is written.
#
# Needs what Tests/e2e/sync-smoke.sh needs. Exits non-zero on the first failed check.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-roster
start_cluster club
serve

machine=$work/machine-a
mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
printf 'roster passphrase one\n' >"$machine/pass" && chmod 600 "$machine/pass"
printf 'roster passphrase of carl\n' >"$machine/carl" && chmod 600 "$machine/carl"
m() {
  env -i PATH="$PATH" HOME="$machine/home" XDG_STATE_HOME="$machine/state" \
    XDG_DATA_HOME="$machine/data" XDG_RUNTIME_DIR="$machine/run" \
    COACH_WORKSPACE="$machine/data/ws.sqlite" "$coach" "$@"
}
roster() {
  psql -tA -h 127.0.0.1 -p "$port" -U coach club -c "SELECT count(*) FROM roster $1"
}
m init --owner olivia --kdf interactive --new-passphrase-file "$machine/pass" >/dev/null
m unlock --as olivia --passphrase-file "$machine/pass" >/dev/null
m athlete add jane --name "Jane Roster" --time-zone Europe/Berlin >/dev/null
m sync publish --server "$url" >/dev/null || fail "publish"

m user add carl --role coach --new-passphrase-file "$machine/carl" >/dev/null ||
  fail "user add in a synced workspace"
[ "$(roster "WHERE kind = 'user'")" = 2 ] || fail "carl's certificate is not on the roster"
grants=$(roster "WHERE kind = 'grant'")
m access grant --athlete jane --to carl >/dev/null || fail "access grant in a synced workspace"
[ "$(roster "WHERE kind = 'grant'")" = $((grants + 1)) ] || fail "the grant is not on the roster"
m access revoke --athlete jane --from carl >/dev/null || fail "access revoke"
[ "$(roster "WHERE kind = 'epoch'")" = 2 ] || fail "jane's new epoch is not on the roster"
m log mood 3 -a jane >/dev/null
m sync >/dev/null 2>"$work/err" || fail "a change after the revocation: $(cat "$work/err")"
[ "$(m sync status --json | grep -o '"queued" : [0-9]*')" = '"queued" : 0' ] ||
  fail "the change after the revocation is still queued"

# Disabling a user who holds jane: her newer certificate and jane's rotation away from her.
printf 'roster passphrase of dana\n' >"$machine/dana" && chmod 600 "$machine/dana"
m user add dana --role coach --new-passphrase-file "$machine/dana" >/dev/null
m access grant --athlete jane --to dana >/dev/null
m user disable dana --yes >/dev/null || fail "user disable in a synced workspace"
[ "$(roster "WHERE kind = 'user'")" = 4 ] || fail "dana's disabled certificate is not there"
[ "$(roster "WHERE kind = 'epoch'")" = 3 ] || fail "jane's key did not move away from dana"
m log mood 4 -a jane >/dev/null
m sync >/dev/null 2>"$work/err" || fail "a change after the disable: $(cat "$work/err")"

before=$(roster "")
kill "$(cat "$work/serve.pid")" && rm -f "$work/serve.pid"
set +e
m access grant --athlete jane --to carl >/dev/null 2>"$work/err"
status=$?
set -e
[ "$status" = 73 ] || fail "a grant with the server down gave exit $status: $(cat "$work/err")"
grep -q "made online" "$work/err" || fail "the refusal does not say why: $(cat "$work/err")"
[ "$(wc -l <"$work/err")" = 1 ] || fail "the refusal is not one line: $(cat "$work/err")"
m access list -a jane --json | grep -q '"carl"' && fail "the refused grant was written"
serve
[ "$(roster "")" = "$before" ] || fail "the roster changed while the server was down"
echo "sync roster: ok (user add, grant, revocation and disable taken by the server's roster;" \
  "the next change sealed under the new epoch taken; offline grant refused, exit 73, nothing" \
  "written)"
