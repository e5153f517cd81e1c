#!/usr/bin/env python3
"""Reads an abidiff report (run without suppressions) on stdin and exits 0
when every change in it is a member appended at the end of a struct (the
struct grows; older readers never look past their struct_size), else 1,
printing the lines that are not. abidiff's own suppression for this
(has_data_member_inserted_at = end) also hides a member whose type changed
in place, so the gate reads the report itself."""
import re
import sys

# Lines that only say where a change is, or say it is an append.
CONTEXT = [
    r"^Functions changes summary: 0 Removed, \d+ Changed( \(\d+ filtered out\))?, 0 Added functions?$",
    r"^Variables changes summary: 0 Removed, 0 Changed, 0 Added variables?$",
    r"^\d+ functions? with some indirect sub-type changes?:$",
    r"^\[C\] 'function .*' at .* has some indirect sub-type changes:$",
    r"^parameter \d+ of type '.*' has sub-type changes:$",
    r"^in pointed to type '.*'( at .*)?:$",
    r"^in unqualified underlying type '.*'( at .*)?:$",
    r"^underlying type 'struct \w+'( at .*)? changed:$",
    r"^\d+ data member insertions?:$",
]
size_re = re.compile(r"^type size changed from (\d+) to (\d+) \(in bits\)$")
member_re = re.compile(r"^'.*', at offset (\d+) \(in bits\)( at .*)?$")

bad = []
old_size = None
for raw in sys.stdin:
    line = raw.strip()
    if not line:
        continue
    m = size_re.match(line)
    if m:
        old_size = int(m.group(1))
        if int(m.group(2)) < old_size:
            bad.append(line + "   <- a struct shrank")
        continue
    m = member_re.match(line)
    if m:
        if old_size is None or int(m.group(1)) < old_size:
            bad.append(line + "   <- inserted before the end of the struct")
        continue
    if not any(re.match(p, line) for p in CONTEXT):
        bad.append(line)
if bad:
    print("changes that are not members appended at the end of a struct:")
    for b in bad:
        print("  " + b)
    sys.exit(1)
