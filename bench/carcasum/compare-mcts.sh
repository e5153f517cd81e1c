#!/usr/bin/env bash
# Carcasum's MCTS player beside cloisterkit's mcts player (issue #25), both
# on the same single core, in one run. Builds Carcasum's engine and MCTS
# player with our driver (carcasum_bench.cpp) out of tree, as run.sh does.
#
#   bench/carcasum/compare-mcts.sh CARCASUM_SRC_DIR
#   MODE=strength bench/carcasum/compare-mcts.sh CARCASUM_SRC_DIR
#
# CARCASUM_SRC_DIR is a Carcasum checkout (the folder with Carcasum.pro and
# Carcasum/core/game.cpp); nothing is downloaded. Every measured program is
# pinned to core CPU with taskset.
#
# MODE=speed (default): RUNS times, alternately (Carcasum first in odd runs,
# ours first in even ones):
#   carcasum_bench --mode mcts-speed --positions POSITIONS --playouts PLAYOUTS
#   BENCH_MCTS --benchmark_filter='^BM_Mcts(Base|AllExpansions)/1/real_time$'
#              --benchmark_format=json --benchmark_min_time=OURS_MIN_TIME
# and prints each run, the medians of the playouts per second (wall and
# CPU) and the medians of the per-run ratios ours / Carcasum, for the base
# game and for ours with every expansion (against Carcasum's base game).
# MODE=strength: Carcasum's MCTS against its SimplePlayer, GAMES games,
#   carcasum_bench --mode mcts-vs-simple --games GAMES
#                  --playouts STRENGTH_PLAYOUTS --opponent OPPONENT
# and, when AI_MATCH_GAMES > 0, ours (mcts against greedy, base game) right
# after it: AI_MATCH --a mcts --b greedy --games AI_MATCH_GAMES --threads 1.
# MODE=all: speed, then strength.
#
# Environment (all optional):
#   RUNS              speed runs (default 5)
#   CPU               the core to pin to (default 0)
#   POSITIONS         Carcasum positions (decisions) per speed run (default 20)
#   PLAYOUTS          Carcasum playouts per decision in speed runs (default
#                     2000, as bench_mcts)
#   OURS_MIN_TIME     bench_mcts --benchmark_min_time in seconds (default 3:
#                     every one of its 10 positions searched at least once)
#   BENCH_MCTS        cloisterkit's bench_mcts (default build/bench/bench_mcts)
#   GAMES             strength games (default 100)
#   STRENGTH_PLAYOUTS Carcasum playouts per move in strength games (default
#                     1500, the playouts per decision of ours by default)
#   OPPONENT          simple (default), simple2 or simple3: Carcasum's SimplePlayer v1..v3
#   AI_MATCH          cloisterkit's ai_match (default build/bench/ai_match)
#   AI_MATCH_GAMES    games of ours in strength mode (default 0: not run)
#   BUILD_DIR, CARCASUM_OPT, JOBS   as for run.sh (build folder; carcasum or
#                     O2 flags; make -j, default 1)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# shellcheck source=common.sh
source "$here/common.sh"

