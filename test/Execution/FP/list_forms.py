#!/usr/bin/env python3
"""Lists the floating-point instruction forms in PTX files, with counts.

A form is the instruction's opcode with all its modifiers and types, e.g.
add.rz.ftz.f32, cvt.rzi.s32.f32, fma.rn.relu.bf16x2, testp.infinite.f32.
An instruction is a floating-point one when one of its dot-separated parts is
a floating-point type (f16 f16x2 bf16 bf16x2 f32 f64 ...) or its opcode is
testp / copysign; plain data movement (ld, st, mov, ...) is left out.

Usage: list_forms.py FILE.ptx...   (writes the table to stdout)
"""
import collections
import os
import re
import sys

FLOAT_TYPES = {'f16', 'f16x2', 'bf16', 'bf16x2', 'f32', 'f64', 'tf32',
               'e4m3x2', 'e5m2x2', 'e2m3x2', 'e3m2x2', 'e2m1x2', 'ue8m0x2'}
FLOAT_OPCODES = {'testp', 'copysign'}
MOVES = {'ld', 'st', 'mov', 'ldu', 'cvta', 'shfl', 'prmt'}


def forms(text):
    text = re.sub(r'//[^\n]*', '', text)
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    for stmt in re.split(r'[;{}\n]', text):
        stmt = stmt.strip()
        stmt = re.sub(r'^\$?[\w$]+:\s*', '', stmt)      # label
        stmt = re.sub(r'^@!?%?\w+\s+', '', stmt)        # guard predicate
        if not stmt or stmt.startswith('.'):
            continue
        tok = stmt.split()[0]
        parts = tok.split('.')
        if not re.fullmatch(r'[a-z][a-z0-9_]*', parts[0]):
            continue
        if parts[0] in MOVES:
            continue
        if parts[0] in FLOAT_OPCODES or FLOAT_TYPES & set(parts[1:]):
            yield tok


def sm_key(sm):
    """sm_89 < sm_90 < sm_100a."""
    m = re.match(r'\d+', sm)
    return (int(m.group()) if m else 0, sm)


def main(paths):
    per_form = collections.Counter()
    where = collections.defaultdict(lambda: collections.defaultdict(set))
    tools = set()
    for p in paths:
        with open(p) as f:
            text = f.read()
        m = re.search(r'^// (Cuda compilation tools.*)$', text, re.M)
        if m:
            tools.add(m.group(1))
        base = os.path.basename(p)
        m = re.fullmatch(r'(.*)\.sm_(\d+[a-z]?)(?:\.\w+)?\.ptx', base)
        family, sm = (m.group(1), m.group(2)) if m else (base, '?')
        for form in forms(text):
            per_form[form] += 1
            where[form][family].add(sm)
    print('# Floating-point instruction forms in the PTX of test/Execution/FP')
    print('# (written by list_forms.py; regen_ptx.sh rewrites this file).')
    for t in sorted(tools):
        print('# PTX from nvcc: %s' % t)
    print('# %d forms. Columns: form (opcode, modifiers, types), number of '
          'occurrences' % len(per_form))
    print('# in all %d PTX files, the files that hold it '
          '(<family>[.flavor]: sm list).' % len(paths))
    for form in sorted(per_form):
        fams = ' '.join('%s:%s' % (fam, ','.join(sorted(sms, key=sm_key)))
                        for fam, sms in sorted(where[form].items()))
        print('%-28s %5d  %s' % (form, per_form[form], fams))


if __name__ == '__main__':
    main(sys.argv[1:])
