#!/usr/bin/env bash
# The README's render command: builds the CLI, renders the showcase label (a gradient spanning
# its ink, a stroke, a soft shadow) to label.png and every style side by side to demo.png.
#   Scripts/demo.sh [OUTPUT_DIR]      (default: out/, which .gitignore covers)
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
if [[ "${1:-}" == -* ]]; then echo "demo.sh: unknown option $1 (usage: Scripts/demo.sh [OUTPUT_DIR])" >&2; exit 2; fi
cd "$(dirname "$0")/.."
out="${1:-out}"
echo "demo: checking system packages"
Scripts/install-deps.sh
mkdir -p "$out"
echo "demo: building the sheen command (release; the first build takes a few minutes)"
log=$(mktemp)
# SwiftPM's progress lines, one at a time on the terminal, so minutes of building are visible.
if ! swift build -c release --product sheen 2>&1 | tee "$log" | while IFS= read -r line; do
        if [ -t 1 ]; then printf '\r\033[K  %.100s' "$line"; fi
    done; then
    if [ -t 1 ]; then echo; fi
    cat "$log" >&2
    rm -f "$log"
    echo "demo: the build failed" >&2
    exit 1
fi
if [ -t 1 ]; then echo; fi
rm -f "$log"
echo "demo: rendering $out/label.png"
.build/release/sheen render "Always correct gradient text" --font "DejaVu Sans:bold" --size 48 \
    --fill "#3478F6,#FF3B30" --extent ink --stroke "2,#333333" --shadow "0,4,6,#00000080" \
    --canvas 1024x160 -o "$out/label.png"
echo "demo: rendering $out/demo.png"
.build/release/sheen demo -o "$out/demo.png"
echo "wrote $out/label.png and $out/demo.png"
