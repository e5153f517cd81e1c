#!/usr/bin/env bash
# The fuzzing part of the test suite (run by scripts/run-tests.sh; alone:
# bash scripts/run-fuzzers.sh [TARGET...], every target when none is named).
#
# Builds the libFuzzer targets of tests/fuzz with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer into build-fuzz/ (CK_FUZZ=ON), then runs each
# for a bounded time, starting from its committed seeds
# (tests/fuzz/corpus/<target>/; what a run finds goes to
# build-fuzz/corpus/<target>/, never into the source tree).
#
#   CK_FUZZ_SECONDS  seconds per target (default 10)
#   CK_JOBS          targets run at once, and build jobs (default: nproc)
#
# A crash, leak, timeout, out-of-memory or sanitizer report fails the script
# with a line "FUZZ FAILURE (<what>) in fuzz_<target>" and the input that
# caused it in build-fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitizer-common.sh
bash scripts/install-deps.sh --tests

dir=build-fuzz
seconds=${CK_FUZZ_SECONDS:-10}
jobs=${CK_JOBS:-$(nproc)}
# Per input: 10 s is far above any real input (they take milliseconds).
timeout_s=10
rss_mb=2048
# -O0, no debug information: the cheapest build (CI's time budget); reports
# still name every function. CK_SANITIZER_OPT="-O1 -g" for line numbers.
opt=${CK_SANITIZER_OPT:-"-O0"}

echo "run-fuzzers: building the fuzz targets in $dir"
CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_FLAGS_DEBUG="$opt" -DCMAKE_CXX_FLAGS_DEBUG="$opt" \
  -DCK_FUZZ=ON -DCK_BUILD_TESTS=OFF -DCK_BUILD_BENCH=OFF -DCK_BUILD_PYTHON=OFF >/dev/null
cmake --build "$dir" -j "$jobs" --target ck_fuzzers

targets=("$@")
if ((${#targets[@]} == 0)); then
  for f in "$dir"/bin/fuzz_*; do targets+=("${f##*/fuzz_}"); done
fi

# fuzz_one TARGET: runs it; its output goes to $dir/logs/TARGET.log.
fuzz_one() {
  local t=$1 seeds=tests/fuzz/corpus/$1 work=$dir/corpus/$1 log=$dir/logs/$1.log
  mkdir -p "$work" "$dir/artifacts" "$dir/logs"
  [ -d "$seeds" ] || { echo "run-fuzzers: no seed corpus $seeds" >"$log"; return 1; }
  "$dir/bin/fuzz_$t" "$work" "$seeds" -max_total_time="$seconds" -timeout="$timeout_s" \
    -rss_limit_mb="$rss_mb" -malloc_limit_mb="$rss_mb" -detect_leaks=1 -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/$t-" >"$log" 2>&1
}

# report TARGET STATUS: says what went wrong, if anything; returns 1 then.
report() {
  local t=$1 status=$2 log=$dir/logs/$1.log what=""
  if grep -q "ERROR: libFuzzer: timeout" "$log"; then what="timeout after ${timeout_s} s"
  elif grep -q "ERROR: libFuzzer: out-of-memory" "$log"; then what="out of memory (over ${rss_mb} MB)"
  elif grep -q "ERROR: LeakSanitizer" "$log"; then what="LeakSanitizer"
  elif grep -q "ERROR: AddressSanitizer" "$log"; then what="AddressSanitizer"
  elif grep -qE "runtime error: |ERROR: UndefinedBehaviorSanitizer" "$log"; then what="UndefinedBehaviorSanitizer"
  elif grep -q "ERROR: libFuzzer: deadly signal" "$log"; then what="crash: $(grep -m1 -E '_fuzzer: |terminate called|what\(\)' "$log" || echo 'deadly signal')"
  elif ((status)); then what="exit status $status: $(grep -m1 -E '^run-fuzzers: |ERROR' "$log" || tail -n1 "$log")"
  fi
  if [ -n "$what" ]; then
    echo "FUZZ FAILURE ($what) in fuzz_$t; log: $log"
    grep -m1 -E "Test unit written to" "$log" || true
    sed -n '1,200p' "$log" | grep -E "ERROR|runtime error|#[0-9]+ 0x|_fuzzer: |SUMMARY" | head -30
    return 1
  fi
  echo "run-fuzzers: fuzz_$t clean: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') inputs in ${seconds} s"
}

echo "run-fuzzers: ${#targets[@]} targets, ${seconds} s each, $jobs at once"
declare -A name_of status_of
running=0
# collect: waits for one running target and records its exit status.
collect() {
  local pid s=0
  wait -n -p pid || s=$?
  status_of[${name_of[$pid]}]=$s
  running=$((running - 1))
}
for t in "${targets[@]}"; do
  while ((running >= jobs)); do collect; done
  fuzz_one "$t" &
  name_of[$!]=$t
  running=$((running + 1))
done
while ((running > 0)); do collect; done
failed=0
for t in "${targets[@]}"; do
  report "$t" "${status_of[$t]}" || failed=1
done
if ((failed)); then
  echo "run-fuzzers: FAILED"
  exit 1
fi
echo "run-fuzzers: every target ran clean"
