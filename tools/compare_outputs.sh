#!/bin/bash
# Every output a refactor must keep byte-identical, written by one binary into a folder:
#   tools/compare_outputs.sh OLD_BINARY /tmp/before
#   tools/compare_outputs.sh target/release/sudoku-book /tmp/after
#   diff -r /tmp/before /tmp/after && echo identical
# The five example books, generate (line and JSON) for five shapes at two levels, rate and
# solve --batch over the shared data sets and the generated variant puzzles.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); O=$(mkdir -p "$2" && cd "$2" && pwd); D=${SUDOKU_DATA:-$(cd "$(dirname "$0")/../../shared/data" && pwd)}
rm -rf $O; mkdir -p $O/books
for c in $ROOT/config/*.toml; do n=$(basename $c .toml); (cd $ROOT && $B build $c --out $O/books/$n >/dev/null 2>&1 || echo "build $n failed"); done
for v in classic diagonal+window jigsaw killer samurai; do
  for l in easy hard; do $B generate --variant $v --difficulty $l --count 12 --seed 9 --output json > $O/gen-$v-$l.json 2>/dev/null; $B generate --variant $v --difficulty $l --count 12 --seed 9 > $O/gen-$v-$l.txt 2>/dev/null; done
done
$B rate --json --path $D/puzzles3_magictour_top1465.txt > $O/rate-top1465.json 2>&1
$B rate --json $D/puzzles2_17_clue_sample1000.txt > $O/rate-17.json 2>&1
for v in jigsaw killer samurai diagonal+window; do $B rate --json --variant $v $O/gen-$v-hard.txt > $O/rate-$v.json 2>&1; $B solve --batch --variant $v $O/gen-$v-hard.txt > $O/solve-$v.txt 2>&1; done
for f in puzzles2_17_clue.txt puzzles3_magictour_top1465.txt puzzles5_forum_hardest_1905_11plus.txt radcliffe3m_stratified_7034.txt; do $B solve --batch $D/$f > $O/solve-$f 2>&1; done
echo done
