#!/usr/bin/env python3
"""Runs a command and checks how it ended, for tests of error paths.

usage: run_expect.py STATUS [--stderr-starts-with=TEXT] -- COMMAND [ARG]...

Forwards the command's stdout and stderr, then exits 0 only if the command
exited normally (no signal) with exactly STATUS and, when asked, its stderr
starts with TEXT. Otherwise prints why on stderr and exits 1. (`not` accepts
any nonzero status; the ptx-jit contract is status 1.)
"""
import subprocess
import sys


def main(argv):
    if "--" not in argv:
        sys.exit("run_expect.py: missing '--' before the command")
    split = argv.index("--")
    options, command = argv[1:split], argv[split + 1:]
    if not options or not command:
        sys.exit(__doc__)
    status = int(options[0])
    prefix = None
    for option in options[1:]:
        if option.startswith("--stderr-starts-with="):
            prefix = option.split("=", 1)[1]
        else:
            sys.exit("run_expect.py: unknown option " + option)
    try:
        proc = subprocess.run(command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=120)
    except subprocess.TimeoutExpired:
        sys.stderr.write("run_expect.py: command timed out\n")
        return 1
    sys.stdout.buffer.write(proc.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(proc.stderr)
    sys.stderr.flush()
    if proc.returncode < 0:
        sys.stderr.write("run_expect.py: killed by signal %d\n" %
                         -proc.returncode)
        return 1
    if proc.returncode != status:
        sys.stderr.write("run_expect.py: exit status %d, expected %d\n" %
                         (proc.returncode, status))
        return 1
    if prefix is not None and not proc.stderr.startswith(prefix.encode()):
        sys.stderr.write("run_expect.py: stderr does not start with '%s'\n" %
                         prefix)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
