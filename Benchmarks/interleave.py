#!/usr/bin/env python3
"""Times build commands interleaved: each command in turn, ROUNDS rounds after one
warm-up round, then the median wall and CPU time (user + system of the child) of each.

On a noisy machine, running configurations one after the other (as `hyperfine` does)
lets the machine's state drift between them; taking them in turn spreads the drift
over all of them. Each line also gives the median of the per-round ratios to the first
command (paired), which a slow spell moves less than the ratio of medians. Give each
configuration its own output folder, so that every run replaces an output of its own
kind.

    python3 Benchmarks/interleave.py 8 \\
      off="cvsite build /dev/shm/c10koff --output /dev/shm/o1" \\
      on="cvsite build /dev/shm/c10k --output /dev/shm/o2"
"""
import resource
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit("usage: interleave.py ROUNDS NAME=COMMAND...")
    rounds = int(sys.argv[1])
    cases = [argument.split("=", 1) for argument in sys.argv[2:]]
    times = {name: [] for name, _ in cases}
    for round_number in range(rounds + 1):
        for name, command in cases:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            if round_number > 0:
                times[name].append((wall, cpu))
    base = None
    first = cases[0][0]
    for name, _ in cases:
        wall = statistics.median(t[0] for t in times[name])
        cpu = statistics.median(t[1] for t in times[name])
        base = base or (wall, cpu)
        # Each round's ratio to the first command run just before it, then their median:
        # a slow spell of the machine moves both runs of a round alike.
        paired_wall = statistics.median(t[0] / b[0] for t, b in zip(times[name], times[first]))
        paired_cpu = statistics.median(t[1] / b[1] for t, b in zip(times[name], times[first]))
        print(
            f"{name:14s} wall {wall:.3f} s ({wall / base[0]:.2f}x, paired {paired_wall:.3f}x)"
            f"  cpu {cpu:.3f} s ({cpu / base[1]:.2f}x, paired {paired_cpu:.3f}x)"
        )


if __name__ == "__main__":
    main()
