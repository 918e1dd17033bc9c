#!/usr/bin/env bash
# The club server's log against the real coach-server on a throw-away PostgreSQL cluster
# (issue 27). Rollback: the owner publishes on machine A, joins on B, both sync; the database is
# dumped (`pg_dump -Fc`); A logs three days and syncs, B syncs; the server stops, the dump is
# restored and the server serves again with the same key. A and B each refuse (exit 74) naming
# both log sizes, and their exports are byte-equal to before. The owner's `coach sync log-reset
# --yes` on A, then B and A sync: both exports are equal again and hold the three days, and the
# stream holds each of them once. Dropped change: an insider takes a change out of the middle
# of jane's stream in PostgreSQL (`envelope.py drop`); a joining machine refuses it (exit 74)
# naming the stream and the place, whether the later changes keep their numbers (a gap) or are
# renumbered and chained again (the signed log does not hold them). Fork: two servers with one
# key on databases cloned from one point (`CREATE DATABASE … TEMPLATE`), B served by one and A
# by the other through a proxy; B routed to A's server refuses it (exit 74) naming the fork,
# and `coach sync status --evidence FILE` writes the two signed heads: one key, two roots.
#
# Needs: .build/debug/coach, Server/.build/debug/coach-server, PostgreSQL's initdb, pg_ctl,
# pg_dump and pg_restore, psql and python3. Exits non-zero on the first failed check; never
# skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" sync-log
start_cluster club
serve_as s1 club

passphrases olivia 'log owner passphrase'
sql() { psql -qtA -h 127.0.0.1 -p "$port" -U coach -d "${2:-club}" -c "$1"; }
# The number of changes in jane's stream (each change once: a re-push stores nothing).
jane_changes() { sql "SELECT s.sseq FROM streams s WHERE s.athlete_id = '$jane'"; }

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
jane=$(sql "SELECT athlete_id FROM streams LIMIT 1")
for machine in a b; do on "$machine" sync >/dev/null || fail "sync on $machine"; done

# The dump, then three days the restored database will not have.
dump club "$work/club.dump"
dumped=$(jane_changes)
for day in 21 22 23; do
  on a log mood 4 -a jane --date "2026-11-$day" --notes "after the dump $day" >/dev/null
done
on a sync >/dev/null || fail "A's sync of the three days"
on b sync >/dev/null || fail "B's sync of the three days"
on a export -a jane >"$work/before-a.json"
on b export -a jane >"$work/before-b.json"
cmp -s "$work/before-a.json" "$work/before-b.json" || fail "A and B differ before the restore"
grep -q "after the dump 23" "$work/before-b.json" || fail "B lacks the three days"

# The database restored from the dump, served with the same key.
kill "$(cat "$work/s1.pid")" && rm "$work/s1.pid"
restore club "$work/club.dump"
serve_as s1 club "${url##*:}"
[ "$(jane_changes)" = "$dumped" ] || fail "the restored stream is not the dumped one"
for machine in a b; do
  set +e
  on "$machine" sync >"$work/rolled-$machine.out" 2>"$work/rolled-$machine.err"
  code=$?
  set -e
  [ "$code" = 74 ] || fail "a rolled-back server gave exit $code on $machine"
  grep -Eq "went back from [0-9,]+ to [0-9,]+" "$work/rolled-$machine.err" ||
    fail "$machine's refusal names no log sizes: $(cat "$work/rolled-$machine.err")"
  on "$machine" export -a jane >"$work/rolled-$machine.json"
  cmp -s "$work/before-$machine.json" "$work/rolled-$machine.json" ||
    fail "the refused sync changed $machine's export"
done

# The owner's reset; then both machines take it, give back what the server lost, converge.
set +e
on a sync log-reset </dev/null >"$work/reset-ask.out" 2>&1
code=$?
set -e
[ "$code" = 64 ] || fail "log-reset without --yes nor a terminal gave exit $code"
grep -q "went back" <(on b sync 2>&1) || fail "log-reset without --yes reset the log"
on a sync log-reset --yes >"$work/reset.out" 2>&1 || fail "log-reset: $(cat "$work/reset.out")"
grep -q "3 changes given back" "$work/reset.out" || fail "log-reset: $(cat "$work/reset.out")"
on b sync >"$work/sync-b.out" 2>&1 || fail "B's sync after the reset: $(cat "$work/sync-b.out")"
on a sync >"$work/sync-a.out" 2>&1 || fail "A's sync after the reset: $(cat "$work/sync-a.out")"
on a export -a jane >"$work/after-a.json"
on b export -a jane >"$work/after-b.json"
cmp -s "$work/after-a.json" "$work/after-b.json" || fail "A and B differ after the reset"
cmp -s "$work/before-a.json" "$work/after-a.json" || fail "the reset lost or changed data"
[ "$(jane_changes)" = "$((dumped + 3))" ] ||
  fail "jane's stream holds $(jane_changes) changes, not $((dumped + 3)): a duplicate or a loss"
