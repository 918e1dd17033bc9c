#!/usr/bin/env bash
# A log reset that finds a machine with queued changes, against the real coach-server on a
# throw-away PostgreSQL cluster (issue 27). The owner publishes on A, joins on B, both sync;
# the database is dumped (`pg_dump -Fc`). B logs a day and syncs (its device's chain moves past
# the dump), A syncs it; B queues another day offline. The dump is restored: B's sync refuses
# the server (exit 74, not a refused push). After the owner's `coach sync log-reset --yes` on
# A, B's sync takes the reset, gives back what the server lost, chains its queued day after
# what the server holds and pushes it; B's next day is a normal push; a machine joining after
# the reset takes everything; A, B and the new machine hold the same export.
#
# Needs: .build/debug/coach, Server/.build/debug/coach-server, PostgreSQL's initdb, pg_ctl,
# pg_dump and pg_restore, psql and python3. Exits non-zero on the first failed check; never
# skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-reset-queue
start_cluster club
serve_as s1 club

passphrases olivia 'reset queue owner passphrase'
sql() { psql -qtA -h 127.0.0.1 -p "$port" -U coach -d club -c "$1"; }

on a init --owner olivia --kdf interactive --new-passphrase-file "$secrets/olivia" >/dev/null
on a unlock --as olivia --passphrase-file "$secrets/olivia" >/dev/null
on a athlete add jane --name "Jane Doe" --time-zone Europe/Berlin --ftp 240 >/dev/null
on a log mood 3 -a jane --date 2026-11-20 --notes "before the dump" >/dev/null
on a sync publish --server "$url" >/dev/null || fail "publish"
on a sync invite --json >"$work/invite.json" || fail "invite"
field code <"$work/invite.json" >"$secrets/code"
ws=$(field workspace <"$work/invite.json")
on b sync join --server "$url" --workspace-id "$ws" --as olivia --code-file "$secrets/code" \
  --passphrase-file "$secrets/olivia" >/dev/null || fail "the owner's join on B"
for machine in a b; do on "$machine" sync >/dev/null || fail "sync on $machine"; done

dump club "$work/club.dump"
on b log mood 4 -a jane --date 2026-11-21 --notes "pushed by B, lost by the restore" >/dev/null
on b sync >/dev/null || fail "B's sync of its day"
on a sync >/dev/null || fail "A's sync of B's day"
on b log mood 2 -a jane --date 2026-11-22 --notes "queued on B over the restore" >/dev/null

kill "$(cat "$work/s1.pid")" && rm "$work/s1.pid"
restore club "$work/club.dump"
serve_as s1 club "${url##*:}"
set +e
on b sync >"$work/rolled-b.out" 2>"$work/rolled-b.err"
code=$?
set -e
[ "$code" = 74 ] || fail "B with a queued change gave exit $code: $(cat "$work/rolled-b.err")"
grep -q "went back" "$work/rolled-b.err" || fail "B's refusal: $(cat "$work/rolled-b.err")"

on a sync log-reset --yes >"$work/reset.out" 2>&1 || fail "log-reset: $(cat "$work/reset.out")"
on b sync >"$work/sync-b.out" 2>&1 || fail "B's sync after the reset: $(cat "$work/sync-b.out")"
on b sync status | grep -Eq "Queued: +0|queued.*0" ||
  fail "B still queues changes: $(on b sync status)"
on b log mood 5 -a jane --date 2026-11-23 --notes "a normal push after the reset" >/dev/null
on b sync >"$work/push-b.out" 2>&1 || fail "B's normal push: $(cat "$work/push-b.out")"
on a sync >"$work/sync-a.out" 2>&1 || fail "A's sync after the reset: $(cat "$work/sync-a.out")"

on a sync invite --json >"$work/invite2.json" || fail "invite after the reset"
field code <"$work/invite2.json" >"$secrets/code"
on c sync join --server "$url" --workspace-id "$ws" --as olivia --code-file "$secrets/code" \
  --passphrase-file "$secrets/olivia" >"$work/join-c.out" 2>&1 ||
  fail "a machine joining after the reset: $(cat "$work/join-c.out")"
on c sync >/dev/null || fail "C's sync"
for machine in a b c; do on "$machine" export -a jane >"$work/after-$machine.json"; done
cmp -s "$work/after-a.json" "$work/after-b.json" || fail "A and B differ after the reset"
cmp -s "$work/after-a.json" "$work/after-c.json" || fail "A and C differ after the reset"
for notes in "lost by the restore" "queued on B over the restore" "a normal push after"; do
  grep -q "$notes" "$work/after-a.json" || fail "A's export lacks \"$notes\""
done
echo "sync-reset-queue: OK (queued change over a restore: exit 74, reset, pushed; normal push" \
  "after; a machine joining after the reset converges)"
