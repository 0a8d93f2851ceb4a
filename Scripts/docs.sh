#!/usr/bin/env bash
# Builds the DocC documentation of the four library modules (SheenRaster, SheenText, SheenLabel,
# SheenPNG) from the debug build's symbol graphs, in seconds once `swift build` (or the tests)
# has built them — `swift package generate-documentation` rebuilds everything for its own
# configuration first (about 19 minutes on a 2-core machine). Any DocC warning (a broken link, a
# symbol a page names that does not exist) fails it: Scripts/test.sh runs it.
#   Scripts/docs.sh [OUTPUT_DIR]     (default .build/docs)
# Each module becomes OUTPUT_DIR/MODULE, laid out for static hosting. To read them:
#   python3 -m http.server --directory .build/docs/SheenRaster 8000
# and open http://localhost:8000/documentation/sheenraster (sheentext, sheenlabel, sheenpng alike).
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then "$(dirname "$0")/usage.sh" "$0"; exit 0; fi
if [[ "${1:-}" == -* ]]; then echo "docs.sh: unknown option $1 (--help for usage)" >&2; exit 2; fi
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
docc=$(command -v docc || true)
if [ -z "$docc" ]; then docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc; fi
[ -x "$docc" ] || { echo "docs.sh: no docc beside swift ($docc)" >&2; exit 1; }
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift package dump-symbol-graph --minimum-access-level public >"$graphs/dump.log" 2>&1 \
    || { cat "$graphs/dump.log" >&2; echo "docs.sh: the symbol graphs could not be made (above)" >&2; exit 1; }
mkdir -p "$out"
all=$(swift build --show-bin-path)/../symbolgraph
for module in SheenRaster SheenText SheenLabel SheenPNG; do
    # A module's own graph and its extensions of other modules (Module@Other), nothing else.
    mkdir -p "$graphs/$module"
    cp "$all/$module.symbols.json" "$graphs/$module/"
    for extension in "$all/$module"@*.symbols.json; do [ -e "$extension" ] && cp "$extension" "$graphs/$module/"; done
    rm -rf "${out:?}/$module"
    "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.sheen.$module" \
        --transform-for-static-hosting --hosting-base-path "" --warnings-as-errors --output-path "$out/$module" >"$graphs/$module.log" 2>&1 \
        || { cat "$graphs/$module.log" >&2; echo "docs.sh: $module's documentation has warnings or errors (above)" >&2; exit 1; }
    echo "docs.sh: $module → $out/$module (no warnings)"
done
