#!/usr/bin/env bash
# Builds Carcasum's engine core and our driver (carcasum_bench.cpp) out of
# tree, then plays random 2-player base games with it; optionally alternates
# each run with cloisterkit's `simulate` so both see the same machine load.
#
#   bench/carcasum/run.sh CARCASUM_SRC_DIR [GAMES]
#
# CARCASUM_SRC_DIR is a Carcasum checkout (the folder with Carcasum.pro and
# Carcasum/core/game.cpp); nothing is downloaded. GAMES defaults to 3000.
#
# Environment (all optional):
#   BUILD_DIR     where to build (default: a new temporary folder, kept and printed)
#   CARCASUM_OPT  carcasum (default: Carcasum's own release flags, -O3
#                 -march=native -mtune=native -funroll-loops) or O2 (qmake's
#                 plain release -O2)
#   MODE          driver mode: sim (default), restart, step, undo (see README.md;
#                 the MCTS modes are run by compare-mcts.sh)
#   RUNS          number of runs (default 1); with RUNS > 1 medians are printed
#   CLOISTERKIT   path of a built cloisterkit; when it is executable (default:
#                 build/bin/cloisterkit of this repository) each Carcasum run is
#                 followed by `cloisterkit simulate --games GAMES --seed 1
#                 --expansions none` and the ratios are printed. CLOISTERKIT=
#                 (empty) turns this off.
#   JOBS          make -j (default 1: the machine's cores are shared)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# shellcheck source=common.sh
source "$here/common.sh"

if (($# < 1)) || [[ "$1" == -h || "$1" == --help ]]; then
  carcasum_usage "${BASH_SOURCE[0]}"
  (($# >= 1)) && exit 0 || exit 2
fi
src="$(carcasum_checkout "$1")"
games="${2:-3000}"
opt="${CARCASUM_OPT:-carcasum}"
mode="${MODE:-sim}"
runs="${RUNS:-1}"
jobs="${JOBS:-1}"
ck="${CLOISTERKIT-$repo/build/bin/cloisterkit}"

carcasum_install_deps
carcasum_build "$src" "$opt" "$jobs"
build="$CARCASUM_BUILD"
bench="$CARCASUM_BENCH"

compare=0
[[ -n "$ck" && -x "$ck" ]] && compare=1
[[ $compare == 1 ]] || echo "run.sh: no cloisterkit at '${ck}': Carcasum only"
out="$build/results"
mkdir -p "$out"
: >"$out/summary.tsv"
for ((r = 1; r <= runs; r++)); do
  "$bench" --games "$games" --mode "$mode" --json >"$out/carcasum.$r.json"
  cw=$(field games_per_second "$out/carcasum.$r.json")
  cc=$(field games_per_cpu_second "$out/carcasum.$r.json")
  cs=$(field mean_total_score "$out/carcasum.$r.json")
  ct=$(field mean_turns "$out/carcasum.$r.json")
  line="run $r: carcasum $(round "$cw" 0) games/s, $(round "$cc" 0) per CPU s"
  line+=" (score $(round "$cs" 2), turns $(round "$ct" 1))"
  kw=""; kc=""
  if [[ $compare == 1 ]]; then
    "$ck" simulate --games "$games" --seed 1 --expansions none --json >"$out/cloisterkit.$r.json"
    kw=$(field games_per_second "$out/cloisterkit.$r.json")
    kc=$(field games_per_cpu_second "$out/cloisterkit.$r.json")
    ks=$(field mean_total_score "$out/cloisterkit.$r.json")
    line+="; cloisterkit $(round "$kw" 0) games/s, $(round "$kc" 0) per CPU s"
    line+=" (score $(round "$ks" 2));"
    line+=" ratio wall $(awk -v a="$kw" -v b="$cw" 'BEGIN{printf "%.2f", a/b}')"
    line+=", CPU $(awk -v a="$kc" -v b="$cc" 'BEGIN{printf "%.2f", a/b}')"
  fi
  echo "$line"
  printf '%s\t%s\t%s\t%s\n' "$cw" "$cc" "$kw" "$kc" >>"$out/summary.tsv"
done

col() { round "$(cut -f"$1" "$out/summary.tsv" | median)" 0; }
ratio_col() { round "$(awk -F'\t' -v a="$1" -v b="$2" '{printf "%.6f\n", $a/$b}' "$out/summary.tsv" | median)" 2; }
echo "summary ($runs run(s) of $games games, mode $mode, CARCASUM_OPT=$opt):"
echo "  carcasum    median $(col 1) games/s wall, $(col 2) per CPU second"
if [[ $compare == 1 ]]; then
  echo "  cloisterkit median $(col 3) games/s wall, $(col 4) per CPU second"
  echo "  cloisterkit / carcasum: median of per-run ratios $(ratio_col 3 1) (wall), $(ratio_col 4 2) (CPU)"
fi
echo "  JSON of every run in $out"
