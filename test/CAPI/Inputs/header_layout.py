#!/usr/bin/env python3
"""Checks that ptxjit's cuda.h has the ABI of NVIDIA's.

Usage: header_layout.py CC OUR_INCLUDE_DIR NVIDIA_INCLUDE_DIR

Every struct or union typedef of our header that NVIDIA's cuda.h also
declares is measured in both (sizeof, alignment, and the offset and size of
every member our definition names, nested members included), and every
enumerator of our typedef'd enums is evaluated in both: one generated C
program, compiled once against each directory's <cuda.h>. Prints
`layouts: N types, M members, all equal` and `enumerators: K constants, all
equal` and exits 0 when the two agree; otherwise prints what differs and
exits 1.
"""

import os
import re
import subprocess
import sys
import tempfile

IDENT = r"[A-Za-z_]\w*"


def strip_source(text):
    """Our header's text without comments and preprocessor lines."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"\\\n", " ", text)
    return "\n".join(line for line in text.split("\n")
                     if not line.lstrip().startswith("#"))


def matching_brace(text, open_pos):
    depth = 0
    for i in range(open_pos, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced braces")


def split_top(text, sep):
    """Splits at `sep` outside braces, brackets and parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def declarator_name(decl):
    """The name a member declarator declares, or None."""
    fn = re.search(r"\(\s*(?:" + IDENT + r"\s+)?\*\s*(" + IDENT + r")\s*\)",
                   decl)
    if fn:
        return fn.group(1)
    decl = re.sub(r"\[[^\]]*\]", "", decl).strip()
    m = re.search(r"(" + IDENT + r")\s*$", decl)
    return m.group(1) if m else None


def members(body, prefix=""):
    """Member paths ("a", "s.b") a struct/union body names; skips bitfields
    and anonymous members (but descends into anonymous structs/unions)."""
    out = []
    for decl in split_top(body, ";"):
        m = re.match(r"(?:struct|union)\s*(?:" + IDENT + r")?\s*\{", decl)
        if m:
            close = matching_brace(decl, m.end() - 1)
            inner = decl[m.end():close]
            names = [declarator_name(d) for d in split_top(decl[close + 1:],
                                                           ",")]
            names = [n for n in names if n]
            if not names:
                out += members(inner, prefix)
            for n in names:
                out.append(prefix + n)
                if "[" not in decl[close + 1:]:
                    out += members(inner, prefix + n + ".")
            continue
        if re.search(r"(?<!:):(?!:)", decl):
            continue  # a bitfield
        first = split_top(decl, ",")
        for i, d in enumerate(first):
            name = declarator_name(d)
            if name and (i > 0 or re.search(IDENT + r"[\s*]+" + name, d) or
                         re.search(r"\(\s*\*", d)):
                out.append(prefix + name)
    return out


def parse_ours(text):
    """(aggregates, enumerators): {typedef name: [member paths]}, [names]."""
    aggregates, tagged, enumerators = {}, {}, []
    for m in re.finditer(r"\btypedef\s+(struct|union|enum)\s*(" + IDENT +
                         r")?\s*\{", text):
        close = matching_brace(text, m.end() - 1)
        body = text[m.end():close]
        end = text.index(";", close)
        names = [declarator_name(d) for d in split_top(text[close + 1:end],
                                                       ",")]
        name = names[0] if names else None
        if not name:
            continue
        if m.group(1) == "enum":
            for e in split_top(body, ","):
                enumerators.append(re.match(IDENT, e).group(0))
            continue
        aggregates[name] = members(body)
        if m.group(2):
            tagged[m.group(1) + " " + m.group(2)] = name
    # typedef struct X_st NAME; of a struct defined here (not a pointer).
    for m in re.finditer(r"\btypedef\s+(struct|union)\s+(" + IDENT +
                         r")\s+(" + IDENT + r")\s*;", text):
        key = m.group(1) + " " + m.group(2)
        if key in tagged:
            aggregates.setdefault(m.group(3), aggregates[tagged[key]])
    # typedef NAME_v1 NAME; of a struct typedef'd here.
    for m in re.finditer(r"\btypedef\s+(" + IDENT + r")\s+(" + IDENT +
                         r")\s*;", text):
        if m.group(1) in aggregates:
            aggregates.setdefault(m.group(2), aggregates[m.group(1)])
    return aggregates, enumerators


