#!/usr/bin/env bash
# Revocation with the coach offline (issue 26, Build 4), against the real coach-server on a
# throw-away PostgreSQL cluster: carl's laptop (machine B) queues a change to jane while
# offline; the owner (machine A) revokes carl from jane; carl's next sync keeps his change
# queued, unsent, reports it in one line naming jane with exit 77, and `sync status` lists it;
# the server stored nothing of his, and the owner's next change goes under jane's new epoch.
# Carl pushed a change just before, so the server first refuses the owner's rotation as made
# on a stream that moved, and the revocation pulls and rotates again.
#
# Machine B starts as a real coach's laptop does: the owner invites carl (`sync invite --for
# carl`) and carl runs `sync join` on B with the code and his passphrase.
# Needs what Tests/e2e/sync-smoke.sh needs. Exits non-zero on the first failed check.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-revocation
start_cluster club
serve

a=$work/machine-a
b=$work/machine-b
for machine in "$a" "$b"; do
  mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
done
printf 'revocation passphrase one\n' >"$a/pass" && chmod 600 "$a/pass"
printf 'revocation passphrase of carl\n' >"$b/pass" && chmod 600 "$b/pass"
on() {
  local machine=$1
  shift
  env -i PATH="$PATH" HOME="$machine/home" XDG_STATE_HOME="$machine/state" \
    XDG_DATA_HOME="$machine/data" XDG_RUNTIME_DIR="$machine/run" \
    COACH_WORKSPACE="$machine/data/ws.sqlite" "$coach" "$@"
}
on "$a" init --owner olivia --kdf interactive --new-passphrase-file "$a/pass" >/dev/null
on "$a" unlock --as olivia --passphrase-file "$a/pass" >/dev/null
on "$a" athlete add jane --name "Jane Revoked" --time-zone Europe/Berlin >/dev/null
on "$a" user add carl --role coach --new-passphrase-file "$b/pass" >/dev/null
on "$a" access grant --athlete jane --to carl >/dev/null
on "$a" sync publish --server "$url" >/dev/null || fail "publish"
on "$a" sync invite --for carl --json >"$work/invite.json" || fail "the invitation"
python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])' <"$work/invite.json" \
  >"$b/code" && chmod 600 "$b/code"
ws=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["workspace"])' <"$work/invite.json")
on "$b" sync join --server "$url" --workspace-id "$ws" --as carl --code-file "$b/code" \
  --passphrase-file "$b/pass" >/dev/null 2>"$work/err" || fail "carl's join: $(cat "$work/err")"
on "$b" sync >/dev/null 2>"$work/err" || fail "carl's first sync: $(cat "$work/err")"
on "$b" log show -a jane >/dev/null 2>"$work/err" || fail "jane on B: $(cat "$work/err")"

changes() { psql -tA -h 127.0.0.1 -p "$port" -U coach club -c "SELECT coalesce(sum(n), 0) FROM runs"; }
# Carl pushes a change first, so jane's stream has moved on since A's last pull: the server
# refuses A's rotation (409 stream_moved), and the revocation pulls and makes it again.
on "$b" log mood 3 -a jane --notes "carl online" >/dev/null
on "$b" sync >/dev/null 2>"$work/err" || fail "carl's sync before: $(cat "$work/err")"
on "$b" log mood 2 -a jane --notes "carl offline" >/dev/null
on "$a" access revoke --athlete jane --from carl >/dev/null 2>"$work/err" ||
  fail "the revocation on a moved stream: $(cat "$work/err")"
on "$a" log show -a jane | grep -q "carl online" || fail "the revocation pulled nothing"
before=$(changes)
set +e
on "$b" sync >/dev/null 2>"$work/err"
status=$?
set -e
[ "$status" = 77 ] || fail "carl's sync after the revocation gave exit $status: $(cat "$work/err")"
[ "$(wc -l <"$work/err")" = 1 ] || fail "the report is not one line: $(cat "$work/err")"
grep -q "access was revoked" "$work/err" || fail "the report does not say why: $(cat "$work/err")"
[ "$(changes)" = "$before" ] || fail "the server stored carl's change after the revocation"
on "$b" sync status >"$work/status"
grep -q "Queued:     1 changes" "$work/status" ||
  fail "carl's change is not kept: $(cat "$work/status")"
grep -q "^Refused:    1 queued changes" "$work/status" ||
  fail "sync status does not list it: $(cat "$work/status")"
on "$a" log mood 4 -a jane >/dev/null
on "$a" sync >/dev/null 2>"$work/err" || fail "the owner's sync: $(cat "$work/err")"
[ "$(changes)" = $((before + 1)) ] || fail "the owner's change after the revocation not stored"
echo "sync revocation: ok (carl's change queued offline kept, unsent, reported with exit 77" \
  "and listed; the owner's change under the new epoch stored)"
