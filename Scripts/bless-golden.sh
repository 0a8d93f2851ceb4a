#!/usr/bin/env bash
# Accepts reviewed golden candidates: every Tests/*/Goldens/NAME.local.png written by a failing
# golden test replaces NAME.png beside it. Look at the .local.png files first; pass names to bless only some.
#   Scripts/bless-golden.sh [NAME ...]
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
dirs=(Tests/*/Goldens)
candidates=()
if [ $# -gt 0 ]; then
    for n in "$@"; do for d in "${dirs[@]}"; do [ -f "$d/$n.local.png" ] && candidates+=("$d/$n.local.png"); done; done
else
    for d in "${dirs[@]}"; do candidates+=("$d"/*.local.png); done
fi
if [ ${#candidates[@]} -eq 0 ]; then echo "bless-golden: nothing to bless"; exit 0; fi
for f in "${candidates[@]}"; do
    [ -f "$f" ] || { echo "bless-golden: no $f" >&2; exit 1; }
    mv "$f" "${f%.local.png}.png"
    echo "blessed ${f%.local.png}.png"
done
