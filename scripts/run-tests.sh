#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite:
#   1. the ordinary build (build/) and CTest;
#   2. the reproducible-build test (tests/reproducible: two more builds of
#      the command and the modules, in other folders, compared byte by byte),
#      the packages test (tests/packaging: .deb and .tar.gz built with cpack,
#      checked with lintian and used as installed trees), and the benchmarks
#      built (bench/, not run);
#   3. scripts/run-sanitizers.sh: the suite under ASan+UBSan (build-asan/),
#      threaded `simulate` under TSan (build-tsan/);
#   4. scripts/run-fuzzers.sh: every libFuzzer target for a bounded time
#      (build-fuzz/).
# Each part runs even when an earlier one failed; the script fails if any
# did. Arguments go to the ordinary CTest run.
#
# CK_SKIP_SANITIZERS=1 skips parts 3 and 4 for a quick local run; in CI
# (CI=true) they always run.
set -euo pipefail
cd "$(dirname "$0")/.."

failed=()
# What failed, kept for the end of the run: CI shows only the last part of
# a long run's output, and a failed test's own output is far above it.
failures=$(mktemp)
trap 'rm -f "$failures"' EXIT

# ctest_failures: the tests the last CTest run failed, each with the end
# of its output (from CTest's own log of that run).
ctest_failures() {
  local dir=build/Testing/Temporary
  [ -s "$dir/LastTestsFailed.log" ] || return 0
  echo "failed tests:"
  sed 's/^/  /' "$dir/LastTestsFailed.log"
  local name
  while IFS=: read -r _ name; do
    echo "--- the end of $name's output:"
    awk -v name="$name" '
      $0 ~ "^[0-9]+/[0-9]+ Test: " && substr($0, index($0, "Test: ") + 6) == name { on = 1; n = 0; next }
      on && /^<end of output>/ { on = 0 }
      on { line[n++ % 40] = $0 }
      END { for (i = (n > 40 ? n - 40 : 0); i < n; ++i) print line[i % 40] }' "$dir/LastTest.log"
  done < "$dir/LastTestsFailed.log"
}

# part NAME COMMAND...: runs one part, timing it.
part() {
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  echo "run-tests: $name: $((SECONDS - start)) s, $( ((status)) && echo "FAILED (exit status $status)" || echo passed)"
  if ((status)); then
    failed+=("$name")
    if [ "$1" = ctest ] || [ "$1" = ordinary ]; then
      { echo "== $name"; ctest_failures; } >> "$failures"
    fi
  fi
}

# (set -e does not apply inside `part`'s "$@" || ..., hence the &&.)
ordinary() {
  rm -f build/Testing/Temporary/LastTestsFailed.log  # a failed build lists no tests
  bash scripts/build.sh && ctest --test-dir build --output-on-failure -j "$(nproc)" -LE '^(reproducible|packaging)$' "$@"
}

part "ordinary build and tests" ordinary "$@"
part "reproducible builds (tests/reproducible)" ctest --test-dir build --output-on-failure -L reproducible
# The packages (a minute: cpack, lintian, the unpacked trees used as installs).
part "packages (tests/packaging)" ctest --test-dir build --output-on-failure -L '^packaging$'
# The benchmarks (bench/) are not tests and not in the ordinary build; they
# are built here so that they keep compiling (they are not run).
part "benchmarks build (not run)" cmake --build build -j "$(nproc)" --target ck_benchmarks
if [ "${CK_SKIP_SANITIZERS:-0}" = 1 ] && [ "${CI:-}" != true ]; then
  echo "run-tests: CK_SKIP_SANITIZERS=1: sanitizer builds and fuzzers skipped"
else
  part "sanitizers (scripts/run-sanitizers.sh)" bash scripts/run-sanitizers.sh
  part "fuzzers (scripts/run-fuzzers.sh)" bash scripts/run-fuzzers.sh
fi
echo "run-tests: whole run: $SECONDS s"
if ((${#failed[@]})); then
  # At most 400 lines: a whole suite failing should not bury the summary.
  head -n 400 "$failures"
  printf 'run-tests: FAILED: %s\n' "${failed[@]}"
  exit 1
fi
