# shellcheck shell=bash
# Shared by run.sh and compare-mcts.sh (sourced, not run): finding the
# Carcasum checkout, installing the Debian packages, building the driver out
# of tree, and small helpers for the JSON and the medians. Callers have
# `set -euo pipefail` on and define `here` (this folder).
# shellcheck disable=SC2154  # here: set by the sourcing script

# Prints the comment block at the top of script FILE (its usage).
carcasum_usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$1"; }

# The root of a Carcasum checkout (the folder with Carcasum.pro and
# Carcasum/core/game.cpp), given it or its Carcasum/ folder; exits 2 when
# it is not one. Usage: src="$(carcasum_checkout "$1")"
carcasum_checkout() {
  local src
  if [[ ! -d "$1" ]]; then
    echo "$(basename "$0"): $1: no such folder" >&2
    exit 2
  fi
  src="$(cd "$1" && pwd)"
  [[ -f "$src/core/game.cpp" && -f "$src/../Carcasum.pro" ]] && src="$(cd "$src/.." && pwd)"
  if [[ ! -f "$src/Carcasum/core/game.cpp" || ! -f "$src/Carcasum/jcz/jcz.qrc" ]]; then
    echo "$(basename "$0"): $src is not a Carcasum checkout (no Carcasum/core/game.cpp)" >&2
    exit 2
  fi
  printf '%s\n' "$src"
}

# Installs the Debian 12 packages the build needs when one is missing;
# idempotent like scripts/install-deps.sh (no apt-get update when everything
# is present).
carcasum_install_deps() {
  local packages=(g++ make qtbase5-dev qtbase5-dev-tools qt5-qmake libboost-chrono-dev libboost-system-dev)
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "$(basename "$0"): installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

# Builds carcasum_bench against checkout SRC with CARCASUM_OPT OPT and make
# -jJOBS in BUILD_DIR (default: a new temporary folder, kept); sets
# CARCASUM_BUILD (the folder) and CARCASUM_BENCH (the binary).
# Usage: carcasum_build SRC OPT JOBS
carcasum_build() {
  local src="$1" opt="$2" jobs="$3"
  CARCASUM_BUILD="${BUILD_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/carcasum-bench.XXXXXX")}"
  mkdir -p "$CARCASUM_BUILD"
  CARCASUM_BUILD="$(cd "$CARCASUM_BUILD" && pwd)"
  echo "$(basename "$0"): building in $CARCASUM_BUILD (CARCASUM_OPT=$opt, make -j$jobs)"
  (
    cd "$CARCASUM_BUILD" || exit 1
    /usr/lib/qt5/bin/qmake CARCASUM_SRC="$src" CARCASUM_OPT="$opt" "$here/carcasum_bench.pro" >qmake.log 2>&1 ||
      { cat qmake.log >&2; exit 1; }
    make -j"$jobs" >make.log 2>&1 || { tail -40 make.log >&2; exit 1; }
  )
  # shellcheck disable=SC2034  # used by the sourcing script
  CARCASUM_BENCH="$CARCASUM_BUILD/carcasum_bench"
}

# A number of a JSON object, by field name (the first such field; the
# object on one line or one field a line, as carcasum_bench, cloisterkit
# and ai_match print them): field NAME FILE.
field() { grep -o "\"$1\": *[-0-9.eE+]\+" "$2" | head -1 | sed 's/^[^:]*: *//'; }

# The numbers of a JSON array of numbers, space-separated: array_field NAME FILE.
array_field() { grep -o "\"$1\": *\[[^]]*\]" "$2" | head -1 | sed 's/^[^[]*\[//; s/\]$//; s/,/ /g; s/  */ /g'; }

# A number of one benchmark of Google Benchmark's JSON (--benchmark_format=json):
# bench_field BENCHMARK_NAME FIELD FILE, the name matched exactly.
bench_field() {
  awk -v name="\"name\": \"$1\"," -v key="\"$2\":" '
    index($0, name) { inside = 1; next }
    inside && /^ *}/ { exit }
    inside && index($0, key) { v = $0; sub(/^[^:]*: */, "", v); sub(/,$/, "", v); print v; exit }
  ' "$3"
}

# Rounds to D decimals: round VALUE D.
round() { awk -v v="$1" -v d="$2" 'BEGIN{printf "%.*f", d, v}'; }

# 100 × VALUE with D decimals: percent VALUE D.
percent() { awk -v v="$1" -v d="$2" 'BEGIN{printf "%.*f", d, 100 * v}'; }

# A / B with D decimals: ratio A B D.
ratio() { awk -v a="$1" -v b="$2" -v d="$3" 'BEGIN{printf "%.*f", d, a/b}'; }

# The median of the numbers on stdin, one a line.
median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) exit; if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
