#!/usr/bin/env python3
"""Splices the generated instruction table into docs/status.md.

The table is generated from include/ptxjit/Dialect/PTX/IR/PTXInstrs.td by
`ptxjit-tblgen -gen-ptx-instr-docs` (the build writes it to
build/include/ptxjit/Dialect/PTX/IR/PTXInstrs.md). docs/status.md holds it
between two marker lines.

    scripts/update-instr-table.py [--check] GENERATED.md [docs/status.md]

With --check, nothing is written; the exit status is 1 when docs/status.md
differs from the generated table (test/TableGen/docs-in-sync.test).
"""
import argparse
import os
import sys

BEGIN = "<!-- BEGIN instruction table -->"
END = "<!-- END instruction table -->"


def splice(doc, table):
    """Returns doc with the text between the markers replaced by table."""
    try:
        head, rest = doc.split(BEGIN + "\n", 1)
        _, tail = rest.split(END + "\n", 1)
    except ValueError:
        sys.exit("update-instr-table: the markers %r and %r are missing"
                 % (BEGIN, END))
    return head + BEGIN + "\n" + table.rstrip("\n") + "\n" + END + "\n" + tail


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("generated")
    parser.add_argument("doc", nargs="?", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "docs",
        "status.md"))
    args = parser.parse_args()
    with open(args.generated) as f:
        table = f.read()
    with open(args.doc) as f:
        doc = f.read()
    new = splice(doc, table)
    if args.check:
        if new != doc:
            print("%s: the instruction table is out of date; run "
                  "scripts/update-instr-table.py %s" % (args.doc,
                                                       args.generated))
            return 1
        return 0
    if new != doc:
        with open(args.doc, "w") as f:
            f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
