#!/usr/bin/env bash
# The club server under load: a release coach-server on a throw-away PostgreSQL cluster
# (fsync on, default settings), CLIENTS concurrent clients pushing athlete-day batches of
# CHANGES signed changes (DAYS per athlete, ATHLETES athletes, each athlete's pushes one
# device's chain), then the storage per record.
# Usage: Benchmarks/sync-server.sh [ATHLETES [DAYS [CLIENTS [CHANGES]]]]   (100 10 8 15)
set -euo pipefail
athletes=${1:-100} days=${2:-10} clients=${3:-8} changes=${4:-15}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here/Server"
swift build -c release --product coach-server >/dev/null
swift build -c release --product coach-sync-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
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
"$bin/coach-server" serve --database "$url" --listen 127.0.0.1:0 >"$tmp/serve.out" 2>"$tmp/serve.err" &
server=$!
for _ in $(seq 1 100); do [ -s "$tmp/serve.out" ] && break; sleep 0.1; done
base=$(head -1 "$tmp/serve.out" | sed 's/.* //')
echo "coach-server at $base; $athletes athletes x $days days, $clients clients, $changes changes a push"
"$bin/coach-sync-bench" "$base" "$athletes" "$days" "$clients" "$changes"
psql -d club -c "SELECT 'storage per record: ' || round((pg_total_relation_size('changes')
  + pg_total_relation_size('objects'))::numeric / count(*)) || ' bytes (changes and objects,
  with indexes), envelope ' || round(avg(length(envelope))) || ' bytes' FROM changes"
