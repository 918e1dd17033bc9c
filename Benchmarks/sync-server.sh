#!/usr/bin/env bash
# The club server under load: a release coach-server on a throw-away PostgreSQL cluster
# (fsync on, default settings), CLIENTS concurrent clients pushing athlete-day batches of
# CHANGES signed changes (DAYS per athlete, ATHLETES athletes, each athlete's pushes one
# device's chain), then the storage per record.
# Usage: Benchmarks/sync-server.sh [ATHLETES [DAYS [CLIENTS [CHANGES [GROW]]]]]   (100 10 8 15 0)
# With GROW days, the database is vacuumed (what autovacuum does between a club's mornings: the
# dead row versions of the rewritten object buckets, streams and devices become free space), the
# same athletes push GROW more days, and the bytes every table gained divided by the records
# they added is printed: a record's own cost, without the club's per-athlete and per-database
# rows, in a database that is vacuumed as a running one is.
# INBOX=1 measures the check-in inbox instead: ATHLETES phones each post DAYS (≤ 24) sealed
# check-ins from CLIENTS clients, then the bytes per stored item.
# COACH_BENCH_ENVELOPE=1 pushes version-1 envelopes (the byte form before the compact one);
# COACH_BENCH_BIN=DIR takes coach-server and coach-sync-bench from DIR instead of building
# them in release (the storage figures do not depend on the build; the timings do).
set -euo pipefail
athletes=${1:-100} days=${2:-10} clients=${3:-8} changes=${4:-15} grow=${5:-0}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here/Server"
if [ -n "${COACH_BENCH_BIN:-}" ]; then
  bin=$COACH_BENCH_BIN
else
  swift build -c release --product coach-server >/dev/null
  swift build -c release --product coach-sync-bench >/dev/null
  bin=$(swift build -c release --show-bin-path)
fi
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$pgbin/initdb" ] || { echo "initdb not found: apt-get install postgresql" >&2; exit 1; }
tmp=$(mktemp -d /tmp/coach-sync-bench.XXXXXX)
as=()
if [ "$(id -u)" = 0 ]; then chown postgres "$tmp"; as=(runuser -u postgres --); fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  "${as[@]}" "$pgbin/pg_ctl" -D "$tmp/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
"${as[@]}" "$pgbin/initdb" -D "$tmp/data" -A trust -U coach -E UTF8 --locale=C.UTF-8 >/dev/null
"${as[@]}" "$pgbin/pg_ctl" -D "$tmp/data" -w -l "$tmp/pg.log" \
  -o "-k $tmp -p $port -c listen_addresses=127.0.0.1" start >/dev/null
