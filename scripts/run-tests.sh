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
# part NAME COMMAND...: runs one part, timing it.
part() {
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  echo "run-tests: $name: $((SECONDS - start)) s, $( ((status)) && echo "FAILED (exit status $status)" || echo passed)"
  ((status == 0)) || failed+=("$name")
}

# (set -e does not apply inside `part`'s "$@" || ..., hence the &&.)
ordinary() {
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
  printf 'run-tests: FAILED: %s\n' "${failed[@]}"
  exit 1
fi
