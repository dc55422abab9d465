#!/usr/bin/env bash
# Rebuilds the two CMYK output profiles in assets/icc/ from the characterization data of
# Debian's icc-profiles-free (Zlib licence) with ArgyllCMS's colprof:
#   swop-tr003-240.icc  CGATS TR 003 (SWOP coated, grade 3), total ink 240 % — PDF/X-1a books
#   fogra39-300.icc     FOGRA39 (ISO 12647-2 coated),         total ink 300 % — PDF/X-4 books
# colprof writes the date into each profile, so a rebuild gives other bytes and other colours
# only within its own fitting noise; the committed files are the ones the books use.
#   apt-get install -y argyll icc-profiles-free && tools/make_icc.sh
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/assets/icc"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp /usr/share/color/icc/TR003.ti3 /usr/share/color/icc/FOGRA39L.ti3 "$work/"
cd "$work"
colprof -qm -kr -l240 \
    -D "sudoku-book CGATS TR 003 (SWOP coated grade 3), total ink 240%" \
    -C "Made with ArgyllCMS colprof from TR003.ti3 of icc-profiles-free (Zlib licence)" \
    -O "$out/swop-tr003-240.icc" TR003
colprof -qm -kr -l300 \
    -D "sudoku-book FOGRA39 (ISO 12647-2 coated), total ink 300%" \
    -C "Made with ArgyllCMS colprof from FOGRA39L.ti3 of icc-profiles-free (Zlib licence)" \
    -O "$out/fogra39-300.icc" FOGRA39L
ls -l "$out"
