#!/usr/bin/env bash
# coach sync against a real coach-server on a throw-away PostgreSQL cluster (fsync on), as
# ratios to `coach whoami` timed alternately in the same run: a sync with nothing to do, and
# one athlete's day (CHANGES check-ins logged untimed before each run) pushed and pulled.
# Usage: Benchmarks/sync.sh COACH_BIN_DIR SERVER_BIN_DIR [RUNS [CHANGES]]   (RUNS 7, CHANGES 15)
# e.g. Benchmarks/sync.sh .build/release Server/.build/release. Needs initdb, pg_ctl, psql.
set -euo pipefail
coach=$(readlink -f "$1")/coach server=$(readlink -f "$2")/coach-server
runs=${3:-7} changes=${4:-15}
work=$(mktemp -d /tmp/coach-sync-bench.XXXXXX)
# shellcheck source=Benchmarks/club-server.sh
. "$(dirname "$0")/club-server.sh"
machine=$work/machine
mkdir -p "$machine"/{home,state,data,run} && chmod -R 700 "$machine"
printf 'bench passphrase one\n' >"$machine/pass" && chmod 600 "$machine/pass"
cat >"$work/env" <<ENV
PATH=$PATH
HOME=$machine/home
XDG_STATE_HOME=$machine/state
XDG_DATA_HOME=$machine/data
XDG_RUNTIME_DIR=$machine/run
COACH_WORKSPACE=$machine/data/ws.sqlite
ENV
m() { env -i $(cat "$work/env") "$coach" "$@"; }
m init --owner olivia --kdf interactive --new-passphrase-file "$machine/pass" >/dev/null
m unlock --as olivia --passphrase-file "$machine/pass" >/dev/null
m athlete add jane --name "Jane Bench" --time-zone Europe/Berlin >/dev/null
m log mood 4 -a jane >/dev/null
m sync publish --server "$url" >/dev/null
m sync >/dev/null
echo "coach sync against coach-server at $url: $runs runs each, load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$coach" "$work/env" "$runs" "$changes" <<'PY'
import statistics, subprocess, sys, time
coach, envfile, runs, changes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
env = dict(line.rstrip("\n").split("=", 1) for line in open(envfile) if "=" in line)
def run(*args):
    start = time.perf_counter()
    done = subprocess.run([coach, *args], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        sys.exit(f"coach {' '.join(args)}: exit {done.returncode}: {done.stderr.decode()}")
    return time.perf_counter() - start
def day():
    for n in range(changes):
        run("log", "mood", str(1 + n % 5), "-a", "jane")
for name, prepare in (("no-op sync", None), (f"day sync ({changes} changes)", day)):
    run("whoami"), run("sync")  # warm-up
    ratios, syncs, whoamis = [], [], []
    for _ in range(runs):
        if prepare: prepare()
        s = run("sync")
        w = run("whoami")
        syncs.append(s); whoamis.append(w); ratios.append(s / w)
    print(f"{name}: {statistics.median(syncs) * 1000:.0f} ms, whoami "
          f"{statistics.median(whoamis) * 1000:.0f} ms, ratio median "
          f"{statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")
PY
