#!/usr/bin/env bash
# Sets up the views benchmark: ATHLETES athletes, each with DAYS days of generated daily data
# (about 10 records a day), and a live owner session.
# Usage: Benchmarks/views.sh COACH_BINARY DIR ATHLETES DAYS
# Then time, with the environment it prints:
#   coach metrics --athlete a1; coach team; coach dashboard --athlete a1; coach log mood 4 --athlete a1
set -euo pipefail
coach=$1 dir=$2 athletes=$3 days=$4
here=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$dir" && mkdir -p "$dir"
export COACH_WORKSPACE="$dir/ws.sqlite" XDG_RUNTIME_DIR="$dir/run" COACH_NOW=2026-11-20T18:00:00+01:00
printf 'bench-owner-passphrase\n' > "$dir/owner.pw"
"$coach" init --owner owner --new-passphrase-file "$dir/owner.pw" --kdf interactive >/dev/null
"$coach" unlock --as owner --passphrase-file "$dir/owner.pw" >/dev/null
for i in $(seq 1 "$athletes"); do
  python3 "$here/Examples/generate_dataset.py" "a$i" "$days" 2026-11-20 "$i" > "$dir/data.json"
  "$coach" import json "$dir/data.json" --athlete "a$i" --create >/dev/null
done
rm -f "$dir/data.json"
echo "export COACH_WORKSPACE=$COACH_WORKSPACE XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR COACH_NOW=$COACH_NOW"
