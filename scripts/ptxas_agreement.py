#!/usr/bin/env python3
"""ptxas_agreement.py - does ptxjit accept and reject the PTX that ptxas does?

Mutates the instructions of real PTX files (the .ptx files under test/ and
examples/ that ptxas accepts) and compares, for each mutant, ptxas's verdict
with ptxjit's (`ptx-translate --import-ptx`: the frontend and the op
verifiers). A development tool: it needs ptxas, which neither the build nor
the tests do.

    scripts/ptxas_agreement.py --ptx-translate build/bin/ptx-translate \
        [--ptxas /usr/local/cuda/bin/ptxas] [--mutants 2000] [--seed 1] \
        [--report FILE] [--min-agreement PERCENT] [--jobs N]

Each mutant changes one instruction in one way:
  drop-mod     remove one of its modifiers (`.rn`, `.ftz`, `.u32`, ...)
  add-mod      add a modifier spelling taken from another instruction
  swap-type    replace its type modifier by another type
  drop-operand remove its last operand
  add-operand  repeat its last operand
  int-literal  replace a register operand by the literal 1
  float-lit    replace a register operand by 0f3F800000
Mutants whose ptxas and ptxjit verdicts differ are listed in the report:
"lenient" where ptxjit accepts what ptxas rejects, "strict" where ptxjit
rejects what ptxas accepts (the worse kind: a user's valid PTX fails).
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = ['b8', 'b16', 'b32', 'b64', 'u8', 'u16', 'u32', 'u64', 's8', 's16',
         's32', 's64', 'f16', 'f16x2', 'bf16', 'bf16x2', 'f32', 'f64',
         'pred']
INSTR = re.compile(r'^(\s*(?:@!?%?\w+\s+)?)([a-z][a-z0-9_]*)((?:\.[\w:]+)*)'
                   r'(\s+)([^;]*);(.*)$')
SKIP_OPCODES = {'ret', 'exit', 'bra', 'call', 'trap'}


def target_of(text):
    m = re.search(r'^\s*\.target\s+(sm_\w+)', text, re.M)
    return m.group(1) if m else 'sm_80'


def split_operands(text):
    parts, depth, cur = [], 0, ''
    for c in text:
        if c in '[{(':
            depth += 1
        elif c in ']})':
            depth -= 1
        if c == ',' and depth == 0:
            parts.append(cur.strip())
            cur = ''
        else:
            cur += c
    if cur.strip():
        parts.append(cur.strip())
    return parts


def instruction_lines(text):
    out = []
    for i, line in enumerate(text.split('\n')):
        m = INSTR.match(line)
        if m and m.group(2) not in SKIP_OPCODES and not line.lstrip().startswith('.'):
            out.append((i, m))
    return out


def mutate(line_match, kind, rng, vocabulary):
    prefix, opcode, mods, space, operands, rest = line_match.groups()
    mod_list = [m for m in mods.split('.') if m]
    ops = split_operands(operands)
    if kind == 'drop-mod':
        if not mod_list:
            return None
        mod_list.pop(rng.randrange(len(mod_list)))
    elif kind == 'add-mod':
        mod_list.insert(rng.randrange(len(mod_list) + 1), rng.choice(vocabulary))
    elif kind == 'swap-type':
        idx = [i for i, m in enumerate(mod_list) if m in TYPES]
        if not idx:
            return None
        i = rng.choice(idx)
        mod_list[i] = rng.choice([t for t in TYPES if t != mod_list[i]])
    elif kind == 'drop-operand':
        if not ops:
            return None
        ops.pop()
    elif kind == 'add-operand':
        if not ops:
            return None
        ops.append(ops[-1])
    elif kind in ('int-literal', 'float-lit'):
        regs = [i for i, o in enumerate(ops) if re.fullmatch(r'%\w+', o)]
        regs = [i for i in regs if i > 0]  # keep the destination
        if not regs:
            return None
        ops[rng.choice(regs)] = '1' if kind == 'int-literal' else '0f3F800000'
    mods_text = ''.join('.' + m for m in mod_list)
    return '%s%s%s%s%s;%s' % (prefix, opcode, mods_text, space,
                              ', '.join(ops), rest)


def accepts(cmd, path):
    try:
        r = subprocess.run(cmd + [path], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        return None, 'timeout'
    if r.returncode < 0:
        return None, 'crash (signal %d)' % -r.returncode
    err = r.stderr.decode(errors='replace').strip().split('\n')[0]
    return r.returncode == 0, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--ptx-translate', required=True)
    ap.add_argument('--ptxas', default='/usr/local/cuda/bin/ptxas')
    ap.add_argument('--mutants', type=int, default=2000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--max-lines', type=int, default=400,
                    help='skip seed files longer than this (ptxas time)')
    ap.add_argument('--report')
    ap.add_argument('--jobs', type=int, default=1,
                    help='mutants checked at once')
    ap.add_argument('--min-agreement', type=float, default=0,
                    help='exit with status 1 below this percentage, or on '
                         'any crash (for the lit test)')
    args = ap.parse_args()
    rng = random.Random(args.seed)

    seeds = []
    for top in ('test', 'examples'):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if not f.endswith('.ptx') or '/errors' in dirpath:
                    continue
                path = os.path.join(dirpath, f)
                text = open(path).read()
                if text.count('\n') > args.max_lines or 'RUN: not' in text:
                    continue
                seeds.append((path, text))
    work = tempfile.mkdtemp(prefix='ptxas-agreement-')
    usable = []
    for path, text in seeds:
        tmp = os.path.join(work, 'seed.ptx')
        open(tmp, 'w').write(text)
        ok_ptxas, _ = accepts([args.ptxas, '-arch=' + target_of(text), '-o',
                               os.devnull], tmp)
        ok_ours, _ = accepts([args.ptx_translate, '--import-ptx', '-o',
                              os.devnull], tmp)
        if ok_ptxas and ok_ours and instruction_lines(text):
            usable.append((path, text))
    vocabulary = sorted({m for _, t in usable for _, lm in instruction_lines(t)
                         for m in lm.group(3).split('.') if m})
    kinds = ['drop-mod', 'add-mod', 'swap-type', 'drop-operand',
             'add-operand', 'int-literal', 'float-lit']

    # The mutants first (deterministic for a seed), then both verdicts for
    # each, --jobs at a time.
    mutants = []
    attempts = 0
    while len(mutants) < args.mutants and attempts < args.mutants * 20:
        attempts += 1
        path, text = rng.choice(usable)
        lines = text.split('\n')
        i, m = rng.choice(instruction_lines(text))
        kind = rng.choice(kinds)
        new = mutate(m, kind, rng, vocabulary)
        if new is None or new == lines[i]:
            continue
        lines[i] = new
        mutants.append((kind, path, i, new, '\n'.join(lines),
                        target_of(text)))

    def judge(index):
        kind, path, i, new, mutant, target = mutants[index]
        tmp = os.path.join(work, 'mutant%d.ptx' % index)
        open(tmp, 'w').write(mutant)
        ok_ptxas, _ = accepts([args.ptxas, '-arch=' + target, '-o',
                               os.devnull], tmp)
        ok_ours, msg = accepts([args.ptx_translate, '--import-ptx', '-o',
                                os.devnull], tmp)
        os.unlink(tmp)
        return ok_ptxas, ok_ours, msg

    counts = collections.Counter()
    disagreements = []
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        verdicts = list(pool.map(judge, range(len(mutants))))
    for (kind, path, i, new, _, _), (ok_ptxas, ok_ours, msg) in zip(
            mutants, verdicts):
        if ok_ptxas is None:
            continue
        if ok_ours is None:
            counts['crash'] += 1
            disagreements.append(('CRASH', kind, path, i + 1, new.strip(),
                                  msg))
        elif ok_ours == ok_ptxas:
            counts['agree'] += 1
        else:
            which = 'lenient' if ok_ours else 'strict'
            counts[which] += 1
            disagreements.append((which, kind, path, i + 1, new.strip(),
                                  msg))
    total = sum(counts.values())
    lines = ['%d mutants of %d seed files (seed %d): %d agree (%.1f%%), '
             '%d lenient, %d strict, %d crash' %
             (total, len(usable), args.seed, counts['agree'],
              100.0 * counts['agree'] / max(total, 1), counts['lenient'],
              counts['strict'], counts['crash'])]
    for d in sorted(disagreements):
        lines.append('%-7s %-12s %s:%d  %s  | %s' %
                     (d[0], d[1], os.path.relpath(d[2], ROOT), d[3], d[4],
                      d[5]))
    text = '\n'.join(lines) + '\n'
    if args.report:
        open(args.report, 'w').write(text)
    sys.stdout.write(lines[0] + '\n')
    if args.min_agreement:
        if counts['crash'] or (100.0 * counts['agree'] / max(total, 1) <
                               args.min_agreement):
            sys.stdout.write(text)
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
