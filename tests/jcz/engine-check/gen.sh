#!/bin/bash
# Saves games with the abbot (and Little Buildings) from our host, each with
# its `play --json` output beside it (NAME.ours.json), for run.sh to replay.
# Usage: gen.sh            (the fixed set, in $WORK/saves)
#        gen.sh --bulk N   (N seeds per configuration, in $WORK/saves-bulk)
#        gen.sh --ic N     (Inns & Cathedrals: N seeds per configuration, default 2,
#                           alone, with Little Buildings, the abbot or both, in $WORK/saves-ic)
#        gen.sh --pd N     (The Princess & the Dragon: the same configurations, N seeds each,
#                           default 2, in $WORK/saves-pd)
#        gen.sh --expansion NAME N [OPTIONS...]   (any other expansion by its short
#                           name, the same configurations, N seeds each from 4000, in
#                           $WORK/saves-NAME; OPTIONS go to every `play`: --rule river.release=2)
# CK: the cloisterkit command (default: build/bin/cloisterkit of this tree).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-/tmp/ck-jcz-engine-check}
CK=${CK:-$HERE/../../../build/bin/cloisterkit}
one() { # dir name players expansions types seed [extra play options...]
  local d=$1 n=$2 p=$3 e=$4 t=$5 s=$6 ts=basic:1; shift 6
  # the abbot comes with the 2nd edition (gardens); without it, the default set
  case ",$e," in *,abbot,*) ts=basic:2;; esac
  "$CK" play --tile-set $ts --expansions "$e" --players "$p" --player-types "$t" --seed "$s" \
     --save "$d/$n.jcz" --json "$@" > "$d/$n.ours.json"
}
if [ "${1:-}" = "--bulk" ]; then
  N=${2:-10}; d=$WORK/saves-bulk; mkdir -p "$d"; rm -f "$d"/*
  for p in 2 3 4; do for e in abbot abbot,little-buildings; do for t in random greedy; do
    for s in $(seq 1000 $((1000+N-1))); do
      # JCloisterZone deals floor(6/N) buildings of each type; our default
      # split follows the printed rules, which differ with 4 players.
      x=(); [ "$e" != abbot ] && [ "$p" = 4 ] && x=(--rule littleBuildings.split=jcz)
      one "$d" "$(echo $e | sed 's/,little-buildings/+lb/')-${p}p-$t-s$s" "$p" "$e" "$t" "$s" "${x[@]}"
    done; done; done; done
  exit 0
fi
# One expansion alone, with Little Buildings, with the abbot (on basic:2) and
# with both; 2 to 4 random, greedy and mixed players; N seeds from SEED0 each.
expansion_games() { # expansion short-prefix seed0 N [play options...]
  local x0=$1 pre=$2 s0=$3 N=$4 d=$WORK/saves-$2; shift 4
  mkdir -p "$d"; rm -f "$d"/*
  for p in 2 3 4; do for e in "" ,little-buildings ,abbot ,little-buildings,abbot; do
    for t in random greedy mixed; do
      tt=$t; [ $t = mixed ] && tt=$(echo random,greedy,greedy,random | cut -d, -f1-$p)
      x=(); case $e in *little-buildings*) [ "$p" = 4 ] && x=(--rule littleBuildings.split=jcz);; esac
      for s in $(seq "$s0" $((s0+N-1))); do
        one "$d" "$pre$(echo $e | sed 's/,little-buildings/+lb/; s/,abbot/+abbot/')-${p}p-$t-s$s" "$p" "$x0$e" "$tt" "$s" "${x[@]}" "$@"
      done; done; done; done
}
case "${1:-}" in
  --ic) expansion_games inns-and-cathedrals ic 2000 "${2:-2}"; exit 0 ;;
  --pd) expansion_games princess-and-dragon pd 3000 "${2:-2}"; exit 0 ;;
  --expansion) x=$2 n=${3:-2}; shift 3 2>/dev/null || shift $#; expansion_games "$x" "$x" 4000 "$n" "$@"; exit 0 ;;
esac
d=$WORK/saves; mkdir -p "$d"
one "$d" abbot-2p-random-s1      2 abbot random 1
one "$d" abbot-2p-random-s5      2 abbot random 5
one "$d" abbot-2p-greedy-s2      2 abbot greedy 2
one "$d" abbot-2p-mixed-s9       2 abbot random,greedy 9
one "$d" abbot-3p-random-s3      3 abbot random 3
one "$d" abbot-3p-greedy-s4      3 abbot greedy 4
one "$d" abbot-3p-random-s17     3 abbot random 17
one "$d" abbot-4p-random-s6      4 abbot random 6
one "$d" abbot-4p-greedy-s7      4 abbot greedy 7
one "$d" abbot-4p-greedy-s21     4 abbot greedy 21
one "$d" abbot+lb-2p-random-s8   2 abbot,little-buildings random 8
one "$d" abbot+lb-2p-greedy-s10  2 abbot,little-buildings greedy 10
one "$d" abbot+lb-3p-random-s11  3 abbot,little-buildings random 11
one "$d" abbot+lb-3p-greedy-s12  3 abbot,little-buildings greedy 12
one "$d" abbot+lb-4p-random-s13  4 abbot,little-buildings random 13 --rule littleBuildings.split=jcz
one "$d" abbot+lb-4p-greedy-s14  4 abbot,little-buildings greedy 14 --rule littleBuildings.split=jcz
one "$d" abbot+lb-4p-mixed-s15   4 abbot,little-buildings random,greedy,random,greedy 15 --rule littleBuildings.split=jcz
