#!/usr/bin/env bash
# Every README sh block marked `readme-test: server` runs here, line by line, against a real
# coach-server on a throw-away PostgreSQL cluster (issue 30: each block as written). What a
# reader would change for their own machine is substituted, and only that: the example server
# address becomes the test server's, the example workspace id the published one, the example
# database URL the test cluster's, `--listen 0.0.0.0:8080` a loopback port the server picks
# (and the server runs in the background), and the server's release build is the debug build
# the suite already made (`-c release` is dropped; the build line itself runs). `createdb`
# reaches the cluster through PGHOST and PGPORT, as it would a reader's. Prompts are answered
# on a pseudo-terminal (ptyanswer.py), as a reader types them. Machines are separate folders.
# Each line must exit 0; the join block must leave jane's data on the joined laptop.
#
# Needs: .build/debug/coach, Server/.build/debug/coach-server, PostgreSQL's initdb, pg_ctl,
# createdb, psql. Exits non-zero on the first failed line; never skips.
set -euo pipefail
. "$(dirname "$0")/lib.sh" readme-server

# The README's blocks with the server marker, one file per block, continuation lines joined.
python3 - "$root/README.md" "$work/blocks" <<'EOF'
import os, re, sys
text = open(sys.argv[1]).read().split("\n")
out = sys.argv[2]
os.makedirs(out)
n, i = 0, 0
while i < len(text):
    if re.match(r"<!-- readme-test: server\b", text[i]) and text[i + 1] == "```sh":
        lines, j = [], i + 2
        while text[j] != "```":
            line = re.sub(r"\s+#.*$", "", text[j]).rstrip()
            if lines and lines[-1].endswith("\\"):
                lines[-1] = lines[-1][:-1] + " " + line.strip()
            elif line.strip():
                lines.append(line.strip())
            j += 1
        n += 1
        open(f"{out}/{n:02d}", "w").write("\n".join(lines) + "\n")
        i = j
    i += 1
EOF
count=$(ls "$work/blocks" | wc -l)
[ "$count" -ge 4 ] || fail "expected at least 4 server blocks in README.md, found $count"

start_cluster
database=postgres://coach@127.0.0.1:$port/club

secrets=$work/secrets
mkdir -p "$secrets" && chmod 700 "$secrets"
printf 'readme owner passphrase\n' >"$secrets/olivia"
printf 'readme athlete passphrase\n' >"$secrets/jane"
chmod 600 "$secrets"/*
# A machine: its own home, state, workspace file; coach and coach-server on its PATH.
on() {
  local dir=$work/$1
  shift
  mkdir -p "$dir"/{home,state,data,run} && chmod -R 700 "$dir"
  env -i PATH="$root/.build/debug:$root/Server/.build/debug:$PATH" HOME="$dir/home" \
    XDG_STATE_HOME="$dir/state" XDG_DATA_HOME="$dir/data" XDG_RUNTIME_DIR="$dir/run" \
    COACH_WORKSPACE="$dir/data/ws.sqlite" PGHOST=127.0.0.1 PGPORT="$port" PGUSER=coach \
    "$@"
}
url="" ws=""
# Runs one README line on a machine, with the reader's substitutions; prompts answered from
# the PROMPT=FILE pairs after the line.
line() { # machine line [PROMPT=FILE ...]
  local cmd=$2
  cmd=${cmd//https:\/\/club.example.org/$url}
  cmd=${cmd//https:\/\/club.example/$url}
  cmd=${cmd//0b5e…/$ws}
  cmd=${cmd//postgres:\/\/coach@127.0.0.1:5432\/club/$database}
  cmd=${cmd//swift build -c release/swift build}
  if [[ $cmd == *"serve "*"--listen 0.0.0.0:8080"* ]]; then
    cmd=${cmd//0.0.0.0:8080/127.0.0.1:0}
    echo "+ [$1] $cmd &"
    # The server's own pid (bash execs it) is what the clean-up stops.
    (cd "$root" && on "$1" bash -c "echo \$\$ >'$work/server.pid'; exec $cmd" \
      >"$work/serve.log" 2>&1) &
    for _ in $(seq 100); do grep -q "listening on http" "$work/serve.log" && break; sleep 0.1; done
    url=$(grep -o "http://127.0.0.1:[0-9]*" "$work/serve.log" | head -1)
    [ -n "$url" ] || fail "the server block's serve line did not start: $(cat "$work/serve.log")"
    return
  fi
  echo "+ [$1] $cmd"
  local machine=$1
  shift 2
  (cd "$root" && on "$machine" python3 "$root/Tests/e2e/ptyanswer.py" "$@" -- bash -c "$cmd") \
    </dev/null >"$work/out" 2>&1 ||
    fail "README line failed on $1: $cmd: $(tail -3 "$work/out")"
}
block() { # machine block-file [PROMPT=FILE ...]: every line of the block
  local machine=$1 file=$2
  shift 2
  while IFS= read -r l; do line "$machine" "$l" "$@"; done <"$file"
}
find_block() { grep -l -- "$1" "$work/blocks"/* | head -1; }

# The server: the club's block (build, createdb, migrate, serve).
server_block=$(find_block "coach-server migrate") || fail "no server block"
block server "$server_block"

# The owner's machine: a workspace with jane, then the publish-and-sync block.
on a coach init --owner olivia --kdf interactive --new-passphrase-file "$secrets/olivia" \
  >/dev/null
on a coach unlock --as olivia --passphrase-file "$secrets/olivia" >/dev/null
on a coach athlete add jane --name "Jane Doe" --time-zone Europe/Berlin >/dev/null
on a coach user add jane --role athlete --athlete jane --new-passphrase-file "$secrets/jane" \
  >/dev/null
on a coach log mood 4 -a jane --date 2026-11-20 --notes "readme canary" >/dev/null
block a "$(find_block "coach sync publish")"

# The invite block: its lines for jane and for the owner herself; jane's code and the
# workspace id are read from what the line for her printed, as the owner would pass them on.
invite_block=$(find_block "coach sync invite")
while IFS= read -r l; do
  line a "$l"
  if [[ $l == *"--for jane"* ]]; then
    grep -oE '[A-Z2-7]{4}(-[A-Z2-7]{4}){5}' "$work/out" | tail -1 >"$secrets/code"
    ws=$(grep -oE '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}' "$work/out" |
      head -1)
  fi
done <"$invite_block"
[ -s "$secrets/code" ] || fail "the invite block printed no code for jane"
[ -n "$ws" ] || fail "the invite block printed no workspace id"

# Jane's laptop: the join block, answering its two prompts (code, then passphrase).
block laptop "$(find_block "coach sync join")" "Invitation code:=$secrets/code" \
  "Passphrase for jane:=$secrets/jane"
on laptop coach log show -a jane --json | grep -q "readme canary" ||
  fail "the joined laptop does not hold jane's check-in"
echo "readme-server: $count README blocks ran against a real server"
