#!/usr/bin/env bash
# The README's render command: builds the CLI, renders the seed label (gradient over its ink,
# stroke, soft shadow) to label.png and every seed scenario side by side to demo.png. Pass an
# output directory as the first argument (default: the current directory).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
out="${1:-.}"
mkdir -p "$out"
swift build -c release --product sheen >/dev/null
.build/release/sheen render "Always correct gradient text" --font "DejaVu Sans:bold" --size 48 \
    --fill "#3478F6,#FF3B30" --extent ink --stroke "2,#333333" --shadow "0,4,6,#00000080" \
    --canvas 1024x160 -o "$out/label.png"
.build/release/sheen demo -o "$out/demo.png"
echo "wrote $out/label.png and $out/demo.png"