if (($# != 1)) || [[ "$1" == -h || "$1" == --help ]]; then
  carcasum_usage "${BASH_SOURCE[0]}"
  (($# == 1)) && exit 0 || exit 2
fi
src="$(carcasum_checkout "$1")"
mode="${MODE:-speed}"
runs="${RUNS:-5}"
cpu="${CPU:-0}"
positions="${POSITIONS:-20}"
playouts="${PLAYOUTS:-2000}"
ours_min_time="${OURS_MIN_TIME:-3}"
bench_mcts="${BENCH_MCTS:-$repo/build/bench/bench_mcts}"
games="${GAMES:-100}"
strength_playouts="${STRENGTH_PLAYOUTS:-1500}"
opponent="${OPPONENT:-simple}"
ai_match="${AI_MATCH:-$repo/build/bench/ai_match}"
ai_match_games="${AI_MATCH_GAMES:-0}"
opt="${CARCASUM_OPT:-carcasum}"
jobs="${JOBS:-1}"
case "$mode" in
  speed | strength | all) ;;
  *) echo "compare-mcts.sh: MODE must be speed, strength or all, not '$mode'" >&2; exit 2 ;;
esac
if [[ "$mode" != strength && ! -x "$bench_mcts" ]]; then
  echo "compare-mcts.sh: no bench_mcts at $bench_mcts (build cloisterkit first, or set BENCH_MCTS)" >&2
  exit 2
fi
if [[ "$mode" != speed && "$ai_match_games" -gt 0 && ! -x "$ai_match" ]]; then
  echo "compare-mcts.sh: no ai_match at $ai_match (set AI_MATCH, or AI_MATCH_GAMES=0)" >&2
  exit 2
fi

carcasum_install_deps
carcasum_build "$src" "$opt" "$jobs"
bench="$CARCASUM_BENCH"
out="$CARCASUM_BUILD/results-mcts"
mkdir -p "$out"
pin=(taskset -c "$cpu")

# The two benchmarks of ours: the base game, and every shipped expansion.
ours_base="BM_MctsBase/1/real_time"
ours_all="BM_MctsAllExpansions/1/real_time"

carcasum_speed() {  # carcasum_speed RUN
  "${pin[@]}" "$bench" --mode mcts-speed --positions "$positions" --playouts "$playouts" --json \
    >"$out/carcasum-speed.$1.json"
}
ours_speed() {  # ours_speed RUN
  "${pin[@]}" "$bench_mcts" --benchmark_filter='^BM_Mcts(Base|AllExpansions)/1/real_time$' \
    --benchmark_format=json --benchmark_min_time="$ours_min_time" \
    >"$out/ours-speed.$1.json" 2>"$out/ours-speed.$1.log"
}
# Ours' playouts per CPU second: the counter is per wall second (UseRealTime).
ours_cpu_rate() {  # ours_cpu_rate BENCHMARK FILE
  awk -v r="$(bench_field "$1" playouts_per_s "$2")" -v w="$(bench_field "$1" real_time "$2")" \
    -v c="$(bench_field "$1" cpu_time "$2")" 'BEGIN{printf "%.3f", r * w / c}'
}

run_speed() {
  echo "speed: $runs run(s) on core $cpu; Carcasum $positions positions x $playouts playouts a run;" \
    "ours $ours_base and $ours_all (10 positions x 2000 playouts, min time ${ours_min_time} s)"
  : >"$out/speed.tsv"
  local r cw cc bw bc aw ac line
  for ((r = 1; r <= runs; r++)); do
    if ((r % 2)); then carcasum_speed "$r"; ours_speed "$r"; else ours_speed "$r"; carcasum_speed "$r"; fi
    cw=$(field playouts_per_second "$out/carcasum-speed.$r.json")
    cc=$(field playouts_per_cpu_second "$out/carcasum-speed.$r.json")
    bw=$(bench_field "$ours_base" playouts_per_s "$out/ours-speed.$r.json")
    bc=$(ours_cpu_rate "$ours_base" "$out/ours-speed.$r.json")
    aw=$(bench_field "$ours_all" playouts_per_s "$out/ours-speed.$r.json")
    ac=$(ours_cpu_rate "$ours_all" "$out/ours-speed.$r.json")
    line="run $r: carcasum $(round "$cw" 0) playouts/s ($(round "$cc" 0) per CPU s);"
    line+=" ours base $(round "$bw" 0) ($(round "$bc" 0)), all expansions $(round "$aw" 0) ($(round "$ac" 0));"
    line+=" ours/carcasum base $(ratio "$bw" "$cw" 2) (CPU $(ratio "$bc" "$cc" 2)),"
    line+=" all expansions $(ratio "$aw" "$cw" 2) (CPU $(ratio "$ac" "$cc" 2))"
    echo "$line"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$cw" "$cc" "$bw" "$bc" "$aw" "$ac" >>"$out/speed.tsv"
  done
  col() { round "$(cut -f"$1" "$out/speed.tsv" | median)" 0; }
  ratio_col() { round "$(awk -F'\t' -v a="$1" -v b="$2" '{printf "%.6f\n", $a/$b}' "$out/speed.tsv" | median)" 2; }
  echo "summary, playouts per second (wall; CPU), medians of $runs run(s):"
  echo "  carcasum MCTS,    base game:       $(col 1); $(col 2)"
  echo "  cloisterkit mcts, base game:       $(col 3); $(col 4)"
  echo "  cloisterkit mcts, all expansions:  $(col 5); $(col 6)"
  echo "  ours / carcasum, median of per-run ratios: base $(ratio_col 3 1) (CPU $(ratio_col 4 2)),"
  echo "    all expansions against carcasum's base game $(ratio_col 5 1) (CPU $(ratio_col 6 2))"
  echo "  JSON of every run in $out"
}

run_strength() {
  local f="$out/carcasum-strength.json" lo hi
  echo "strength: Carcasum's MCTS ($strength_playouts playouts a move) against $opponent," \
    "$games base games, seats alternating, core $cpu"
  "${pin[@]}" "$bench" --mode mcts-vs-simple --games "$games" --playouts "$strength_playouts" \
    --opponent "$opponent" --json >"$f"
  read -r lo hi <<<"$(array_field wilson95 "$f")"
  echo "  carcasum: MCTS wins $(field mcts_wins "$f") of $games, $(percent "$(field mcts_win_rate "$f")" 1)%" \
    "(95% Wilson $(percent "$lo" 1)%..$(percent "$hi" 1)%), $(field ties "$f") ties;" \
    "mean scores $(round "$(field mean_score_mcts "$f")" 2) : $(round "$(field mean_score_opponent "$f")" 2)," \
    "margin $(round "$(field mean_margin "$f")" 2);" \
    "$(round "$(field seconds_per_decision "$f")" 3) s a decision, $(round "$(field playouts_per_second "$f")" 0) playouts/s"
  if ((ai_match_games > 0)); then
    f="$out/ours-strength.json"
    echo "  and cloisterkit's mcts (default) against greedy, $ai_match_games base games, seats alternating, core $cpu"
    "${pin[@]}" "$ai_match" --a mcts --b greedy --games "$ai_match_games" --threads 1 --json >"$f"
    read -r lo hi <<<"$(array_field wilson95 "$f")"
    echo "  cloisterkit: mcts wins $(percent "$(field a_win_rate "$f")" 1)%" \
      "(95% Wilson $(percent "$lo" 1)%..$(percent "$hi" 1)%), $(field ties "$f") ties;" \
      "mean scores $(round "$(field mean_score_a "$f")" 2) : $(round "$(field mean_score_b "$f")" 2)," \
      "margin $(round "$(field mean_margin "$f")" 2)"
  fi
  echo "  JSON in $out"
}

case "$mode" in
  speed) run_speed ;;
  strength) run_strength ;;
  all) run_speed; run_strength ;;
esac
