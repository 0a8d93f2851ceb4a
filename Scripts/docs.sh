#!/usr/bin/env bash
# Builds the DocC documentation of the four library modules (SheenRaster, SheenText, SheenLabel,
# SheenPNG) from the symbol graphs of a debug build, in seconds once that build exists —
# `swift package generate-documentation` rebuilds everything for its own configuration first
# (about 19 minutes on a 2-core machine). Any DocC warning (a broken link, a symbol a page names
# that does not exist) fails it: Scripts/test.sh runs it on its ThreadSanitizer build.
#   Scripts/docs.sh [--scratch-path DIR] [--sanitize NAME] [OUTPUT_DIR]     (default .build/docs)
# --scratch-path and --sanitize name the debug build to read, as they were given to `swift build`
# or `swift test` (default: .build, no sanitizer); with other options the build is made again.
# Each module becomes OUTPUT_DIR/MODULE, laid out for static hosting. To read them:
#   python3 -m http.server --directory .build/docs/SheenRaster 8000
# and open http://localhost:8000/documentation/sheenraster (sheentext, sheenlabel, sheenpng alike).
set -euo pipefail
build_options=()
out=.build/docs
while [ $# -gt 0 ]; do
    case "$1" in
        --help|-h) "$(dirname "$0")/usage.sh" "$0"; exit 0 ;;
        --scratch-path|--sanitize)
            [ $# -ge 2 ] || { echo "docs.sh: $1 needs a value (--help for usage)" >&2; exit 2; }
            build_options+=("$1" "$2"); shift 2 ;;
        -*) echo "docs.sh: unknown option $1 (--help for usage)" >&2; exit 2 ;;
        *) out=$1; shift ;;
    esac
done
cd "$(dirname "$0")/.."
docc=$(command -v docc || true)
if [ -z "$docc" ]; then docc=$(dirname "$(readlink -f "$(command -v swift)")")/docc; fi
[ -x "$docc" ] || { echo "docs.sh: no docc beside swift ($docc)" >&2; exit 1; }
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift package "${build_options[@]}" dump-symbol-graph --minimum-access-level public >"$graphs/dump.log" 2>&1 \
    || { cat "$graphs/dump.log" >&2; echo "docs.sh: the symbol graphs could not be made (above)" >&2; exit 1; }
mkdir -p "$out"
all=$(swift build "${build_options[@]}" --show-bin-path)/../symbolgraph
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
