#!/usr/bin/env bash
# The plugin benchmark: `coach team` with one metric plugin added against the same command
# without it, on the same data (two copies of one workspace).
# Usage: Benchmarks/plugins.sh COACH_BINARY DIR ATHLETES DAYS [PLUGIN_EXECUTABLE] [RUNS]
# PLUGIN_EXECUTABLE defaults to the Python example (Examples/python/coach-metric-monotony).
# Prints the median wall time of each and the median ratio (with plugin / without); the issue
# asks for at most 1.5.
set -euo pipefail
coach=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$2 athletes=$3 days=$4
here=$(cd "$(dirname "$0")/.." && pwd)
plugin=${5:-$here/Examples/python/coach-metric-monotony}
runs=${6:-7}
eval "$("$here/Benchmarks/views.sh" "$coach" "$dir" "$athletes" "$days" | tail -1)"
plain=$COACH_WORKSPACE
with="$dir/ws-plugin.sqlite"
"$coach" backup --out "$with" >/dev/null
"$coach" unlock --as owner --passphrase-file "$dir/owner.pw" --workspace "$with" >/dev/null
# The plugin must be reachable by the unprivileged user coach runs plugins as (when root).
mkdir -p "$dir/plugins" && chmod 755 "$dir" "$dir/plugins"
cp "$plugin" "$dir/plugins/" && chmod 755 "$dir/plugins/$(basename "$plugin")"
"$coach" plugin add "$dir/plugins/$(basename "$plugin")" --yes --workspace "$with" >/dev/null
"$coach" team --workspace "$with" | head -3 || true
python3 "$here/Benchmarks/abtime.py" -n "$runs" \
  "$coach team --workspace $with" "$coach team --workspace $plain"