def preprocess(cc, include):
    return subprocess.run(
        [cc, "-std=c11", "-E", "-P", "-I", include, "-x", "c", "-"],
        input="#include <cuda.h>\n", capture_output=True, text=True,
        check=True).stdout


def program(lines):
    body = "\n".join(lines)
    return ("#include <stddef.h>\n#include <stdio.h>\n#include <cuda.h>\n"
            "int main(void) {\n" + body + "\nreturn 0;\n}\n")


def compile_and_run(cc, include, lines, workdir, tag):
    """Runs the checks; returns ({key: line}, [keys that do not compile])."""
    lines = list(lines)
    dropped = []
    header_lines = 4  # the #includes and main's first line
    for _ in range(50):
        src = os.path.join(workdir, tag + ".c")
        exe = os.path.join(workdir, tag)
        with open(src, "w") as f:
            f.write(program(lines))
        r = subprocess.run([cc, "-std=c11", "-w", "-I", include, src, "-o",
                            exe], capture_output=True, text=True)
        if r.returncode == 0:
            break
        bad = set()
        for m in re.finditer(re.escape(src) + r":(\d+):(?:\d+:)?\s*error",
                             r.stderr):
            n = int(m.group(1)) - header_lines - 1
            if 0 <= n < len(lines):
                bad.add(n)
        if not bad:
            sys.exit("header_layout: cannot compile the checks against " +
                     include + ":\n" + r.stderr)
        for n in sorted(bad, reverse=True):
            dropped.append(re.findall(r'"([^"]*)"', lines[n])[1])
            del lines[n]
    else:
        sys.exit("header_layout: too many errors against " + include)
    out = subprocess.run([exe], capture_output=True, text=True,
                         check=True).stdout
    result = {}
    for line in out.splitlines():
        key = re.split(r"[ =]", line, 1)[0]
        result[key] = line
    return result, dropped


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    cc, ours, nvidia = sys.argv[1:]
    text = ""
    for name in sorted(os.listdir(ours)):
        if name.endswith(".h"):
            with open(os.path.join(ours, name)) as f:
                text += strip_source(f.read()) + "\n"
    aggregates, enumerators = parse_ours(text)
    nv_text = preprocess(cc, nvidia)

    def in_nvidia(name):
        return re.search(r"\b" + re.escape(name) + r"\b", nv_text)

    lines, ntypes, nmembers, nenums = [], 0, 0, 0
    only_ours = []
    for name in sorted(aggregates):
        if not re.search(r"\b" + re.escape(name) + r"\s*;", nv_text):
            continue
        ntypes += 1
        lines.append('printf("%%s sizeof=%%zu align=%%zu\\n", "%s", '
                     'sizeof(%s), _Alignof(%s));' % (name, name, name))
        for member in aggregates[name]:
            nmembers += 1
            key = name + "." + member
            lines.append('printf("%%s offset=%%zu size=%%zu\\n", "%s", '
                         'offsetof(%s, %s), sizeof(((%s *)0)->%s));' %
                         (key, name, member, name, member))
    for name in sorted(set(enumerators)):
        if not in_nvidia(name):
            only_ours.append(name)
            continue
        nenums += 1
        lines.append('printf("%%s=%%lld\\n", "%s", (long long)%s);' %
                     (name, name))

    with tempfile.TemporaryDirectory() as workdir:
        mine, mine_bad = compile_and_run(cc, ours, lines, workdir, "ours")
        theirs, theirs_bad = compile_and_run(cc, nvidia, lines, workdir,
                                             "nvidia")

    diffs = []
    for key in mine_bad:
        diffs.append("! %s: does not compile against ours" % key)
    for key in theirs_bad:
        diffs.append("! %s: not in NVIDIA's cuda.h" % key)
    for name in only_ours:
        diffs.append("! %s: enumerator not in NVIDIA's cuda.h" % name)
    for key in sorted(set(mine) | set(theirs)):
        a, b = mine.get(key), theirs.get(key)
        if a is not None and b is not None and a != b:
            diffs.append("- ours:   " + a)
            diffs.append("+ nvidia: " + b)
    if diffs:
        print("\n".join(diffs))
        print("header_layout: %d difference(s)" %
              sum(1 for d in diffs if not d.startswith("+")))
        return 1
    print("layouts: %d types, %d members, all equal" % (ntypes, nmembers))
    print("enumerators: %d constants, all equal" % nenums)
    return 0


if __name__ == "__main__":
    sys.exit(main())
