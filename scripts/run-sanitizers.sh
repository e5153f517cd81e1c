#!/usr/bin/env bash
# The sanitizer part of the test suite (run by scripts/run-tests.sh; alone:
# bash scripts/run-sanitizers.sh [asan] [tsan], both when none is named).
#
#   asan  the whole test suite built with AddressSanitizer and
#         UndefinedBehaviorSanitizer (clang; the tests -O0, the code under
#         test -O1) in build-asan/, run by CTest
#   tsan  the `cloisterkit` command and the plugin module built with
#         ThreadSanitizer (g++, -O1) in build-tsan/, running threaded
#         `simulate` games with every expansion, `mcts` threads, `serve`,
#         and `validate`'s threads check on the plugin module
#
# Any sanitizer report fails the script with a line
# "SANITIZER REPORT (<sanitizer>) in <test or command>".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitizer-common.sh
bash scripts/install-deps.sh --tests

parts=("$@")
((${#parts[@]})) || parts=(asan tsan)
jobs=${CK_JOBS:-$(nproc)}  # CK_JOBS: fewer build and test jobs on a shared machine
failed=0

# Tests not run under ASan, each with its reason (CTest regular expression).
#   render_e2e_chromium: drives Debian's Chromium (not built with ASan) over
#     WebDriver; it checks the page, not our memory, and takes minutes under
#     ASan's slower `cloisterkit`. It runs in the ordinary suite.
#   python_host: loads the module into Debian's python3, which is not built
#     with ASan (the module's ASan runtime would have to be preloaded into
#     the interpreter). It runs in the ordinary suite; the module's own
#     tests run under ASan.
#   install.consumer: installs the build and compiles a module against it
#     with the system's CMake and pkg-config; it checks the package, and
#     runs in the ordinary suite.
#   abi.libabigail_*: compare the header's debug information with a
#     baseline written from g++'s; clang's DWARF names some types
#     differently. They check the header, and run in the ordinary suite.
#   packaging.packages: packages the build with cpack and checks the .debs
#     with lintian; a package of ASan binaries (their runtime found through
#     an rpath) is not one to ship. It checks the packaging, and runs in the
#     ordinary suite.
#   princess_dragon.validate: `validate`'s twelve games of a module whose
#     portal turns offer hundreds of placements, over its 120 s limit per
#     check under ASan on a loaded machine; the validator runs under ASan in
#     the Validate.* tests, the module's hooks in its own and the PdCli tests.
#   cult.validate, darmstadt.validate, labyrinth.validate,
#     watchtowers.validate, wind_roses.validate, traders_builders.validate, king_robber.validate, river.validate,
#     gq11.validate, abbey_mayor.validate: the same validator over games with every shipped
#     expansion, 40 to 85 s each under ASan; their modules' hooks run under
#     ASan in their own rules, hook, scenario and CLI tests.
#   serve.e2e.*: drive Debian's Chromium against `cloisterkit serve`, as
#     render_e2e_chromium does; serve.api.load: 50 whole games through the
#     server, minutes under ASan; serve.defense.fairness and
#     serve.defense.slow-clients time answers against a second, which a
#     build several times slower cannot keep. The server's code runs under
#     ASan in the other serve.api.* and serve.defense.* tests (a full game,
#     two seats, a restart after kill -9, bad input, every defense but
#     those two); these run in the ordinary suite.
#   build.reproducible: builds two copies of the source tree with the
#     ordinary compiler and compares their bytes; nothing of it runs under
#     ASan. scripts/run-tests.sh runs it as a part of its own.
asan_excluded='^(build\.reproducible|render_e2e_chromium|python_host|install\.consumer|abi\.libabigail_.*|packaging\.packages|serve\.e2e\..*|serve\.api\.load|serve\.defense\.(fairness|slow-clients)|(princess_dragon|cult|darmstadt|labyrinth|watchtowers|wind_roses|traders_builders|king_robber|river|gq11|abbey_mayor)\.validate)$'
# Benchmarks (bench/) are not tests; CK_BUILD_BENCH=OFF does not build them.

run_asan() {
  local dir=build-asan rt
  rt=$(ck_clang_runtime_dir)
  local san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -shared-libsan"
  # The tests -O0 (most of the build), the code under test -O1 (the suite
  # runs several times faster), no debug information: CI's time budget
  # (docs/reliability.md, "Sanitizers"); reports still name every function.
  # CK_SANITIZER_OPT="-O1 -g" for line numbers everywhere.
  local opt=${CK_SANITIZER_OPT:-"-O0"} lib_opt=${CK_SANITIZER_LIBRARY_OPT:-"-O1"}
  echo "run-sanitizers: ASan+UBSan build in $dir"
  CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS_DEBUG="$opt" -DCMAKE_CXX_FLAGS_DEBUG="$opt" \
    -DCMAKE_C_FLAGS="$san" -DCMAKE_CXX_FLAGS="$san" \
    -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath,$rt" -DCMAKE_SHARED_LINKER_FLAGS="-Wl,-rpath,$rt" \
    -DCMAKE_MODULE_LINKER_FLAGS="-Wl,-rpath,$rt" \
    -DCK_LIBRARY_COMPILE_OPTIONS="$lib_opt" -DCK_BUILD_BENCH=OFF -DCK_BUILD_PYTHON=OFF >/dev/null
  cmake --build "$dir" -j "$jobs"
  echo "run-sanitizers: the test suite under ASan+UBSan (not run: $asan_excluded)"
  local status=0
  # The property tests play 30% of their games (tests/support/game_count.hpp):
  # ASan checks memory, not the number of games, and runs them ten times
  # slower. The ordinary suite plays them all.
  # Time limits the tests give the code (validate's --timeout) are four
  # times longer (tests/support/time_limit.hpp): a limit, not a measurement.
  CK_TEST_GAMES_PERCENT=${CK_TEST_GAMES_PERCENT:-30} CK_TEST_TIME_SCALE=${CK_TEST_TIME_SCALE:-4} \
    ctest --test-dir "$dir" --output-on-failure -j "$jobs" -E "$asan_excluded" || status=$?
  if ! ck_sanitizer_reports "$dir/Testing/Temporary/LastTest.log"; then
    failed=1
  elif ((status)); then
    echo "run-sanitizers: the test suite failed under ASan+UBSan (no sanitizer report)"
    failed=1
  fi
}

run_tsan() {
  local dir=build-tsan
  echo "run-sanitizers: TSan build of cloisterkit and the plugin module in $dir"
  CC=gcc CXX=g++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS_DEBUG="-O1" -DCMAKE_CXX_FLAGS_DEBUG="-O1" \
    -DCMAKE_C_FLAGS="-fsanitize=thread" -DCMAKE_CXX_FLAGS="-fsanitize=thread" \
    -DCK_BUILD_TESTS=OFF -DCK_BUILD_BENCH=OFF -DCK_BUILD_PYTHON=OFF >/dev/null
  cmake --build "$dir" -j "$jobs" --target cloisterkit ck_all_plugins
  local threads
  # 2 threads (as many as CI's cores) and 8 (more than cores: preemption
  # inside every shared structure).
  for threads in 2 8; do
    # Random players: greedy ones cost about 4 CPU seconds a game under TSan.
    # 45 games (100 before the four small modules, 60 before Traders &
    # Builders' 24 tiles made each game longer): the threads share the
    # registry and caches from the first game on.
    tsan_run "simulate-$threads" "simulate --expansions all --threads $threads" \
      "$dir/bin/cloisterkit" simulate --expansions all --players 3 --games 45 --threads "$threads" --seed 11
  done
  # The mcts player's search threads (root parallelism, a bridge each),
  # over the shipped module's hand play and the dragon's movement stage
  # (a module of its own). Not every expansion: with all ten one game
  # took 8 minutes under TSan, and the simulate runs above already call
  # every module from several threads; 20 playouts a move.
  tsan_run mcts-threads "play with mcts:threads=2" \
    "$dir/bin/cloisterkit" play --expansions halflings,princess-and-dragon --seed 5 \
    --player-types mcts:playouts=20:threads=2,greedy
  # The validator's `threads` check: the shipped module's recorded calls
  # made from 4 threads at once (each check in a forked child, whose
  # reports land in the same log). Its single-threaded parent forks.
  tsan_run validate-threads "validate --only threads on the shipped module" \
    "$dir/bin/cloisterkit" validate "$dir/plugins/cloisterkit_expansions.so" --only threads --games 1 --alone
  # The server's request threads, its computer seat's worker thread and the
  # event stream, in a whole game through the API (tests/serve). The
  # server's own output, where a report would be, is its data.log.
  tsan_run serve "serve, a game against a greedy seat through the API" \
    python3 tests/serve/api_tests.py --cli "$dir/bin/cloisterkit" --out "$dir/serve" full-game
  ck_sanitizer_reports "$dir/serve/full-game/data.log" "cloisterkit serve (log: $dir/serve/full-game/data.log)" ||
    failed=1
  # The computer workers and the housekeeping thread beside the request
  # threads: games deleted by a seat and expired while computers play them,
  # journals folded; a computer's move whose save fails, kept and retried.
  local scenario
  for scenario in delete-expire save-retry; do
    tsan_run "serve-$scenario" "serve, $scenario (tests/serve/defense_tests.py)" \
      python3 tests/serve/defense_tests.py --cli "$dir/bin/cloisterkit" --out "$dir/serve" "$scenario"
    ck_sanitizer_reports "$dir/serve/$scenario/data.log" "cloisterkit serve (log: $dir/serve/$scenario/data.log)" ||
      failed=1
  done
}

# tsan_run NAME WHAT COMMAND...: runs a command of the TSan build; a report
# or a failure fails the part.
tsan_run() {
  local name=$1 what=$2 log="build-tsan/$1.log" status=0
  shift 2
  echo "run-sanitizers: $what under TSan"
  "$@" >"$log" 2>&1 || status=$?
  if ! ck_sanitizer_reports "$log" "$what (log: $log)"; then
    failed=1
  elif ((status)); then
    echo "run-sanitizers: $what exited with $status under TSan (no sanitizer report):"
    cat "$log"
    failed=1
  fi
}

for part in "${parts[@]}"; do
  case $part in
    asan) run_asan ;;
    tsan) run_tsan ;;
    *) echo "run-sanitizers: unknown part '$part' (asan or tsan)" >&2; exit 2 ;;
  esac
done
if ((failed)); then
  echo "run-sanitizers: FAILED"
  exit 1
fi
echo "run-sanitizers: no sanitizer report"
