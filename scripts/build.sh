#!/usr/bin/env bash
# Configures and builds into ./build (Ninja, RelWithDebInfo by default).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --tests
# RelWithDebInfo with line tables only (-g1): backtraces keep their files
# and lines, and the library code builds a fifth quicker than with full
# debug information (CI's time budget, docs/reliability.md). For gdb's
# variables: CK_DEBUG_FLAGS="-O2 -g -DNDEBUG".
flags=${CK_DEBUG_FLAGS:-"-O2 -g1 -DNDEBUG"}
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${CK_BUILD_TYPE:-RelWithDebInfo}" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" >/dev/null
cmake --build build -j "$(nproc)"
