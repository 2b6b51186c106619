#!/usr/bin/env python3
"""Runs a command and checks how it ended, for tests of error paths.

usage: run_expect.py STATUS[,STATUS...] [--stderr-starts-with=TEXT]
                     [--failure-mentions=TEXT] [--timeout=SECONDS]
                     [--max-memory-mb=MB] -- COMMAND [ARG]...

Forwards the command's stdout and stderr, then exits 0 only if the command
exited normally (no signal) with one of the STATUS values and, when asked,
its stderr starts with TEXT (--stderr-starts-with) or, if it exited with a
nonzero status, its stderr contains TEXT (--failure-mentions). Otherwise
prints why on stderr and exits 1. (`not` accepts any nonzero status; the
ptx-jit contract is status 1. "0,1 --failure-mentions=error:" says "either
works or fails cleanly with a diagnostic, but does not crash".) A command
that runs longer than --timeout (default 120) seconds fails;
--max-memory-mb limits the command's address space (RLIMIT_AS), so that a
huge allocation fails quickly instead of exhausting the machine.
"""
import os
import subprocess
import sys


def main(argv):
    if "--" not in argv:
        sys.exit("run_expect.py: missing '--' before the command")
    split = argv.index("--")
    options, command = argv[1:split], argv[split + 1:]
    if not options or not command:
        sys.exit(__doc__)
    statuses = [int(s) for s in options[0].split(",")]
    prefix = None
    mention = None
    timeout = 120.0
    max_memory = None
    for option in options[1:]:
        if option.startswith("--stderr-starts-with="):
            prefix = option.split("=", 1)[1]
        elif option.startswith("--failure-mentions="):
            mention = option.split("=", 1)[1]
        elif option.startswith("--timeout="):
            timeout = float(option.split("=", 1)[1])
        elif option.startswith("--max-memory-mb="):
            max_memory = int(option.split("=", 1)[1]) * 1024 * 1024
        else:
            sys.exit("run_expect.py: unknown option " + option)
    def limit_memory():
        import resource
        # A sanitizer build reserves its shadow memory up front (lit.cfg.py
        # sets PTXJIT_SANITIZED): no address-space limit there.
        if os.environ.get("PTXJIT_SANITIZED"):
            return
        resource.setrlimit(resource.RLIMIT_AS, (max_memory, max_memory))

    try:
        proc = subprocess.run(command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout,
                              preexec_fn=limit_memory if max_memory else None)
    except subprocess.TimeoutExpired:
        sys.stderr.write("run_expect.py: command ran longer than %g s\n" %
                         timeout)
        return 1
    sys.stdout.buffer.write(proc.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(proc.stderr)
    sys.stderr.flush()
    if proc.returncode < 0:
        sys.stderr.write("run_expect.py: killed by signal %d\n" %
                         -proc.returncode)
        return 1
    if proc.returncode not in statuses:
        sys.stderr.write("run_expect.py: exit status %d, expected %s\n" %
                         (proc.returncode, options[0]))
        return 1
    if prefix is not None and not proc.stderr.startswith(prefix.encode()):
        sys.stderr.write("run_expect.py: stderr does not start with '%s'\n" %
                         prefix)
        return 1
    if (mention is not None and proc.returncode != 0 and
            mention.encode() not in proc.stderr):
        sys.stderr.write("run_expect.py: stderr does not mention '%s'\n" %
                         mention)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