on b sync status | grep -q "Log head" || fail "B shows no verified log head"

# Dropped change: an insider takes the middle one of the three out of jane's stream. A machine
# joining then refuses the stream at that place (a gap), or, with the later changes renumbered
# and chained again, its last change, which the signed log does not hold (exit 74 each).
ws_sid=$(sql "SELECT sid FROM streams WHERE athlete_id = '$jane'")
target=$((dumped + 2))
dump club "$work/converged.dump"
runs() {
  sql "SELECT r.sseq, r.n, l.gseq, encode(r.head, 'hex'), encode(r.body, 'hex')
    FROM runs r JOIN log_runs l ON l.sid = r.sid AND l.seq = r.sseq
    WHERE r.sid = $ws_sid ORDER BY r.sseq" | tr '|' ' '
}
for mode in gap rechain; do
  kill "$(cat "$work/s1.pid")" && rm "$work/s1.pid"
  restore club "$work/converged.dump"
  flag=$([ "$mode" = rechain ] && echo --rechain || true)
  runs | python3 "$root/Tests/e2e/envelope.py" drop "$ws" "$ws_sid" "$target" $flag |
    psql -q -h 127.0.0.1 -p "$port" -U coach -d club >/dev/null
  serve_as s1 club "${url##*:}"
  on a sync invite --json >"$work/invite.json" || fail "invite ($mode)"
  field code <"$work/invite.json" >"$secrets/code"
  set +e
  on "join-$mode" sync join --server "$url" --workspace-id "$ws" --as olivia \
    --code-file "$secrets/code" --passphrase-file "$secrets/olivia" \
    >"$work/drop-$mode.out" 2>"$work/drop-$mode.err"
  code=$?
  set -e
  [ "$code" = 74 ] || fail "a dropped change ($mode) gave exit $code: $(cat "$work/drop-$mode.err")"
  grep -q "$jane" "$work/drop-$mode.err" || fail "no stream named: $(cat "$work/drop-$mode.err")"
done
grep -q "change $((target + 1)) where $target was due" "$work/drop-gap.err" ||
  fail "the gap is not named: $(cat "$work/drop-gap.err")"
grep -q "stream at $target is not in the server.s signed log" "$work/drop-rechain.err" ||
  fail "the rechained stream is not refused by the log: $(cat "$work/drop-rechain.err")"

# Fork: two servers with the one key, each on a database cloned from the converged one; the
# proxy at the address both machines know routes B to the second and A to the first. B writes
# and syncs, A writes more and syncs; then B is routed to A's server and refuses it (exit 74),
# naming the fork, its export unchanged.
kill "$(cat "$work/s1.pid")" && rm "$work/s1.pid"
restore club "$work/converged.dump"
psql -q -h 127.0.0.1 -p "$port" -U coach -d postgres -c "CREATE DATABASE forkb TEMPLATE club"
known=${url##*:}
serve_as s1 club
first=${url##*:}
serve_as s2 forkb
second=${url##*:}
echo "route $second" >"$work/route"
CUTPROXY_PORT=$known python3 "$root/Tests/e2e/cutproxy.py" "$work/proxy.port" "$first" \
  "$work/route" "$work/proxy.log" &
echo $! >"$work/proxy.pid"
for _ in $(seq 50); do [ -f "$work/proxy.port" ] && break; sleep 0.1; done
on b log mood 2 -a jane --date 2026-11-24 --notes "B on the second server" >/dev/null
on b sync >/dev/null || fail "B's sync with the second server"
echo "route $first" >"$work/route"
on a log mood 5 -a jane --date 2026-11-24 --notes "A on the first server" >/dev/null
on a log mood 5 -a jane --date 2026-11-25 --notes "A again on the first server" >/dev/null
on a sync >/dev/null || fail "A's sync with the first server"
on b export -a jane >"$work/fork-before-b.json"
set +e
on b sync >"$work/fork-b.out" 2>"$work/fork-b.err"
code=$?
set -e
[ "$code" = 74 ] || fail "a forked server gave exit $code on B: $(cat "$work/fork-b.err")"
grep -q "forked" "$work/fork-b.err" || fail "B's refusal names no fork: $(cat "$work/fork-b.err")"
on b export -a jane >"$work/fork-after-b.json"
cmp -s "$work/fork-before-b.json" "$work/fork-after-b.json" || fail "the fork changed B's export"
# The evidence: the two signed heads, of one key, with different roots.
on b sync status --evidence "$work/ev.json" >/dev/null || fail "sync status --evidence on B"
python3 - "$work/ev.json" <<'PY' || fail "the evidence: $(cat "$work/ev.json")"
import json, sys
heads = json.load(open(sys.argv[1]))["heads"]
assert len(heads) == 2, heads
assert heads[0]["key_id"] == heads[1]["key_id"], heads
assert heads[0]["root"] != heads[1]["root"], heads
assert {h["role"] for h in heads} == {"held", "served"}, heads
PY
echo "sync-log: OK (rollback, reset and 3 changes given back once; dropped change; fork)"
