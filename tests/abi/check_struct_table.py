#!/usr/bin/env python3
"""Keeps docs/abi.md's struct layout table true (test abi.struct_table_matches_docs).

    check_struct_table.py PRINTER DOC HEADER

PRINTER is tests/abi/struct_table.c built for this platform (LP64); it
prints each struct's size and alignment and each member's offset and size.
The check fails, naming the first difference, when
  - a struct or member of HEADER (plugin.h) is missing from the printer or
    from the table, or the table lists one that does not exist;
  - a number in the table's LP64 columns differs from the printer's;
  - a Win64 number differs from its LP64 one: plugin.h uses only
    fixed-width integers, char arrays, pointers, size_t and function
    pointers, which have the same size and alignment on LP64 and LLP64, and
    the check also fails if a struct member uses a type that does not
    (long, enum, wchar_t, long double, _Bool, a bit-field), because the
    Win64 columns would then have to be derived by hand.
The table lies between the comments "<!-- struct-table begin ... -->" and
"<!-- struct-table end -->" in DOC.
"""
import re
import subprocess
import sys

BEGIN = "<!-- struct-table begin"
END = "<!-- struct-table end -->"


def fail(message):
    print("abi.struct_table_matches_docs: FAILED: " + message, file=sys.stderr)
    sys.exit(1)


def header_structs(path):
    """{struct: [member, ...]} in declaration order, from plugin.h's typedef structs."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    structs = {}
    for m in re.finditer(r"typedef\s+struct\s+(\w+)\s*\{(.*?)\}\s*(\w+)\s*;", text, flags=re.S):
        name, body = m.group(1), m.group(2)
        members = []
        for decl in body.split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            for word in ("long", "enum", "wchar_t", "_Bool", "bool"):
                if re.search(r"\b%s\b" % word, decl):
                    fail("%s: member '%s' uses '%s', whose size or alignment may differ between LP64 "
                         "and Win64; derive the Win64 columns of docs/abi.md by hand and update this check"
                         % (name, decl, word))
            fp = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
            if fp:
                members.append(fp.group(1))
                continue
            if re.search(r":\s*\d+$", decl):
                fail("%s: member '%s' is a bit-field" % (name, decl))
            plain = re.search(r"(\w+)\s*(\[[^\]]*\])?$", decl)
            if not plain:
                fail("%s: cannot read the member declaration '%s'" % (name, decl))
            members.append(plain.group(1))
        structs[name] = members
    if not structs:
        fail("no typedef struct found in " + path)
    return structs


def printer_layout(path):
    out = subprocess.run([path], check=True, capture_output=True, text=True).stdout
    layout = {}
    order = []
    for line in out.splitlines():
        kind, name, a, b = line.split()
        layout[name] = (int(a), int(b))
        order.append(name)
    return layout, order


def cells(row):
    return [c.strip() for c in row.strip().strip("|").split("|")]


def doc_table(path):
    text = open(path, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        fail("%s has no '%s ... -->' ... '%s' section" % (path, BEGIN, END))
    section = text.split(BEGIN, 1)[1].split(END, 1)[0]
    rows = {}
    order = []
    for line in section.splitlines():
        if not line.startswith("|"):
            continue
        c = cells(line)
        m = re.fullmatch(r"`([\w.]+)`", c[0])
        if not m:
            continue  # a header or separator row
        name = m.group(1)
        # struct rows: name | LP64 size | LP64 alignment | Win64 size | Win64 alignment
        # member rows: name | C type | LP64 offset | LP64 size | Win64 offset | Win64 size
        numbers = c[1:] if "." not in name else c[2:]
        if len(numbers) != 4 or not all(re.fullmatch(r"\d+", n) for n in numbers):
            fail("docs/abi.md: the row of %s does not have four numbers: %s" % (name, line.strip()))
        if name in rows:
            fail("docs/abi.md: %s is listed twice" % name)
        rows[name] = tuple(int(n) for n in numbers)
        order.append(name)
    return rows, order


def main():
    if len(sys.argv) != 4:
        fail("usage: check_struct_table.py PRINTER DOC HEADER")
    printer, doc, header = sys.argv[1:]
    structs = header_structs(header)
    layout, _ = printer_layout(printer)
    rows, order = doc_table(doc)

    expected = []
    for s, members in structs.items():
        expected.append(s)
        expected += ["%s.%s" % (s, m) for m in members]
    for name in expected:
        if name not in layout:
            fail("%s is in plugin.h but tests/abi/struct_table.c does not print it" % name)
        if name not in rows:
            fail("%s is in plugin.h but not in the struct table of docs/abi.md" % name)
    for name in order:
        if name not in layout:
            fail("docs/abi.md lists %s, which plugin.h does not declare" % name)

    for name in expected:
        lp64_a, lp64_b, win_a, win_b = rows[name]
        what = ("size", "alignment") if "." not in name else ("offset", "size")
        actual = layout[name]
        for label, doc_value, real in ((what[0], lp64_a, actual[0]), (what[1], lp64_b, actual[1])):
            if doc_value != real:
                fail("%s: docs/abi.md gives LP64 %s %d, the compiler says %d" % (name, label, doc_value, real))
        if (win_a, win_b) != (lp64_a, lp64_b):
            fail("%s: docs/abi.md gives Win64 %s %d and %s %d, but plugin.h's types have the same layout "
                 "on LP64 and Win64 (LP64: %d and %d)" % (name, what[0], win_a, what[1], win_b, lp64_a, lp64_b))
    print("abi.struct_table_matches_docs: docs/abi.md matches the compiler for %d structs and %d members "
          "(LP64; Win64 equal)" % (len(structs), len(expected) - len(structs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
