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
#   MODE          driver mode: sim (default), restart, step, undo (see README.md)
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

if (($# < 1)) || [[ "$1" == -h || "$1" == --help ]]; then
  sed -n '2,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  (($# >= 1)) && exit 0 || exit 2
fi
src="$(cd "$1" && pwd)"
games="${2:-3000}"
# Accept the checkout's root or its Carcasum/ folder.
[[ -f "$src/core/game.cpp" && -f "$src/../Carcasum.pro" ]] && src="$(cd "$src/.." && pwd)"
if [[ ! -f "$src/Carcasum/core/game.cpp" || ! -f "$src/Carcasum/jcz/jcz.qrc" ]]; then
  echo "run.sh: $src is not a Carcasum checkout (no Carcasum/core/game.cpp)" >&2
  exit 2
fi
opt="${CARCASUM_OPT:-carcasum}"
mode="${MODE:-sim}"
runs="${RUNS:-1}"
jobs="${JOBS:-1}"
ck="${CLOISTERKIT-$repo/build/bin/cloisterkit}"

# Debian 12 packages; idempotent like scripts/install-deps.sh (no apt-get
# update when everything is present).
packages=(g++ make qtbase5-dev qtbase5-dev-tools qt5-qmake libboost-chrono-dev libboost-system-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "run.sh: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build="${BUILD_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/carcasum-bench.XXXXXX")}"
mkdir -p "$build"
build="$(cd "$build" && pwd)"
echo "run.sh: building in $build (CARCASUM_OPT=$opt, make -j$jobs)"
(
  cd "$build"
  /usr/lib/qt5/bin/qmake CARCASUM_SRC="$src" CARCASUM_OPT="$opt" "$here/carcasum_bench.pro" >qmake.log 2>&1 ||
    { cat qmake.log >&2; exit 1; }
  make -j"$jobs" >make.log 2>&1 || { tail -40 make.log >&2; exit 1; }
)
bench="$build/carcasum_bench"

# Pulls a number out of a flat JSON object: field NAME FILE.
field() { sed -n "s/^ *\"$1\": *\([-0-9.eE+]*\),\{0,1\}$/\1/p" "$2" | head -1; }
# Rounds to D decimals: round VALUE D.
round() { awk -v v="$1" -v d="$2" 'BEGIN{printf "%.*f", d, v}'; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) exit; if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

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
