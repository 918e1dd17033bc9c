# Sourced by the client sync benchmarks (sync.sh, sync-coach-pull.sh): a throw-away PostgreSQL
# cluster (fsync on) in $work and a coach-server on loopback against it, both stopped and $work
# removed on exit. Needs $work (an empty folder) and $server (the coach-server binary); sets
# $url. Needs initdb, pg_ctl and psql.
pgbin=$(dirname "$(readlink -f "$(command -v initdb)")")
port=$((20000 + RANDOM % 20000))
as_pg=()
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$work"; as_pg=(runuser -u postgres --); fi
cleanup() {
  [ -f "$work/serve.pid" ] && kill "$(cat "$work/serve.pid")" 2>/dev/null || true
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
"${as_pg[@]}" "$pgbin/initdb" -D "$work/data" -A trust -U coach -E UTF8 --locale=C.UTF-8 \
  >/dev/null
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/data" -w -l "$work/pg.log" \
  -o "-k $work -p $port -c listen_addresses=127.0.0.1" start >/dev/null
psql -q -h 127.0.0.1 -p "$port" -U coach -d postgres -c "CREATE DATABASE club"
export COACH_SERVER_DATABASE=postgres://coach@127.0.0.1:$port/club
"$server" migrate >/dev/null 2>&1
"$server" keygen --out "$work/server.key" >/dev/null
export COACH_SERVER_KEY_FILE=$work/server.key
"$server" serve --listen 127.0.0.1:0 >"$work/serve.log" 2>&1 &
echo $! >"$work/serve.pid"
for _ in $(seq 100); do grep -q "listening on http" "$work/serve.log" && break; sleep 0.1; done
url=$(grep -o "http://127.0.0.1:[0-9]*" "$work/serve.log" | head -1)
