#!/usr/bin/env python3
"""Mutation fuzzer for the PTX frontend (and, on some inputs, the JIT).

usage: fuzz_ptx.py --translate=PTX-TRANSLATE --jit=PTX-JIT --out=DIR
                   [--mutants=N] [--seed=S] [--jobs=J] [--jit-every=K]
                   FILE.ptx...

For every input file, makes N mutants with a fixed seed (1 to 3 random
mutations each: delete / duplicate / swap tokens or lines, truncate, insert
random bytes or punctuation, replace a number by an extreme value, rename a
register) and runs `PTX-TRANSLATE --import-ptx` on each; every K-th mutant
also goes through `PTX-JIT` (which compiles the whole module before it
complains about the missing --kernel / --arg options, so the lowering and
LLVM code generation run too). A run fails when it is killed by a signal,
takes more than 10 s, exits with a status other than 0 or 1, or exits with
1 without "error:" on stderr. Failing mutants are written to DIR with the
command that failed.

Prints one summary line, "fuzz: R runs on M mutants of F files, X failures
(A runs exited 0)", and exits 1 if there were failures.
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys

TIMEOUT_S = 10

# Rough PTX tokens: registers and names, directives and modifiers, numbers
# (0f/0d/hex/binary/decimal/float), strings, and single punctuation.
TOKEN_RE = re.compile(
    rb'%?[A-Za-z_$][\w$]*'
    rb'|\.[A-Za-z_][\w$]*(?:::[\w$]+)*'
    rb'|0[fFdD][0-9a-fA-F]+|0[xX][0-9a-fA-F]+|0[bB][01]+'
    rb'|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?'
    rb'|"[^"\n]*"'
    rb'|\S')
NUMBER_RE = re.compile(rb'(?<![\w$%.])(?:0[xX][0-9a-fA-F]+|\d+)(?![\w.])')
REGISTER_RE = re.compile(rb'%[A-Za-z_$][\w$]*')

EXTREME_NUMBERS = [
    b'0', b'1', b'-1', b'7', b'31', b'32', b'33', b'63', b'64', b'65',
    b'127', b'128', b'255', b'256', b'1023', b'1024', b'65535', b'65536',
    b'2147483647', b'2147483648', b'4294967295', b'4294967296',
    b'9223372036854775807', b'9223372036854775808',
    b'18446744073709551615', b'18446744073709551616',
    b'99999999999999999999999', b'0xFFFFFFFF', b'0x8000000000000000',
    b'-2147483648', b'-9223372036854775808', b'0f7FC00000', b'0d7FF8000000000000',
    b'1e400', b'0.0', b'-0', b'00', b'0x', b'0b2', b'1U',
]
PUNCTUATION = list(b',;:{}[]()<>+-!@=|~*."/\\#%&^?') + [0x0a, 0x09]
REGISTER_PREFIXES = [b'%r', b'%rd', b'%f', b'%fd', b'%p', b'%rs', b'%h',
                     b'%tid.', b'%envreg', b'%ctaid', b'%clock', b'%q']


def tokens(text):
    return [m.span() for m in TOKEN_RE.finditer(text)]


def lines(text):
    return text.split(b'\n')


def mutate_once(rng, text):
    """Applies one random mutation to the bytes `text`."""
    kind = rng.randrange(12)
    toks = tokens(text)
    if kind == 0 and toks:  # delete a token
        s, e = rng.choice(toks)
        return text[:s] + text[e:]
    if kind == 1 and toks:  # duplicate a token
        s, e = rng.choice(toks)
        return text[:e] + b' ' + text[s:e] + text[e:]
    if kind == 2 and len(toks) > 1:  # swap two tokens (often adjacent)
        i = rng.randrange(len(toks) - 1)
        j = i + 1 if rng.random() < 0.7 else rng.randrange(len(toks))
        if i == j:
            return text
        (a, b), (c, d) = sorted([toks[i], toks[j]])
        return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
    if kind == 3:  # delete a line
        ls = lines(text)
        del ls[rng.randrange(len(ls))]
        return b'\n'.join(ls)
    if kind == 4:  # duplicate a line
        ls = lines(text)
        i = rng.randrange(len(ls))
        ls.insert(i, ls[i])
        return b'\n'.join(ls)
    if kind == 5:  # swap two lines
        ls = lines(text)
        i, j = rng.randrange(len(ls)), rng.randrange(len(ls))
        ls[i], ls[j] = ls[j], ls[i]
        return b'\n'.join(ls)
    if kind == 6:  # truncate
        return text[:rng.randrange(len(text) + 1)]
    if kind == 7:  # insert random bytes
        pos = rng.randrange(len(text) + 1)
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        return text[:pos] + junk + text[pos:]
    if kind == 8:  # insert punctuation
        pos = rng.randrange(len(text) + 1)
        junk = bytes(rng.choice(PUNCTUATION) for _ in range(rng.randint(1, 3)))
        return text[:pos] + junk + text[pos:]
    if kind == 9:  # replace a number by an extreme value
        nums = list(NUMBER_RE.finditer(text))
        if nums:
            m = rng.choice(nums)
            return text[:m.start()] + rng.choice(EXTREME_NUMBERS) + \
                text[m.end():]
        return text
    if kind == 10:  # rename a register
        regs = list(REGISTER_RE.finditer(text))
        if regs:
            m = rng.choice(regs)
            suffix = str(rng.choice([0, 1, 2, 5, 9, 99, 100000]))
            if rng.random() < 0.3:
                suffix = rng.choice(['x', 'y', 'z', 'w', '3', '32', ''])
            new = rng.choice(REGISTER_PREFIXES) + suffix.encode()
            return text[:m.start()] + new + text[m.end():]
        return text
    # kind 11: replace a token by a token taken from elsewhere in the file
    if toks:
        s, e = rng.choice(toks)
        s2, e2 = rng.choice(toks)
        return text[:s] + text[s2:e2] + text[e:]
    return text


def make_mutant(rng, text):
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = mutate_once(rng, text)
    return text


def run(command):
    """Returns (exit status, None) for an acceptable run, else (status,
    description of the problem)."""
    try:
        proc = subprocess.run(command, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, 'timed out after %d s' % TIMEOUT_S
    except OSError as e:
        return None, 'cannot run: %s' % e
    status = proc.returncode
    if status < 0:
        return status, 'killed by signal %d' % -status
    if status not in (0, 1):
        return status, 'exit status %d' % status
    if status == 1 and b'error:' not in proc.stderr:
        return status, 'exit status 1 without "error:" on stderr: %r' % \
            proc.stderr[:200]
    return status, None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--translate', required=True)
    parser.add_argument('--jit', required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--mutants', type=int, default=300)
    parser.add_argument('--seed', type=int, default=20240601)
    parser.add_argument('--jobs', type=int, default=2)
    parser.add_argument('--jit-every', type=int, default=10)
    parser.add_argument('files', nargs='+')
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    jobs = []  # (mutant path, command)
    for index, path in enumerate(args.files):
        with open(path, 'rb') as f:
            original = f.read()
        rng = random.Random(args.seed * 1000 + index)
        base = os.path.splitext(os.path.basename(path))[0]
        for m in range(args.mutants):
            mutant = make_mutant(rng, original)
            mpath = os.path.join(args.out, '%s.%03d.ptx' % (base, m))
            with open(mpath, 'wb') as f:
                f.write(mutant)
            jobs.append((mpath, [args.translate, '--import-ptx', mpath]))
            if m % args.jit_every == 0:
                jobs.append((mpath, [args.jit, mpath]))

    failures = []
    accepted = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda job: (job, run(job[1])), jobs)
        for (mpath, command), (status, problem) in results:
            if problem:
                failures.append((mpath, command, problem))
            elif status == 0:
                accepted += 1

    failed_mutants = {mpath for mpath, _, _ in failures}
    for mpath, _ in jobs:
        if mpath not in failed_mutants and os.path.exists(mpath):
            os.remove(mpath)
    for mpath, command, problem in failures:
        print('FAIL: %s: %s' % (' '.join(command), problem))
    print('fuzz: %d runs on %d mutants of %d files, %d failures '
          '(%d runs exited 0)' %
          (len(jobs), args.mutants * len(args.files), len(args.files),
           len(failures), accepted))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