psql() { "$pgbin/psql" -h 127.0.0.1 -p "$port" -U coach -At "$@"; }
psql -d postgres -c "CREATE DATABASE club" >/dev/null
url="postgres://coach@127.0.0.1:$port/club"
"$bin/coach-server" migrate --database "$url" >/dev/null
# The tree-head key, in a file named by the environment (a COACH_BENCH_BIN build from before
# issue 27 has no keygen and needs no key).
"$bin/coach-server" keygen --out "$tmp/server.key" >/dev/null 2>&1 || true
export COACH_SERVER_KEY_FILE=$tmp/server.key
"$bin/coach-server" serve --database "$url" --listen 127.0.0.1:0 >"$tmp/serve.out" 2>"$tmp/serve.err" &
server=$!
for _ in $(seq 1 100); do [ -s "$tmp/serve.out" ] && break; sleep 0.1; done
base=$(head -1 "$tmp/serve.out" | sed 's/.* //')
echo "coach-server at $base; $athletes athletes x $days days, $clients clients, $changes changes a push"
# Every table's heap, indexes and the rest (TOAST, free-space and visibility maps), per record.
measure() {
  # Server migration 7 stores changes in runs (one row per pushed batch and stream); a server
  # before it (COACH_BENCH_BIN) one row per change.
  if [ "$(psql -d club -c "SELECT to_regclass('runs') IS NOT NULL")" = t ]; then
    records=$(psql -d club -c "SELECT sum(n) FROM runs") table=runs
    stored="round(avg(length(body)) / avg(n)) || ' bytes as stored (before compression)'"
    compressed="pg_column_size(body)"
  else
    records=$(psql -d club -c "SELECT count(*) FROM changes") table=changes
    stored="round(avg(length(envelope))) || ' bytes'" compressed="pg_column_size(envelope)"
  fi
  psql -d club -F ' ' -c "SELECT c.relname, pg_relation_size(c.oid), pg_indexes_size(c.oid),
    pg_total_relation_size(c.oid) - pg_relation_size(c.oid) - pg_indexes_size(c.oid)
  FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
    ORDER BY pg_total_relation_size(c.oid) DESC, 1" | awk -v n="$records" 'BEGIN { print "table: heap, indexes, toast (bytes per record)" }
    { t += $2 + $3 + $4; printf "  %s: %d, %d, %d (%.0f)\n", $1, $2, $3, $4, ($2 + $3 + $4) / n }
    END { printf "every table: %.0f bytes per record (%d records)\n", t / n, n }'
  # Server migration 8 keeps objects' versions in object_buckets, before it one row per object.
  objects=objects
  [ "$(psql -d club -c "SELECT to_regclass('object_buckets') IS NOT NULL")" = t ] && objects=object_buckets
  psql -d club -c "SELECT 'storage per record: ' || round((pg_total_relation_size('$table')
    + pg_total_relation_size('$objects'))::numeric / $records) || ' bytes ($table and $objects,
    with indexes), envelope ' || $stored || ', ' || round(sum($compressed)::numeric / $records)
    || ' compressed' FROM $table"
  every=$(psql -d club -c "SELECT sum(pg_total_relation_size(oid)) FROM pg_class
    WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'")
}
if [ "${INBOX:-}" = 1 ]; then
  # The check-in inbox (issue 28): each athlete's phone posts DAYS check-ins (at most 24, the
  # daily limit) with no session, then the inbox's bytes per stored item.
  COACH_BENCH_INBOX=1 "$bin/coach-sync-bench" "$base" "$athletes" "$days" "$clients" "$changes"
  psql -d club -c "VACUUM ANALYZE inbox" >/dev/null
  # Server migration 11 keeps an item's signed fields in binary, before it the JSON posted.
  if [ "$(psql -d club -c "SELECT count(*) FROM pg_attribute WHERE attrelid = 'inbox'::regclass
      AND attname = 'body'")" = 1 ]; then
    fields="length(body)"
  else
    fields="length(enc) + length(ciphertext) + length(signature) + length(device) + 16"
  fi
  psql -d club -c "SELECT 'inbox: ' || count(*) || ' items, ' || round(avg($fields))
    || ' bytes of fields each, ' || round(pg_total_relation_size('inbox')::numeric / count(*))
    || ' bytes per stored item (heap ' || round(pg_relation_size('inbox')::numeric / count(*))
    || ', indexes ' || round(pg_indexes_size('inbox')::numeric / count(*)) || ', the rest '
    || round((pg_total_relation_size('inbox') - pg_relation_size('inbox')
      - pg_indexes_size('inbox'))::numeric / count(*)) || ')' FROM inbox"
  exit 0
fi
if [ "$grow" -gt 0 ]; then
  coproc bench { "$bin/coach-sync-bench" "$base" "$athletes" "$days" "$clients" "$changes" "$grow"; }
  pid=${bench_PID:?coach-sync-bench did not start} out=${bench[0]:?} in=${bench[1]:?}
  line=
  while IFS= read -r line <&"$out"; do
    [ "$line" = "grown: waiting" ] && break
    echo "$line"
  done
  if [ "$line" != "grown: waiting" ]; then
    wait "$pid" || true
    echo "coach-sync-bench stopped before the growth (GROW needs a bench of this version)" >&2
    exit 1
  fi
  psql -d club -c "VACUUM" >/dev/null
  echo "after VACUUM:"
  measure
  before=$every before_records=$records
  echo "then $grow more days of the same athletes:"
  echo >&"$in"
  cat <&"$out"
  wait "$pid"
  psql -d club -c "VACUUM" >/dev/null
  echo "after VACUUM:"
  measure
  echo "each record added: $(( (every - before) / (records - before_records) )) bytes in every" \
    "table ($(( records - before_records )) records added)"
else
  "$bin/coach-sync-bench" "$base" "$athletes" "$days" "$clients" "$changes"
  measure
fi
# Server migration 9 (issue 27): the sequencer's rounds ran during the load; once it has
# logged what is left, the log's size, its signed heads and the rounds by outcome.
if [ "$(psql -d club -c "SELECT to_regclass('log_state') IS NOT NULL")" = t ]; then
  for _ in $(seq 1 100); do
    [ "$(psql -d club -c "SELECT count(*) FROM log_pending")" = 0 ] && break
    sleep 0.1
  done
  psql -d club -c "SELECT 'log: ' || (SELECT sum(size) FROM log_state) || ' leaves ('
    || (SELECT sum(n) FROM runs) || ' changes, ' || (SELECT count(*) FROM roster)
    || ' roster entries), ' || (SELECT count(*) FROM tree_heads) || ' signed heads, '
    || (SELECT count(*) FROM log_pending) || ' runs pending'"
  curl -s "$base/metrics" | grep '^coach_log_rounds_total' || true
fi
