#!/usr/bin/env bash
# Accepts reviewed golden candidates: every Goldens/NAME.local.png written by a failing golden test
# replaces Goldens/NAME.png. Look at the .local.png files first; pass names to bless only some.
#   Scripts/bless-golden.sh [NAME ...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=Tests/SheenTextTests/Goldens
if [ $# -gt 0 ]; then
    candidates=(); for n in "$@"; do candidates+=("$dir/$n.local.png"); done
else
    shopt -s nullglob; candidates=("$dir"/*.local.png)
fi
if [ ${#candidates[@]} -eq 0 ]; then echo "bless-golden: nothing to bless"; exit 0; fi
for f in "${candidates[@]}"; do
    [ -f "$f" ] || { echo "bless-golden: no $f" >&2; exit 1; }
    mv "$f" "${f%.local.png}.png"
    echo "blessed ${f%.local.png}.png"
done
