#!/usr/bin/env bash
# The application-layer benchmark: the same commands on the same data, built with the release
# binary from before the CoachApp layer (BEFORE) and with the current one (AFTER).
# Each binary gets its own workspaces (a newer binary migrates the file, which the older one
# would then refuse): ATHLETES athletes × DAYS days for the views, 200 athletes for the roster.
# Usage: Benchmarks/app-layer.sh BEFORE_BINARY AFTER_BINARY DIR [ATHLETES] [DAYS] [RUNS]
set -euo pipefail
before=$1 after=$2 dir=$3 athletes=${4:-100} days=${5:-1095} runs=${6:-7}
here=$(cd "$(dirname "$0")" && pwd)
# Build each workspace once with BEFORE, then give AFTER its own copy (it migrates its copy on
# first open) and its own session.
for kind in views roster; do
  if [ ! -d "$dir/before-$kind" ]; then
    if [ $kind = views ]; then "$here/views.sh" "$before" "$dir/before-$kind" "$athletes" "$days" >/dev/null
    else "$here/foundation.sh" "$before" "$dir/before-$kind" >/dev/null; fi
  fi
  rm -rf "$dir/after-$kind" && mkdir -p "$dir/after-$kind/run" && chmod 700 "$dir/after-$kind" "$dir/after-$kind/run"
  cp "$dir/before-$kind/owner.pw" "$dir/after-$kind/"
  sqlite3 "$dir/before-$kind/ws.sqlite" ".backup '$dir/after-$kind/ws.sqlite'"
  chmod 600 "$dir/after-$kind/ws.sqlite"
  COACH_WORKSPACE="$dir/after-$kind/ws.sqlite" XDG_RUNTIME_DIR="$dir/after-$kind/run" \
    "$after" unlock --as owner --passphrase-file "$dir/after-$kind/owner.pw" >/dev/null
done
now=COACH_NOW=2026-11-20T18:00:00+01:00
views() { echo "--env-a COACH_WORKSPACE=$dir/after-views/ws.sqlite --env-a XDG_RUNTIME_DIR=$dir/after-views/run \
  --env-a $now --env-b COACH_WORKSPACE=$dir/before-views/ws.sqlite --env-b XDG_RUNTIME_DIR=$dir/before-views/run \
  --env-b $now"; }
roster() { echo "--env-a COACH_WORKSPACE=$dir/after-roster/ws.sqlite --env-a XDG_RUNTIME_DIR=$dir/after-roster/run \
  --env-b COACH_WORKSPACE=$dir/before-roster/ws.sqlite --env-b XDG_RUNTIME_DIR=$dir/before-roster/run"; }
bench() {  # NAME ENV-OPTIONS ARGS…  (A = after, B = before)
  local name=$1 envs=$2; shift 2
  printf '%-28s ' "$name"
  # shellcheck disable=SC2086
  python3 "$here/abtime.py" -n "$runs" $envs "$after $*" "$before $*"
}
bench "whoami" "$(views)" whoami
bench "metrics (3 y)" "$(views)" metrics --athlete a1
bench "dashboard (3 y)" "$(views)" dashboard --athlete a1
bench "log mood (3 y)" "$(views)" log mood 4 --athlete a1
bench "team ($athletes × 3 y)" "$(views)" team
bench "athlete list (200)" "$(roster)" athlete list
