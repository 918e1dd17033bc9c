#!/usr/bin/env bash
# `coach user passwd` in a synced workspace against the real coach-server on a throw-away
# PostgreSQL cluster (issue 26, part D): coach carl changes his passphrase on the owner's
# machine A (his device there enrols itself on the way); the server's roster holds one
# key_row; a join on machine B with his old passphrase is exit 77, with the new one it joins;
# with the server stopped a second change is exit 73 and the passphrase he had still opens.
#
# Needs: .build/debug/coach, Server/.build/debug/coach-server, PostgreSQL's initdb and pg_ctl,
# psql and python3. Exits non-zero on the first failed check; never skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-passwd
start_cluster club
serve

passphrases olivia 'passwd owner passphrase' carl 'passwd coach passphrase' \
  carl2 'passwd coach new passphrase'
sql() { psql -tA -h 127.0.0.1 -p "$port" -U coach -d club -c "$1"; }

on a init --owner olivia --kdf interactive --new-passphrase-file "$secrets/olivia" >/dev/null
on a unlock --as olivia --passphrase-file "$secrets/olivia" >/dev/null
on a athlete add jane --name "Jane Doe" --time-zone Europe/Berlin >/dev/null
on a user add carl --role coach --new-passphrase-file "$secrets/carl" >/dev/null
on a access grant --athlete jane --to carl >/dev/null
on a sync publish --server "$url" >/dev/null || fail "publish"
on a user passwd --as carl --passphrase-file "$secrets/carl" \
  --new-passphrase-file "$secrets/carl2" >/dev/null || fail "carl's passphrase change"
[ "$(sql "SELECT count(*) FROM roster WHERE kind = 'key_row'")" = 1 ] ||
  fail "the roster holds $(sql "SELECT kind, count(*) FROM roster GROUP BY kind")"

join() { # passphrase file -> the join's exit code; its error in $work/err
  on a sync invite --for carl --json >"$work/invite.json" || fail "invite"
  field code <"$work/invite.json" >"$secrets/code"
  local ws
  ws=$(field workspace <"$work/invite.json")
  set +e
  on b sync join --server "$url" --workspace-id "$ws" --as carl --code-file "$secrets/code" \
    --passphrase-file "$1" >/dev/null 2>"$work/err"
  echo $?
  set -e
}
rc=$(join "$secrets/carl")
[ "$rc" = 77 ] || fail "a join with the old passphrase gave exit $rc: $(cat "$work/err")"
rc=$(join "$secrets/carl2")
[ "$rc" = 0 ] || fail "a join with the new passphrase gave exit $rc: $(cat "$work/err")"

kill "$(cat "$work/serve.pid")" && rm "$work/serve.pid"
set +e
on b user passwd --as carl --passphrase-file "$secrets/carl2" \
  --new-passphrase-file "$secrets/carl" >/dev/null 2>"$work/err"
rc=$?
set -e
[ "$rc" = 73 ] || fail "a passphrase change offline gave exit $rc: $(cat "$work/err")"
grep -q "nothing was changed" "$work/err" || fail "$(cat "$work/err")"
on b unlock --as carl --passphrase-file "$secrets/carl2" >/dev/null ||
  fail "the passphrase carl had no longer opens after the refused change"
echo "sync-passwd: ok"
