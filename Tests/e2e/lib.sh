# Shared set-up of the end-to-end scripts, sourced as `. "$(dirname "$0")/lib.sh" NAME`: the
# binaries, a work folder /tmp/coach-NAME.XXXXXX, a throw-away PostgreSQL cluster on a private
# socket and port (run as the postgres user when root), the server, and the clean-up on exit
# (every process whose pid file is in the work folder, the cluster, and the folder unless KEEP
# is set); the helpers `passphrases`, `on` (one machine) and `field` (one JSON field).
# shellcheck shell=bash
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
coach=$root/.build/debug/coach
server=$root/Server/.build/debug/coach-server
bin=$(dirname "$(readlink -f "$(command -v initdb)")")
work=$(mktemp -d "/tmp/coach-$1.XXXXXX")
port=$((20000 + RANDOM % 20000))
as_pg=()
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$work"; as_pg=(runuser -u postgres --); fi
cleanup() {
  for pid in "$work"/*.pid; do
    [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true
  done
  "${as_pg[@]}" "$bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Starts the cluster; with an argument, also creates the database `club`, points
# COACH_SERVER_DATABASE at it and migrates it.
start_cluster() {
  "${as_pg[@]}" "$bin/initdb" -D "$work/data" -A trust -U coach --no-sync -E UTF8 \
    --locale=C.UTF-8 >/dev/null
  "${as_pg[@]}" "$bin/pg_ctl" -D "$work/data" -w -l "$work/pg.log" \
    -o "-k $work -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  [ $# = 0 ] && return 0
  psql -q -h 127.0.0.1 -p "$port" -U coach -d postgres -c "CREATE DATABASE club"
  export COACH_SERVER_DATABASE=postgres://coach@127.0.0.1:$port/club
  "$server" migrate >/dev/null 2>&1
}

# Starts the server (with COACH_SERVER_CRASH=$1 when given), stopping one already running,
# and sets $url to the address it printed; its key is $work/server.key, made on first use.
serve() {
  [ -f "$work/serve.pid" ] && kill "$(cat "$work/serve.pid")" 2>/dev/null || true
  # The key that signs tree heads: one per script, in a file (never in argv).
  [ -f "$work/server.key" ] || "$server" keygen --out "$work/server.key" >/dev/null
  export COACH_SERVER_KEY_FILE=$work/server.key
  : >"$work/serve.log"
  env COACH_SERVER_CRASH="${1:-}" "$server" serve --listen 127.0.0.1:0 >"$work/serve.log" 2>&1 &
  echo $! >"$work/serve.pid"
  for _ in $(seq 50); do grep -q "listening on http" "$work/serve.log" && break; sleep 0.1; done
  url=$(grep -o "http://127.0.0.1:[0-9]*" "$work/serve.log" | head -1)
  [ -n "$url" ] || fail "the server did not start"
}

# Writes passphrase files into $secrets, a folder only its owner reads:
# `passphrases NAME 'PASSPHRASE' ...` makes $secrets/NAME for each pair.
passphrases() {
  secrets=$work/secrets
  mkdir -p "$secrets" && chmod 700 "$secrets"
  while [ $# -ge 2 ]; do
    printf '%s\n' "$2" >"$secrets/$1" && chmod 600 "$secrets/$1"
    shift 2
  done
}

# `on MACHINE COMMAND...` runs coach on a machine of its own: a home, state and workspace
# file under $work/MACHINE, and nothing of the caller's environment but PATH.
on() {
  local dir=$work/$1
  shift
  mkdir -p "$dir"/{home,state,data,run} && chmod -R 700 "$dir"
  env -i PATH="$PATH" HOME="$dir/home" XDG_STATE_HOME="$dir/state" XDG_DATA_HOME="$dir/data" \
    XDG_RUNTIME_DIR="$dir/run" COACH_WORKSPACE="$dir/data/ws.sqlite" "$coach" "$@"
}

# `field NAME` prints the field NAME of the JSON object on stdin.
field() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }

# `serve_as NAME DB [PORT]` starts a server NAME (pid file $work/NAME.pid, log $work/NAME.log)
# on the cluster's database DB with the script's key, listening on PORT (else a free port),
# stopping one of that name already running; sets $url to its address.
serve_as() {
  local name=$1 db=$2 listen=${3:-0}
  [ -f "$work/$name.pid" ] && kill "$(cat "$work/$name.pid")" 2>/dev/null || true
  [ -f "$work/server.key" ] || "$server" keygen --out "$work/server.key" >/dev/null
  : >"$work/$name.log"
  env COACH_SERVER_KEY_FILE="$work/server.key" \
    COACH_SERVER_DATABASE="postgres://coach@127.0.0.1:$port/$db" \
    "$server" serve --listen "127.0.0.1:$listen" >"$work/$name.log" 2>&1 &
  echo $! >"$work/$name.pid"
  for _ in $(seq 50); do grep -q "listening on http" "$work/$name.log" && break; sleep 0.1; done
  url=$(grep -o "http://127.0.0.1:[0-9]*" "$work/$name.log" | head -1)
  [ -n "$url" ] || fail "server $name did not start: $(cat "$work/$name.log")"
}

# `dump DB FILE` writes DB in PostgreSQL's custom format; `restore DB FILE` drops DB (closing
# its connections), creates it again and restores FILE into it.
dump() { "$bin/pg_dump" -Fc -h 127.0.0.1 -p "$port" -U coach -f "$2" "$1"; }
restore() {
  psql -q -h 127.0.0.1 -p "$port" -U coach -d postgres -c "DROP DATABASE $1 WITH (FORCE)" \
    -c "CREATE DATABASE $1"
  "$bin/pg_restore" -h 127.0.0.1 -p "$port" -U coach -d "$1" "$2"
}
