#!/usr/bin/env bash
# The join gate against the real coach-server on a throw-away PostgreSQL cluster (issue 26):
# the owner publishes, `coach sync invite --for jane` prints a one-time code; join without it,
# with a wrong one, with another user's handle gets nothing sealed (403 bad_invitation); the
# right code is answered once, and the same code again is refused. A pending (enrolment-code)
# user cannot be invited, a coach cannot invite another user, --hours is checked at the edge.
# The code is in no log of the server and not in a pg_dump of its database. Devices: a device
# made after publishing enrols itself at its first sync; one revoked with `coach device revoke`
# reaches the server with the owner's next sync, and is then refused at sign-in (exit 77).
#
# Needs: .build/debug/coach, Server/.build/debug/coach-server, PostgreSQL's initdb and pg_ctl,
# psql, pg_dump and curl. Exits non-zero on the first failed check; never skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-invite
start_cluster club
serve

machine=$work/machine-a
mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
printf 'invite passphrase one\n' >"$machine/pass"
printf 'jane passphrase two\n' >"$machine/jane"
printf 'carl passphrase three\n' >"$machine/carl"
chmod 600 "$machine"/pass "$machine"/jane "$machine"/carl
m() {
  env -i PATH="$PATH" HOME="$machine/home" XDG_STATE_HOME="$machine/state" \
    XDG_DATA_HOME="$machine/data" XDG_RUNTIME_DIR="$machine/run" \
    COACH_WORKSPACE="$machine/data/ws.sqlite" "$coach" "$@"
}
m init --owner olivia --kdf interactive --new-passphrase-file "$machine/pass" >/dev/null
m unlock --as olivia --passphrase-file "$machine/pass" >/dev/null
m athlete add jane --name "Jane Doe" --time-zone Europe/Berlin >/dev/null
m athlete add pia --name "Pia Doe" --time-zone Europe/Berlin >/dev/null
m user add jane --role athlete --athlete jane --new-passphrase-file "$machine/jane" >/dev/null
m user add pia --role athlete --athlete pia --enrolment-code >/dev/null
m user add carl --role coach --new-passphrase-file "$machine/carl" >/dev/null
m sync publish --server "$url" >/dev/null || fail "publish"
ws=$(m sync invite --for jane --json | tee "$work/invite.json" | python3 -c \
  'import json,sys; d=json.load(sys.stdin); print(d["workspace"])')
code=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["code"])' \
  "$work/invite.json")
[[ "$code" =~ ^[A-Z2-7]{4}(-[A-Z2-7]{4}){5}$ ]] || fail "not a code: $code"

join() { # handle code -> prints the status; the body in $work/body
  curl -s -o "$work/body" -w '%{http_code}' -H 'Content-Type: application/json' \
    -d "{\"handle\":\"$1\",\"code\":\"$2\"}" "$url/v1/ws/$ws/join"
}
refused() { # label status
  [ "$2" = 403 ] || fail "$1: status $2, not 403"
  grep -q '"bad_invitation"' "$work/body" || fail "$1: $(cat "$work/body")"
  if grep -q 'sealed_keys' "$work/body"; then fail "$1: the answer holds a sealed row"; fi
}
# A joining machine sends the code's proof, never the code (JoinCode.proof).
proof() {
  python3 -c 'import base64,hashlib,sys
c = sys.argv[1].upper().replace("-", "").replace(" ", "")
print(base64.b32encode(hashlib.sha256(b"coach/1/join-proof" + c.encode()).digest()[:15]).decode())' "$1"
}
refused "no code" "$(join jane "")"
refused "wrong code" "$(join jane "$(proof AAAA-BBBB-CCCC-DDDD-EEEE-FFFF)")"
refused "another user's handle" "$(join carl "$(proof "$code")")"
refused "the code itself instead of its proof" "$(join jane "$code")"
lower=$(printf '%s' "$code" | tr 'A-Z' 'a-z')
[ "$(join jane "$(proof "$lower")")" = 200 ] || fail "the right code was refused: $(cat "$work/body")"
grep -q 'sealed_keys' "$work/body" || fail "the join answered no sealed row"
grep -q '"binding"' "$work/body" || fail "the join answered no owner binding"
refused "the same code again" "$(join jane "$(proof "$code")")"

