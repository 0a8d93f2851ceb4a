#!/usr/bin/env bash
# The README's render command: builds the CLI and renders the gradient gallery to a PNG
# (default gallery.png; pass another path as the first argument).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
out="${1:-gallery.png}"
swift build -c release --product sheen >/dev/null
.build/release/sheen gallery -o "$out"
echo "wrote $out"
