#!/usr/bin/env bash
# The import benchmark: coach's importers against their peers on the same files, in one run.
#
#   Apple Health  a generated export of RECORDS top-level records (gen_apple_health.py, seed 42):
#                 `xmllint --stream --noout` (the C floor, parse only), `healthkit-to-sqlite` (pip),
#                 and `coach import` of the zip into a fresh workspace (parse, encrypt, write).
#   FIT           FIT_FILES three-hour 1 Hz rides: Python `fitdecode` reading every frame, and
#                 `coach import --dry-run` (decode, build workouts with samples and NP, validate).
#
# Wall time and peak RSS come from /usr/bin/time -v. Needs python3 with venv and pip (a virtual
# environment is made in DIR), xmllint (libxml2-utils), sqlite3, and the shared generators.
# Usage: Benchmarks/imports.sh COACH_BINARY DIR [RECORDS] [FIT_FILES] [DISTINCT_FIT_FILES]
# (FIT_FILES 0 runs the Apple Health part only.)
set -euo pipefail
coach=$(realpath "$1") dir=$2 records=${3:-1000000} fits=${4:-200} distinct=${5:-4}
tools=${COACH_SHARED_TOOLS:-/work/shared/data/tools}
mkdir -p "$dir" && dir=$(realpath "$dir")
venv="$dir/venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -c 'import fitdecode, fit_tool' 2>/dev/null \
  || "$venv/bin/pip" install -q fitdecode fit-tool healthkit-to-sqlite

measure() {  # NAME COMMAND… → "NAME wall_seconds peak_kB cpu_seconds" on stdout
  local name=$1; shift
  local log="$dir/time-$name.log"
  /usr/bin/time -v "$@" >"$dir/out-$name.log" 2>"$log" || { echo "$name failed:"; tail -5 "$log"; }
  local wall rss cpu
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log" \
    | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$log")
  echo "$name $wall $rss $cpu"
}

# --- Apple Health -------------------------------------------------------------------------------
# healthkit-to-sqlite stops on exports carrying both 'meal' and 'Meal' metadata keys (real ones
# do), so the shared file is generated with the lower-case key only; coach reads both forms.
ah="$dir/ah-$records"
[ -f "$ah/export.zip" ] || python3 "$tools/gen_apple_health.py" --records "$records" --seed 42 \
  --out "$ah" --keep-xml --meal-keys lower >/dev/null
ws="$dir/ws" && rm -rf "$ws" && mkdir -p "$ws/run" && chmod 700 "$ws" "$ws/run"
export COACH_WORKSPACE="$ws/ws.sqlite" XDG_RUNTIME_DIR="$ws/run"
printf 'benchmark passphrase\n' >"$ws/pw" && chmod 600 "$ws/pw"
"$coach" init --owner owner --kdf interactive --new-passphrase-file "$ws/pw" >/dev/null
"$coach" unlock --as owner --passphrase-file "$ws/pw" >/dev/null
"$coach" athlete add a1 --name "Athlete One" --time-zone America/Los_Angeles >/dev/null
rm -f "$dir/hk.db"
results=$(
  measure xmllint xmllint --stream --noout "$ah/export.xml"
  measure healthkit-to-sqlite "$venv/bin/healthkit-to-sqlite" "$ah/export.zip" "$dir/hk.db"
  measure coach-ah "$coach" import "$ah/export.zip" --athlete a1 --quiet --json
)
echo "$results"
rows=$(sqlite3 "$ws/ws.sqlite" "SELECT COUNT(*) FROM records WHERE kind NOT IN ('profile','week')")
python3 - "$records" "$rows" <<PY
import sys
records, rows = int(sys.argv[1]), int(sys.argv[2])
r = {l.split()[0]: (float(l.split()[1]), int(l.split()[2]), float(l.split()[3]))
     for l in """$results""".splitlines()}
x, h, c = r["xmllint"], r["healthkit-to-sqlite"], r["coach-ah"]
print(f"Apple Health, {records} records ({rows} rows written by coach):")
for name, (s, kb, cpu) in r.items():
    print(f"  {name:22s} {s:8.2f} s wall {cpu:8.2f} s cpu  {records / s:10.0f} records/s"
          f"  peak {kb / 1024:7.1f} MB")
print(f"  coach vs healthkit-to-sqlite: {h[0] / c[0]:.1f}x the records/s by wall time,"
      f" {h[2] / c[2]:.1f}x by CPU time (target >= 10x)")
print(f"  coach vs xmllint --stream:    {c[0] / x[0]:.2f}x its wall time, {c[2] / x[2]:.2f}x its"
      " CPU time (target <= 3x)")
print(f"  coach peak RSS {c[1] / 1024:.1f} MB (target < 150 MB)")
PY

# --- FIT ----------------------------------------------------------------------------------------
[ "$fits" -gt 0 ] || exit 0  # FIT_FILES=0: the Apple Health part only
# The generator needs minutes per three-hour file, so DISTINCT files are generated and copied
# to FIT_FILES (decoding work is the same per copy).
fitdir="$dir/fit-$fits"
if [ ! -f "$fitdir/done" ]; then
  mkdir -p "$dir/fit-distinct" "$fitdir"
  for s in $(seq 1 "$distinct"); do
    [ -f "$dir/fit-distinct/ride_$s.fit" ] || "$venv/bin/python" "$tools/gen_fit.py" --sport ride \
      --hours 3 --seed "$s" --out "$dir/fit-distinct/ride_$s" >/dev/null
  done
  for i in $(seq 1 "$fits"); do
    cp "$dir/fit-distinct/ride_$(( (i - 1) % distinct + 1 )).fit" "$fitdir/ride_$i.fit"
  done
  touch "$fitdir/done"
fi
cat >"$dir/fitdecode_all.py" <<'PY'
import sys, fitdecode
frames = 0
for path in sys.argv[1:]:
    with fitdecode.FitReader(path) as fit:
        for frame in fit:
            frames += 1
print(frames)
PY
fitresults=$(
  measure fitdecode "$venv/bin/python" "$dir/fitdecode_all.py" "$fitdir"/*.fit
  measure coach-fit "$coach" import fit "$fitdir"/*.fit --athlete a1 --dry-run --quiet --json
)
echo "$fitresults"
python3 - "$fits" <<PY
import sys
n = int(sys.argv[1])
r = {l.split()[0]: (float(l.split()[1]), int(l.split()[2]), float(l.split()[3]))
     for l in """$fitresults""".splitlines()}
f, c = r["fitdecode"], r["coach-fit"]
print(f"FIT, {n} three-hour 1 Hz files:")
for name, (s, kb, cpu) in r.items():
    print(f"  {name:22s} {s:8.2f} s wall {cpu:8.2f} s cpu  {s / n * 1000:8.1f} ms/file"
          f"  peak {kb / 1024:7.1f} MB")
print(f"  coach vs fitdecode: {f[0] / c[0]:.1f}x faster by wall time, {f[2] / c[2]:.1f}x by CPU"
      " time (target >= 50x)")
PY