# Five wrong codes burn a fresh invitation; the right one then gets nothing.
code2=$(m sync invite --for jane --json |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])')
for _ in 1 2 3 4 5; do refused "a wrong code" "$(join jane AAAA-BBBB-CCCC-DDDD-EEEE-FFFF)"; done
refused "the right code after the budget" "$(join jane "$(proof "$code2")")"

set +e
m sync invite --for pia >/dev/null 2>"$work/err"; pending=$?
m sync invite --for jane --as carl --passphrase-file "$machine/carl" >/dev/null 2>"$work/err-coach"
coach_status=$?
m sync invite --for jane --hours 169 >/dev/null 2>"$work/err-hours"; hours=$?
set -e
[ "$pending" != 0 ] && grep -q "pending" "$work/err" || fail "a pending user was invited"
[ "$coach_status" = 77 ] && grep -q "only the owner invites another user" "$work/err-coach" ||
  fail "a coach invited another user: exit $coach_status, $(cat "$work/err-coach")"
[ "$hours" = 64 ] || fail "--hours 169 gave exit $hours, not 64"
grep -q -- "--hours must be from 1 to 168" "$work/err-hours" || fail "$(cat "$work/err-hours")"

"$bin/pg_dump" -h 127.0.0.1 -p "$port" -U coach club >"$work/dump.sql"
for c in "$code" "$code2"; do
  plain=$(printf '%s' "$c" | tr -d '-')
  if grep -q -e "$c" -e "$plain" "$work/dump.sql" "$work/serve.log"; then
    fail "the code $c is in the server's database or log"
  fi
done
# Devices: carl's first sync from this machine enrols his new device itself; the owner
# revokes it with `coach device revoke`, her sync pushes the revocation, and carl's next sync
# is refused at sign-in.
m sync --as carl --passphrase-file "$machine/carl" >"$work/carl.out" 2>&1 ||
  fail "carl's first sync: $(cat "$work/carl.out")"
roster_devices() {
  psql -tA -h 127.0.0.1 -p "$port" -U coach club -c "SELECT count(*) FROM roster WHERE kind = '$1'"
}
[ "$(roster_devices device)" = 2 ] || fail "carl's device did not enrol: $(roster_devices device)"
carl_device=$(m device list --json | python3 -c \
  'import json,sys; print([d["id"] for d in json.load(sys.stdin)["devices"] if d["user"] == "carl"][0])')
# Carl's machine as it stands (replica and key store), before it hears of the revocation.
cp -a "$machine" "$work/carl-offline"
m device revoke "$carl_device" >/dev/null || fail "device revoke"
m sync >/dev/null || fail "the owner's sync after the revocation"
[ "$(roster_devices device_revocation)" = 1 ] || fail "the revocation did not reach the server"
# Carl's machine comes back online with its old state: its device signs in and is refused.
mv "$machine" "$work/owner-machine" && mv "$work/carl-offline" "$machine"
set +e
m sync --as carl --passphrase-file "$machine/carl" >/dev/null 2>"$work/err-revoked"
revoked=$?
set -e
[ "$revoked" = 77 ] || fail "a revoked device's sync gave exit $revoked: $(cat "$work/err-revoked")"
grep -q "device $carl_device is revoked" "$work/err-revoked" ||
  fail "not refused at sign-in: $(cat "$work/err-revoked")"
echo "sync invite: ok (no, wrong, other user's, reused and burned codes refused with nothing" \
  "sealed; the right code answered once; pending user and --hours refused; code not stored;" \
  "a new device enrols itself, a revoked one is refused at sign-in)"
