#!/usr/bin/env bash
# A coach's machine pulling one day of ATHLETES athletes (CHANGES check-ins each) from a real
# coach-server on a throw-away PostgreSQL cluster (fsync on), and applying it: `coach sync`
# timed as a whole process on the pulling machine, RUNS times (a new day pushed, untimed, by
# the writing machine before each run), with `coach whoami` there for scale.
# The puller is the owner's second machine (`sync join`), which reads every athlete as a coach
# holding them all would: each athlete's keys opened and each change verified and applied.
# Usage: Benchmarks/sync-coach-pull.sh COACH_BIN_DIR SERVER_BIN_DIR [RUNS [ATHLETES [CHANGES]]]
# (RUNS 3, ATHLETES 100, CHANGES 15); each run also prints the CPU time of coach itself
# (user + system, /usr/bin/time), the rest being the server, PostgreSQL and waiting.
# E.g. Benchmarks/sync-coach-pull.sh .build-rel/release Server/.build-rel/release.
# Needs initdb, pg_ctl, psql, python3 and /usr/bin/time.
set -euo pipefail
coach=$(readlink -f "$1")/coach server=$(readlink -f "$2")/coach-server
runs=${3:-3} athletes=${4:-100} changes=${5:-15}
work=$(mktemp -d /tmp/coach-pull-bench.XXXXXX)
# shellcheck source=Benchmarks/club-server.sh
. "$(dirname "$0")/club-server.sh"
printf 'bench passphrase one\n' >"$work/pass" && chmod 600 "$work/pass"
for name in writer puller; do
  machine=$work/$name
  mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
  cat >"$work/$name.env" <<ENV
PATH=$PATH
HOME=$machine/home
XDG_STATE_HOME=$machine/state
XDG_DATA_HOME=$machine/data
XDG_RUNTIME_DIR=$machine/run
COACH_WORKSPACE=$machine/data/ws.sqlite
ENV
done
on() { local name=$1; shift; env -i $(cat "$work/$name.env") "$coach" "$@"; }
on writer init --owner olivia --kdf interactive --new-passphrase-file "$work/pass" >/dev/null
on writer unlock --as olivia --passphrase-file "$work/pass" >/dev/null
for n in $(seq "$athletes"); do
  on writer athlete add "a$n" --name "Athlete $n" --time-zone Europe/Berlin >/dev/null
done
on writer sync publish --server "$url" >/dev/null
on writer sync >/dev/null
on writer sync invite --json >"$work/invite.json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); open(sys.argv[2],"w").write(d["code"]); print(d["workspace"])' \
  "$work/invite.json" "$work/code" >"$work/ws"
chmod 600 "$work/code"
on puller sync join --server "$url" --workspace-id "$(cat "$work/ws")" --as olivia \
  --code-file "$work/code" --passphrase-file "$work/pass" >/dev/null
on puller sync >/dev/null
day() { # run number: CHANGES check-ins for every athlete on one day, pushed by the writer
  local date
  date=$(date -u -d "2026-01-01 + $1 days" +%F)
  for n in $(seq "$athletes"); do
    { echo "day,mood,notes"
      for i in $(seq "$changes"); do echo "$date,$((1 + i % 5)),check-in $i of a$n"; done
    } >"$work/day.csv"
    on writer import "$work/day.csv" -a "a$n" >/dev/null
  done
  on writer sync >/dev/null
}
echo "coach sync pulling $athletes athletes x $changes changes from $url: $runs runs," \
  "load $(cut -d' ' -f1-3 /proc/loadavg)"
ms() { # command...: runs it on the puller, prints its wall time in milliseconds
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%U %S" -o "$work/cpu" env -i $(cat "$work/puller.env") "$coach" "$@" \
    >"$work/out" 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}
pulls=() whoamis=()
for run in $(seq "$runs"); do
  day "$run"
  pulls+=("$(ms sync)")
  said=$(grep -m1 . "$work/out" || true)
  cpu=$(awk '{printf "%.0f", ($1 + $2) * 1000}' "$work/cpu")
  whoamis+=("$(ms whoami)")
  echo "  run $run: sync ${pulls[-1]} ms (coach's own CPU $cpu ms; $said), whoami ${whoamis[-1]} ms"
done
python3 - "${#pulls[@]}" "${pulls[@]}" "${whoamis[@]}" "$athletes" "$changes" <<'PY'
import statistics, sys
n = int(sys.argv[1])
pulls, whoamis = list(map(int, sys.argv[2:2 + n])), list(map(int, sys.argv[2 + n:2 + 2 * n]))
athletes, changes = int(sys.argv[-2]), int(sys.argv[-1])
print(f"pull and apply of {athletes * changes} changes: median {statistics.median(pulls):.0f} ms"
      f" (min {min(pulls)}, max {max(pulls)}); whoami median {statistics.median(whoamis):.0f} ms")
PY
