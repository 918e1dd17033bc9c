#!/usr/bin/env bash
# Sets up the foundation benchmark: a workspace with 200 athletes and a live session.
# Usage: Benchmarks/foundation.sh COACH_BINARY DIR
# Then time, with the environment it prints:
#   coach whoami; coach athlete list; coach unlock --as owner --passphrase-file DIR/owner.pw
set -euo pipefail
coach=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir"
export COACH_WORKSPACE="$dir/ws.sqlite" XDG_RUNTIME_DIR="$dir/run"
printf 'bench-owner-passphrase\n' > "$dir/owner.pw"
"$coach" init --owner owner --new-passphrase-file "$dir/owner.pw" >/dev/null
"$coach" unlock --as owner --passphrase-file "$dir/owner.pw" >/dev/null
for i in $(seq 1 200); do
  "$coach" athlete add "a$i" --name "Athlete $i" --sport cycling --ftp $((180 + i % 120)) --lthr 165 \
     --weight 70kg --time-zone Europe/Berlin >/dev/null
done
echo "export COACH_WORKSPACE=$COACH_WORKSPACE XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR"
