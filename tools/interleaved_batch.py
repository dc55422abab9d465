#!/usr/bin/env python3
"""Whole-process `solve --batch --jobs 1 FILE` timings, interleaved so that a machine whose speed
drifts treats every command alike:

    tools/interleaved_batch.py ROUNDS FILE [VAR=VALUE] BINARY... [--peer '[VAR=VALUE] COMMAND {}']
        [--command 'rate --jobs 1'] [--exit-ok N]

Each round runs every binary once (and each peer command, `{}` replaced by FILE), output to
/dev/null; the first two rounds warm up and are not counted. Prints, per command, the median and
mean wall time and CPU time (user + system, from the kernel's account of the child) in ms. The
times include this script's fork, about 1.4 ms on the project machine, the same for every
command. `VAR=VALUE` before a binary or a peer's command sets that variable for it alone, as a
shell would (no extra process): `SUDOKU_SIMD=avx2 target/release/sudoku-book` measures the
solver without AVX-512. `--command` runs each binary with other arguments before FILE than
`solve --batch --jobs 1`: `--command 'rate --jobs 1'` times the rating. `--exit-ok 1` accepts exit statuses up to 1 (a
batch with puzzles of several solutions, serg's set)."""
import os
import statistics
import sys
import time


def main():
    args = sys.argv[1:]
    peers = []
    while "--peer" in args:
        at = args.index("--peer")
        peers.append(args[at + 1])
        del args[at : at + 2]
    allowed = 0
    if "--exit-ok" in args:
        at = args.index("--exit-ok")
        allowed = int(args[at + 1])
        del args[at : at + 2]
    command = ["solve", "--batch", "--jobs", "1"]
    if "--command" in args:
        at = args.index("--command")
        command = args[at + 1].split()
        del args[at : at + 2]
    if len(args) < 2 or len(args) + len(peers) < 3:
        sys.exit(__doc__)
    rounds, path = int(args[0]), args[1]
    commands, settings = [], []
    for arg in args[2:]:
        if "=" in arg and not arg.startswith("/"):
            settings.append(arg)
            continue
        name = " ".join(settings + [arg])
        commands.append((name, settings + [arg, *command, path]))
        settings = []
    commands += [(p, p.replace("{}", path).split()) for p in peers]
    times = {name: ([], []) for name, _ in commands}
    devnull = os.open(os.devnull, os.O_WRONLY)
    for round_no in range(rounds + 2):
        for name, argv in commands:
            start = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                os.dup2(devnull, 1)
                env = dict(os.environ)
                while "=" in argv[0] and not argv[0].startswith("/"):
                    key, value = argv.pop(0).split("=", 1)
                    env[key] = value
                os.execve(argv[0], argv, env)
            _, status, usage = os.wait4(pid, 0)
            wall = time.perf_counter() - start
            # `solve --batch` exits 1 when a line has no or several solutions (serg's set).
            if not os.WIFEXITED(status) or os.WEXITSTATUS(status) > allowed:
                sys.exit(f"{name} failed: status {status}")
            if round_no >= 2:
                times[name][0].append(wall * 1e3)
                times[name][1].append((usage.ru_utime + usage.ru_stime) * 1e3)
    for name, _ in commands:
        wall, cpu = times[name]
        print(
            f"{name:40s} wall median {statistics.median(wall):8.3f} mean {statistics.mean(wall):8.3f}"
            f"   cpu median {statistics.median(cpu):8.3f} mean {statistics.mean(cpu):8.3f}"
        )


if __name__ == "__main__":
    main()
