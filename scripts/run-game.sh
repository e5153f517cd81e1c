#!/usr/bin/env bash
# Installs what is missing, builds, and plays one full game on the reference
# host with every expansion the library has, loaded through the C ABI.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec build/bin/cloisterkit play --players 2 --seed 1 --expansions all "$@"
