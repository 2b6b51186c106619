"""Writing lit tests that run ptx-jit: comment blocks, `# DEFINE:` lines
with the launch options, RUN and CHECK lines, and the generator's driver
that writes (or, with --check, only compares) the files of a folder."""

import os
import re
import textwrap

from .launch import Buffer, dimspec


def ptx_entries(path):
    """The .visible .entry names of a PTX file."""
    with open(path) as f:
        return re.findall(r'^\.visible \.entry (\S+)\(', f.read(), re.M)


def comment_lines(text):
    """text as `#` comment lines, line for line (a blank line gives `#`)."""
    return ['# ' + line if line else '#' for line in text.strip().split('\n')]


def comment_block(text):
    """text filled into `#` comment lines of at most 78 characters."""
    return ['# ' + line for line in textwrap.wrap(text, 76)]


def define_lines(name, parts):
    """`# DEFINE: %{name} = PARTS`, continued with backslashes on lines of
    about 100 characters."""
    lines, cur = [], '# DEFINE: %%{%s} =' % name
    for p in parts:
        if len(cur) + 1 + len(p) > 100 and not cur.endswith('='):
            lines.append(cur + ' \\')
            cur = '# DEFINE:  '
        cur += ' ' + p
    lines.append(cur)
    return lines


def launch_parts(case, family, files, kernel=None):
    """The ptx-jit options of a Launch, up to its --arg options: --kernel=
    (kernel, or case.kernel), --grid=, --block=, --shared=, then one --arg=
    per argument. A buffer initialised from a file gets its Inputs/ file
    name here, and files (name -> bytes) its contents: the name of an
    earlier file with the same bytes, or FAMILY.CASE.INDEX.TYPE.bin."""
    parts = ['--kernel=' + (kernel or case.kernel)]
    if case.grid is not None:
        parts.append('--grid=' + dimspec(case.grid))
    parts.append('--block=' + dimspec(case.block))
    if case.shared is not None:
        parts.append('--shared=%d' % case.shared)
    for i, a in enumerate(case.args):
        if isinstance(a, Buffer) and a.from_file():
            data = a.data()
            same = [f for f, d in files.items() if d == data]
            if same:  # the same input as an earlier case: share the file
                a.file = same[0]
            else:
                a.file = '%s.%s.%d.%s.bin' % (family, case.prefix.lower(), i,
                                              a.ty)
                files[a.file] = data
        parts.append('--arg=' + a.spec())
    return parts


def print_run_lines(family, variant, name, prefix):
    """RUN lines: ptx-jit on Inputs/FAMILY.VARIANT.ptx with %{name}, its
    --print output checked line by line with the CHECK lines of prefix."""
    return ['# RUN: ptx-jit %%S/Inputs/%s.%s.ptx %%{%s} \\' %
            (family, variant, name),
            '# RUN:   | FileCheck %%s --match-full-lines --check-prefix=%s' %
            prefix]


def check_lines(prefix, values, note=None):
    """`PREFIX:` / `PREFIX-NEXT:` lines for the printed values, then a -NOT
    line against extra output. note(i): a comment to put before value i, or
    None."""
    out = []
    for i, v in enumerate(values):
        text = note(i) if note else None
        if text is not None:
            out.append('# ' + text)
        out.append('# %s%s %s' % (prefix, ':' if i == 0 else '-NEXT:', v))
    out.append('# %s-NOT: {{.}}' % prefix)
    return out


# ----------------------------------------------------------------------------
# The driver
# ----------------------------------------------------------------------------


def update_file(path, content, check):
    """Whether the file at path lacks content (str or bytes); unless check,
    it is then (re)written."""
    data = content.encode() if isinstance(content, str) else content
    old = None
    if os.path.exists(path):
        with open(path, 'rb') as f:
            old = f.read()
    if old == data:
        return False
    if not check:
        with open(path, 'wb') as f:
            f.write(data)
    return True


def update_folder(here, tests, files, check):
    """Brings the folder here up to date with tests ({file name: text}) and
    files ({name in Inputs/: bytes}), removing the *-clang.test and
    Inputs/*.bin files that are not among them. Prints what it wrote or, with
    check, what is out of date; returns the exit status (with check, 1 if
    anything is)."""
    outputs = dict(tests)
    for name, data in files.items():
        outputs[os.path.join('Inputs', name)] = data
    stale = [rel for rel, content in sorted(outputs.items())
             if update_file(os.path.join(here, rel), content, check)]
    unused = [name for name in sorted(os.listdir(here))
              if name.endswith('-clang.test') and name not in outputs]
    unused += [os.path.join('Inputs', name)
               for name in sorted(os.listdir(os.path.join(here, 'Inputs')))
               if name.endswith('.bin') and
               os.path.join('Inputs', name) not in outputs]
    for rel in unused:
        stale.append(rel + ' (unused)')
        if not check:
            os.remove(os.path.join(here, rel))
    if check:
        for rel in stale:
            print('out of date: %s' % rel)
        return 1 if stale else 0
    for rel in stale:
        print('wrote %s' % rel)
    return 0
