#!/usr/bin/env bash
# Installs what is missing, builds, and plays one full game on the reference
# host with every expansion the library has, loaded through the C ABI.
#
# Only what the game needs: the packages for building the command, the
# plugin modules and the Python package (scripts/install-deps.sh without
# --tests), and those targets alone, in their own folder (build-game/, an
# -O1 build without tests or benchmarks) so the test command's build/ keeps
# its own configuration. Afterwards `PYTHONPATH=build-game/python python3`
# imports cloisterkit (docs/python.md). Arguments go to `cloisterkit play`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# -O1: one game needs no more, and it compiles in half the time of -O2.
cmake -S . -B build-game -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" -DCK_BUILD_TESTS=OFF -DCK_BUILD_BENCH=OFF >/dev/null
cmake --build build-game -j "$(nproc)" --target cloisterkit ck_all_plugins ck_python
exec build-game/bin/cloisterkit play --players 2 --seed 1 --expansions all "$@"
