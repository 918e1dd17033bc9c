#!/usr/bin/env python3
"""Times two commands as whole processes, alternately (A B A B ...), after one warm-up each.

Prints the median wall time of each and the median of the pairwise ratios A/B, which holds up
when the machine's speed drifts during the run. Standard library only.

Usage: abtime.py [-n RUNS] [--env K=V ...] -- 'COMMAND A' 'COMMAND B'
"""
import argparse
import os
import shlex
import statistics
import subprocess
import time


def run(cmd, env):
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main():
    p = argparse.ArgumentParser()
    p.add_argument("-n", type=int, default=7)
    p.add_argument("--env-a", action="append", default=[])
    p.add_argument("--env-b", action="append", default=[])
    p.add_argument("a")
    p.add_argument("b")
    args = p.parse_args()
    env_a = dict(os.environ, **dict(kv.split("=", 1) for kv in args.env_a))
    env_b = dict(os.environ, **dict(kv.split("=", 1) for kv in args.env_b))
    a, b = shlex.split(args.a), shlex.split(args.b)
    run(a, env_a), run(b, env_b)
    ta, tb = [], []
    for _ in range(args.n):
        ta.append(run(a, env_a))
        tb.append(run(b, env_b))
    ratios = [x / y for x, y in zip(ta, tb)]
    print(f"A median {statistics.median(ta) * 1000:.1f} ms  B median {statistics.median(tb) * 1000:.1f} ms  "
          f"A/B median {statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
