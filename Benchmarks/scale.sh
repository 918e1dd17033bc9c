#!/usr/bin/env bash
# The scale benchmark (issue 18): how views cost as athletes and years grow.
#
# Builds workspaces with coach-scale-gen (records written through the library in bulk, one
# transaction per athlete), then times each view against `coach whoami` in the same run
# (abtime.py: alternating A B A B …, medians of RUNS runs, median of the pairwise ratios).
# Workspaces are kept under DIR/<name> and reused when present (delete one to rebuild it).
#
# Usage: [ATHLETES=100] [ROSTER=1000] Benchmarks/scale.sh BIN_DIR DIR [RUNS] [SETS]
#   BIN_DIR  holds `coach` and `coach-scale-gen` of the same build (a release build)
#   SETS     any of: one (1 athlete at 1 y and at 10 y), t1 (100 × 1 y), t10 (100 × 10 y),
#            t3 (100 × 3 y, bytes per record), k3 (1,000 × 3 y); default "one t1 t10 t3"
#   ATHLETES and ROSTER change the 100 and the 1,000 (smaller runs on a busy machine)
set -euo pipefail
bin=$1 dir=$2 runs=${3:-5} sets=${4:-one t1 t10 t3}
n=${ATHLETES:-100} k=${ROSTER:-1000}
here=$(cd "$(dirname "$0")" && pwd)
end=2026-11-20 now=COACH_NOW=2026-11-20T18:00:00+01:00
mkdir -p "$dir"

setup() {  # NAME then GEN-ARGS… (PREFIX FIRST LAST DAYS), repeated as groups of four
  local name=$1; shift
  local ws="$dir/$name"
  [ -f "$ws/ws.sqlite" ] && return 0
  rm -rf "$ws" && mkdir -p "$ws/run" && chmod 700 "$ws" "$ws/run"
  printf 'bench-owner-passphrase\n' > "$ws/owner.pw"
  local env=(env COACH_WORKSPACE="$ws/ws.sqlite" XDG_RUNTIME_DIR="$ws/run" "$now")
  "${env[@]}" "$bin/coach" init --owner owner --new-passphrase-file "$ws/owner.pw" \
    --kdf interactive >/dev/null
  "${env[@]}" "$bin/coach" unlock --as owner --passphrase-file "$ws/owner.pw" >/dev/null
  local start=$SECONDS
  while [ $# -gt 0 ]; do
    "${env[@]}" nice "$bin/coach-scale-gen" "$1" "$2" "$3" "$4" "$end"
    shift 4
  done
  echo "# $name built in $((SECONDS - start)) s" >&2
}

envs() { echo "--env-a COACH_WORKSPACE=$dir/$1/ws.sqlite --env-a XDG_RUNTIME_DIR=$dir/$1/run \
  --env-a $now --env-b COACH_WORKSPACE=$dir/$1/ws.sqlite --env-b XDG_RUNTIME_DIR=$dir/$1/run \
  --env-b $now"; }

bench() {  # LABEL WORKSPACE ARGS…: the command (A) against whoami (B) in the same run
  local label=$1 ws=$2; shift 2
  printf '%-30s ' "$label"
  # shellcheck disable=SC2046
  python3 "$here/abtime.py" -n "$runs" $(envs "$ws") "$bin/coach $*" "$bin/coach whoami"
}

bytes() {  # LABEL WORKSPACE: file bytes per record after a checkpoint
  local ws="$dir/$2/ws.sqlite"
  sqlite3 "$ws" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
  local size records
  size=$(stat -c %s "$ws")
  records=$(sqlite3 "$ws" 'SELECT COUNT(*) FROM records;')
  printf '%-30s %d bytes, %d records: %.1f bytes per record\n' "$1" "$size" "$records" \
    "$(echo "$size / $records" | bc -l)"
  sqlite3 "$ws" "SELECT '  ' || name || ': ' || SUM(pgsize) FROM dbstat GROUP BY name \
    ORDER BY SUM(pgsize) DESC;" 2>/dev/null || true
}

for set in $sets; do
  case $set in
    one)
      setup one y 1 1 365 z 1 1 3650
      echo "== one athlete: 1 year (y1) vs 10 years (z1); A = the command, B = whoami"
      for who in y1 z1; do
        bench "metrics ($who)" one metrics --athlete "$who"
        bench "dashboard ($who)" one dashboard --athlete "$who"
        bench "log mood ($who)" one log mood 4 --athlete "$who"
      done ;;
    t1) setup "t1-$n" a 1 "$n" 365
      echo "== $n athletes × 1 year"; bench "team ($n × 1 y)" "t1-$n" team ;;
    t10) setup "t10-$n" a 1 "$n" 3650
      echo "== $n athletes × 10 years"; bench "team ($n × 10 y)" "t10-$n" team ;;
    t3) setup "t3-$n" a 1 "$n" 1095
      echo "== $n athletes × 3 years"; bench "team ($n × 3 y)" "t3-$n" team
      bytes "storage ($n × 3 y)" "t3-$n" ;;
    k3) setup "k3-$k" a 1 "$k" 1095
      echo "== $k athletes × 3 years"; bench "team ($k × 3 y)" "k3-$k" team
      bytes "storage ($k × 3 y)" "k3-$k" ;;
    *) echo "unknown set: $set" >&2; exit 64 ;;
  esac
done
