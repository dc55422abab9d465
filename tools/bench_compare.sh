#!/bin/bash
# CPU seconds (user + sys) of two binaries, interleaved, three rounds, --jobs 1:
#   tools/bench_compare.sh OLD_BINARY NEW_BINARY
D=${SUDOKU_DATA:-$(cd "$(dirname "$0")/../../shared/data" && pwd)}
OLD=$1; NEW=$2
run() { /usr/bin/time -f "%U %S" "$@" >/dev/null 2>/tmp/t.err; tail -1 /tmp/t.err | awk '{printf "%.2f", $1+$2}'; }
for name in solve17 solvetop rate gen-classic gen-killer gen-jigsaw; do
  case $name in
    solve17) args="solve --batch --jobs 1 $D/puzzles2_17_clue.txt";;
    solvetop) args="solve --batch --jobs 1 $D/puzzles5_forum_hardest_1905_11plus.txt";;
    rate) args="rate --jobs 1 $D/puzzles3_magictour_top1465.txt";;
    gen-classic) args="generate --difficulty hard --count 400 --seed 5 --jobs 1";;
    gen-killer) args="generate --variant killer --difficulty medium --count 30 --seed 5 --jobs 1";;
    gen-jigsaw) args="generate --variant jigsaw --difficulty hard --count 150 --seed 5 --jobs 1";;
  esac
  b=""; a=""
  for r in 1 2 3; do b="$b $(run $OLD $args)"; a="$a $(run $NEW $args)"; done
  echo "$name before:$b after:$a"
done
