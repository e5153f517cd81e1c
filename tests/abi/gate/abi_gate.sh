#!/usr/bin/env bash
# The libabigail gate of the C interface (abi/cloisterkit/plugin.h) against
# its committed baseline, abi/plugin-abi.xml.
#
#   abi_gate.sh check      SOURCE_DIR WORK_DIR [CC]  compare plugin.h with the baseline
#   abi_gate.sh selftest   SOURCE_DIR WORK_DIR [CC]  the gate accepts an appended member
#                                                    and refuses breaking changes
#   abi_gate.sh rebaseline SOURCE_DIR WORK_DIR [CC]  write the baseline anew (a release
#                                                    commit only; docs/abi.md §14)
#
# How: surface.c, compiled against a plugin.h with debug information, is
# read by abidw; abidiff compares that with the baseline, and
# only_appends.py lets through members appended at the end of a struct and
# nothing else. Any other change fails with abidiff's report (which struct,
# which member, which offset) and exit status 1. (abidiff's suppression
# has_data_member_inserted_at = end is not used: it also hides a member
# whose type changed in place, as the selftest's "retyped" shows.)
set -euo pipefail
mode=${1:?mode}; src=${2:?source dir}; work=${3:?work dir}; cc=${4:-cc}
here=$(cd "$(dirname "$0")" && pwd)
baseline=$src/abi/plugin-abi.xml
for tool in abidw abidiff; do
  command -v "$tool" >/dev/null || { echo "abi gate: $tool not found (Debian: apt-get install abigail-tools)" >&2; exit 1; }
done
mkdir -p "$work"

# abi_of INCLUDE_DIR OUT.xml: the interface surface.c sees through INCLUDE_DIR.
abi_of() {
  "$cc" -std=c99 -g -Og -shared -fPIC -fvisibility=hidden -I"$1" "$here/surface.c" -o "$work/surface.so"
  abidw --no-corpus-path --no-comp-dir-path --short-locs --out-file "$2" "$work/surface.so"
}

# Every public struct of the header must be on the surface, or a change to
# it would go unseen.
covered() {
  local header=$1 missing=""
  for s in $(sed -n 's/^typedef struct \(ck_[a-z_]*\) {.*/\1/p' "$header"); do
    grep -q "CK_SURFACE($s)" "$here/surface.c" || missing="$missing $s"
  done
  [ -z "$missing" ] || { echo "abi gate: structs of plugin.h missing from tests/abi/gate/surface.c:$missing" >&2; return 1; }
}

# compare INCLUDE_DIR: 0 when compatible with the baseline, else 1 with the report.
compare() {
  rm -f "$work/verdict.txt"
  abi_of "$1" "$work/current.xml"
  local status=0
  abidiff "$baseline" "$work/current.xml" >"$work/report.txt" || status=$?
  [ "$status" -eq 0 ] && return 0
  # Bit 1 (2): abidiff itself failed; bit 3 (8): an incompatible change
  # such as a removed symbol; bit 2 (4) alone: changes, read below.
  if [ $((status & 11)) -eq 0 ] && python3 "$here/only_appends.py" <"$work/report.txt" >"$work/verdict.txt"; then
    return 0
  fi
  echo "abi gate: the C interface in $1/cloisterkit/plugin.h is not compatible with $baseline" \
       "(abidiff status $status):"
  cat "$work/verdict.txt" 2>/dev/null || true
  echo "abidiff's report:"
  cat "$work/report.txt"
  return 1
}

case $mode in
  check)
    covered "$src/abi/cloisterkit/plugin.h"
    compare "$src/abi" && echo "abi gate: plugin.h is compatible with abi/plugin-abi.xml"
    ;;
  rebaseline)
    covered "$src/abi/cloisterkit/plugin.h"
    abi_of "$src/abi" "$baseline"
    echo "abi gate: wrote $baseline"
    ;;
  selftest)
    # A copy of the header with one change each; the gate must say yes to
    # the first and no to the others, naming the struct.
    variant() {  # NAME: a fresh copy of the header in $work/NAME
      rm -rf "${work:?}/$1"
      mkdir -p "$work/$1/cloisterkit"
      cp "$src"/abi/cloisterkit/*.h "$work/$1/cloisterkit/"
      echo "$work/$1/cloisterkit/plugin.h"
    }
    expect_refused() {  # NAME WHAT: the gate refuses variant NAME and names WHAT
      if compare "$work/$1" >"$work/$1.log"; then
        echo "abi gate selftest: FAILED: the gate accepted $1"; cat "$work/$1.log"; exit 1
      fi
      grep -q "$2" "$work/$1.log" || { echo "abi gate selftest: FAILED: $1 refused without naming $2"; cat "$work/$1.log"; exit 1; }
      echo "abi gate selftest: refused $1, naming $2"
    }
    h=$(variant appended)
    sed -i 's/^    uint32_t schema_max;\(.*\)$/    uint32_t schema_max;\1\n    uint32_t appended_later;/' "$h"
    grep -q appended_later "$h"
    compare "$work/appended" >"$work/appended.log" || { echo "abi gate selftest: FAILED: an appended member was refused"; cat "$work/appended.log"; exit 1; }
    echo "abi gate selftest: accepted a member appended to ck_negotiate_in"
    h=$(variant inserted)
    sed -i 's/^    int32_t code;$/    int32_t code;\n    int32_t inserted;/' "$h"
    grep -q "int32_t inserted;" "$h"
    expect_refused inserted "ck_error"
    h=$(variant function_inserted)
    sed -i 's|^    void (\*destroy)(ck_plugin_ctx\* ctx);|    void (*inserted)(void);\n    void (*destroy)(ck_plugin_ctx* ctx);|' "$h"
    grep -q "(\*inserted)" "$h"
    expect_refused function_inserted "ck_plugin_api"
    h=$(variant retyped)
    sed -i 's/^    uint64_t hooks; /    uint32_t hooks; /' "$h"
    grep -q "uint32_t hooks;" "$h"
    expect_refused retyped "ck_expansion_desc"
    echo "abi gate selftest: passed"
    ;;
  *) echo "abi_gate.sh: unknown mode $mode" >&2; exit 2 ;;
esac
