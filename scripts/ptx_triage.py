#!/usr/bin/env python3
"""Lists every PTX form that ptx-translate rejects in a PTX file, not only the
first one.

`ptx-translate --import-ptx` stops at the first error. For each file this
script runs it on a scratch copy, records the error (message, location and the
offending statement), blanks that statement out of the copy (spaces, so that
line and column numbers stay those of the original) and runs it again, until
the copy passes, the error cannot be attributed to a statement, or
--max-iter runs. By default it blanks every statement of the same form at
once (every `nanosleep.u32`, or every statement naming `%foo` when the error
is about the operand `%foo`), so each run finds a new form; --one-at-a-time
blanks only the statement the error points at (slow on big files: one run per
occurrence).

A form is
  - the opcode with its full modifier chain, guard removed
    (`ld.relaxed.gpu.global.u32`), for an error on an instruction;
  - the operand, when the message quotes a `%name` the error is about
    (`%reserved_smem_offset_1`);
  - the directive (`.pragma "nounroll"`, `.maxclusterrank`), for an error on
    a directive outside instructions;
  - `call <callee>`, for an error about a called function.
Its count is the number of statements of that form in the original file.

An error whose message names something declared in a statement blanked
earlier is a consequence of the blanking, not of the PTX; it is reported as
such (`artifact`) and not counted as a form.

Usage:
  scripts/ptx_triage.py [--translate=PATH] [--translation=ptx-to-llvmir]
                        [--one-at-a-time] [--max-iter=500] [--jobs=N]
                        [--json=OUT] [--markdown=OUT] FILE.ptx...
The default ptx-translate is build/bin/ptx-translate, then the one on PATH.
Exit status 0 whatever the files hold; 2 on a usage error.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ERROR_RE = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$")
GUARD_RE = re.compile(r"^@!?[%\w$]+\s+")
OPCODE_RE = re.compile(r"^[A-Za-z_][\w.:]*")
QUOTED_RE = re.compile(r"'([^']*)'")
IDENT_RE = re.compile(r"[%$\w][\w$.]*")
# Directives without a ';': they end at the end of their line.
LINE_DIRECTIVES = {".version", ".target", ".address_size", ".file", ".loc",
                   ".section", ".b8", ".b16", ".b32", ".b64", ".maxntid",
                   ".reqntid", ".minnctapersm", ".maxnreg", ".maxclusterrank",
                   ".noreturn", ".explicitcluster", ".reqnctapercluster",
                   ".blocksPerCluster"}


# ---------------------------------------------------------------------------
# Statements of a PTX text: [start, end) offsets, end after the ';' (or the
# '{' of a header, or the ':' of a label), comments and strings skipped.

class Statement:
    __slots__ = ("start", "end", "text", "kind", "key")

    def __init__(self, start, end, text):
        self.start, self.end, self.text = start, end, text
        body = GUARD_RE.sub("", text)
        if text.startswith("."):
            self.kind = "directive"
        elif text.endswith(":") and re.fullmatch(r"[\w$.]+:", text):
            self.kind = "label"
        elif text in ("{", "}"):
            self.kind = "brace"
        else:
            self.kind = "instruction"
        m = OPCODE_RE.match(body)
        self.key = m.group(0) if m else body.split()[0] if body.split() else ""

    def opcode(self):
        return self.key if self.kind == "instruction" else None


def split_statements(text):
    """Statements of text, in order. Comments are blanked in the text the
    statement keeps; '{' and '}' are statements of their own."""
    stmts = []
    n = len(text)
    i = 0
    start = None
    buf = []
    depth = 0  # braces open inside the current statement

    def flush(end):
        nonlocal start, buf, depth
        depth = 0
        if start is not None:
            s = " ".join("".join(buf).split())
            if s:
                stmts.append(Statement(start, end, s))
        start, buf = None, []

    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if start is None:
                start = i
            buf.append(text[i:j + 1])
            i = j + 1
            continue
        if c in "{}":
            # A scope ('{' alone or after a function or section header, and
            # its '}'), or braces inside a statement: a vector operand
            # {%r1, %r2} or an initializer = {1, 2}.
            cur = "".join(buf).strip()
            inner = c == "}" and depth > 0 or c == "{" and cur and \
                (not cur.startswith(".") or "=" in cur)
            if inner:
                depth += 1 if c == "{" else -1
                buf.append(c)
                i += 1
                continue
            flush(i)
            stmts.append(Statement(i, i + 1, c))
            i += 1
            continue
        if c == ";":
            buf.append(c)
            flush(i + 1)
            i += 1
            continue
        if c == ":" and start is not None and \
                not text.startswith("::", i) and text[i - 1] != ":" and \
                re.fullmatch(r"\s*[\w$.]+", "".join(buf)) and \
                not "".join(buf).strip().startswith("."):
            buf.append(c)
            flush(i + 1)
            i += 1
            continue
        if c == "\n" and start is not None:
            # Directives that end at the end of the line (.loc, .file, .b8 in
            # debug sections, .maxntid after a header, ...), and a header
            # followed by one of them.
            cur = "".join(buf).strip()
            nxt = re.match(r"\s*(\.[\w]+)", text[i:i + 64])
            if cur.split()[0] in LINE_DIRECTIVES or \
                    (cur.endswith(")") and nxt and nxt.group(1) in LINE_DIRECTIVES):
                flush(i)
                i += 1
                continue
        if not c.isspace() and start is None:
            start = i
        if start is not None:
            buf.append(c)
        i += 1
    flush(n)
    return stmts


def offset_of(line_starts, line, col):
    return line_starts[line - 1] + col - 1


def line_of(line_starts, off):
    lo, hi = 0, len(line_starts)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if line_starts[mid] <= off:
            lo = mid
        else:
            hi = mid
    return lo + 1


def find_statement(stmts, off):
    """The statement that contains off, else the first one after it."""
    lo, hi = 0, len(stmts)
    while lo < hi:
        mid = (lo + hi) // 2
        if stmts[mid].end <= off:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < len(stmts) else None


# ---------------------------------------------------------------------------
# Forms

def directive_form(stmt, text_at_col):
    """For an error on a directive statement: the directive at the error
    column if there is one, else the statement's first directive (with its
    string argument, as `.pragma "nounroll"`)."""
    m = re.match(r"\.[\w:]+", text_at_col)
    tok = m.group(0) if m else stmt.key
    if tok == ".pragma":
        m = re.match(r'\.pragma\s+("[^"]*")', stmt.text)
        if m:
            return '.pragma ' + m.group(1)
    return tok


def classify(stmt, msg, text_at_col):
    """(form, kind) of an error: kind is 'opcode', 'operand', 'directive' or
    'call'."""
    quoted = QUOTED_RE.findall(msg)
    if stmt.kind == "instruction":
        for q in quoted:
            if q.startswith("%") and re.fullmatch(r"%[\w$.]+", q) and \
                    q not in (stmt.key,):
                return q, "operand"
        if re.match(r"function '", msg) and quoted:
            return "call " + quoted[0], "call"
        return stmt.key, "opcode"
    if stmt.kind == "directive":
        return directive_form(stmt, text_at_col), "directive"
    return stmt.text.split()[0], "other"


def matches(stmt, form, kind):
    if kind == "opcode":
        return stmt.kind == "instruction" and stmt.key == form
    if kind == "operand":
        return stmt.kind == "instruction" and \
            re.search(r"(?<![\w$%])" + re.escape(form) + r"(?![\w$])", stmt.text)
    if kind == "call":
        callee = form.split()[1]
        return stmt.kind == "instruction" and stmt.key.startswith("call") and \
            re.search(r"(?<![\w$])" + re.escape(callee) + r"(?![\w$])", stmt.text)
    if kind == "directive":
        return stmt.kind == "directive" and \
            (stmt.key == form or stmt.text.startswith(form) or
             re.search(r"(?<![\w$])" + re.escape(form) + r"(?![\w$])", stmt.text))
    return False


def declared_names(stmt):
    """Names a statement declares (.param / .reg / .shared ... name)."""
    if stmt.kind != "directive":
        return set()
    names = set(IDENT_RE.findall(stmt.text))
    return {n for n in names if not n.startswith(".") and not n.isdigit()}


# ---------------------------------------------------------------------------

def run_translate(translate, translation, path, timeout):
    try:
        p = subprocess.run([translate, "--" + translation, path],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout after %d s" % timeout
    return p.returncode, p.stderr.decode("utf-8", "replace")


def blank(buf, stmt):
    for k in range(stmt.start, stmt.end):
        if buf[k] != "\n":
            buf[k] = " "


def triage_file(path, translate, translation, max_iter, one_at_a_time,
                timeout):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    stmts = split_statements(text)
    buf = list(text)
    blanked = [False] * len(stmts)
    blanked_names = {}  # name -> form of the blanked declaration
    result = {"file": path, "status": None, "runs": 0, "errors": [],
              "artifacts": []}
    forms = {}  # (form, kind) -> entry
    tmpdir = tempfile.mkdtemp(prefix="ptx_triage.")
    scratch = os.path.join(tmpdir, os.path.basename(path))
    try:
        while True:
            if result["runs"] >= max_iter:
                result["status"] = "gave up after %d runs" % max_iter
                break
            with open(scratch, "w", encoding="utf-8") as f:
                f.write("".join(buf))
            rc, err = run_translate(translate, translation, scratch, timeout)
            result["runs"] += 1
            if rc == 0:
                result["status"] = "passes" if result["runs"] == 1 \
                    else "passes without the forms listed"
                break
            m = None
            for line in err.splitlines():
                m = ERROR_RE.match(line)
                if m:
                    break
            if rc is None or not m:
                result["status"] = "stopped: %s" % (
                    err.strip().splitlines()[0] if err.strip() else
                    "exit status %s without a message" % rc)
                break
            msg = m.group("msg").replace(scratch, path)
            line, col = int(m.group("line")), int(m.group("col"))
            off = offset_of(line_starts, line, col)
            idx = find_statement(stmts, off)
            if idx is None or blanked[idx]:
                result["status"] = "stopped: cannot attribute %s:%d:%d: %s" % (
                    path, line, col, msg)
                break
            stmt = stmts[idx]
            at_col = text[off:off + 80]
            # A consequence of an earlier blanking?
            hit = [q for q in QUOTED_RE.findall(msg) if q in blanked_names]
            if hit:
                result["artifacts"].append({
                    "line": line, "col": col, "message": msg,
                    "statement": stmt.text,
                    "because_blanked": blanked_names[hit[0]]})
                targets = [idx]
                form, kind = None, None
            else:
                form, kind = classify(stmt, msg, at_col)
                if kind in ("other",) or stmt.kind in ("brace", "label"):
                    # Blanking a brace or label would break the structure.
                    result["status"] = "stopped: %s:%d:%d: %s (on '%s')" % (
                        path, line, col, msg, stmt.text[:80])
                    key = (form, kind)
                    forms.setdefault(key, {
                        "form": form, "kind": kind, "message": msg,
                        "line": line, "statement": stmt.text[:200],
                        "count": 1, "messages": [msg]})
                    break
                key = (form, kind)
                entry = forms.get(key)
                if entry is None:
                    count = sum(1 for s in stmts if matches(s, form, kind))
                    entry = forms[key] = {
                        "form": form, "kind": kind, "message": msg,
                        "line": line, "statement": stmt.text[:200],
                        "count": max(count, 1), "messages": [msg]}
                elif msg not in entry["messages"] and len(entry["messages"]) < 5:
                    entry["messages"].append(msg)
                if one_at_a_time or kind == "directive":
                    targets = [idx]
                else:
                    targets = [k for k, s in enumerate(stmts)
                               if not blanked[k] and matches(s, form, kind)]
                    if idx not in targets:
                        targets.append(idx)
            for k in targets:
                blank(buf, stmts[k])
                blanked[k] = True
                for name in declared_names(stmts[k]):
                    blanked_names.setdefault(name, form or "artifact")
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    result["errors"] = sorted(forms.values(), key=lambda e: e["line"])
    return result


# ---------------------------------------------------------------------------

def family_variant(path):
    return os.path.basename(path)[:-len(".ptx")] if path.endswith(".ptx") \
        else os.path.basename(path)


def markdown(results):
    out = []
    table = {}
    for r in results:
        for e in r["errors"]:
            t = table.setdefault(e["form"], {"kind": e["kind"], "count": 0,
                                             "files": [], "message": e["message"]})
            t["count"] += e["count"]
            t["files"].append(family_variant(r["file"]))
    out.append("## Unsupported forms\n")
    out.append("| form | kind | count | files | in | first message |")
    out.append("|---|---|---|---|---|---|")
    for form, t in sorted(table.items(),
                          key=lambda kv: (-len(kv[1]["files"]), -kv[1]["count"], kv[0])):
        out.append("| `%s` | %s | %d | %d | %s | %s |" % (
            form, t["kind"], t["count"], len(t["files"]),
            " ".join(sorted(t["files"])), t["message"].replace("|", "\\|")))
    out.append("\n## Per file\n")
    for r in results:
        out.append("### %s: %s (%d runs)\n" % (family_variant(r["file"]),
                                                r["status"], r["runs"]))
        for e in r["errors"]:
            out.append("- `%s` x%d, line %d: %s  \n  `%s`" % (
                e["form"], e["count"], e["line"], e["message"], e["statement"]))
        for a in r["artifacts"]:
            out.append("- artifact (blanked %s), line %d: %s" % (
                a["because_blanked"], a["line"], a["message"]))
        out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--translate")
    ap.add_argument("--translation", default="import-ptx",
                    choices=["import-ptx", "ptx-to-llvmir"],
                    help="import-ptx (the frontend, default) or ptx-to-llvmir "
                    "(also the lowering; its errors name the PTX line too)")
    ap.add_argument("--max-iter", type=int, default=500)
    ap.add_argument("--one-at-a-time", action="store_true")
    ap.add_argument("--timeout", type=int, default=300,
                    help="seconds per ptx-translate run")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json")
    ap.add_argument("--markdown")
    args = ap.parse_args()
    translate = args.translate
    if not translate:
        here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                            "build", "bin", "ptx-translate")
        translate = here if os.access(here, os.X_OK) else shutil.which("ptx-translate")
    if not translate:
        ap.error("no ptx-translate: give --translate")
    results = [None] * len(args.files)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(triage_file, f, translate, args.translation,
                          args.max_iter,
                          args.one_at_a_time, args.timeout): i
                for i, f in enumerate(args.files)}
        for fut in concurrent.futures.as_completed(futs):
            i = futs[fut]
            results[i] = fut.result()
            r = results[i]
            print("%s: %s, %d forms, %d runs" % (r["file"], r["status"],
                                                 len(r["errors"]), r["runs"]),
                  file=sys.stderr, flush=True)
    md = markdown(results)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(md + "\n")
    else:
        print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
