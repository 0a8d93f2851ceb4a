#!/usr/bin/env bash
# Builds the Python package in Python/ (import sheen: the exact references, Sheen's kernels and the
# oracle survey on NumPy arrays, labels) into a wheel that carries libSheenC.so, and with --test
# installs it into .build/python-venv beside NumPy, pytest, Hypothesis, Pillow and skia-python and
# runs Python/tests with pytest, the labels held to the debug `sheen` command line's PNGs (--install
# only installs it there).
#   Scripts/python-package.sh [--prefix DIR] [--install] [--test]
# --prefix DIR takes libSheenC from a Sheen installed there (Scripts/install.sh --prefix DIR)
# instead of installing one into .build-python/prefix. The wheel lands in .build-python/dist.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
prefix=""
test=0
install=0
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --test) test=1; install=1; shift ;;
        --install) install=1; shift ;;
        --help|-h) Scripts/usage.sh "$0"; exit 0 ;;
        *) echo "python-package: unknown option $1 (--help for usage)" >&2; exit 2 ;;
    esac
done
Scripts/install-deps.sh
work="$root/.build-python"
mkdir -p "$work"
if [ -z "$prefix" ]; then
    prefix="$work/prefix"
    Scripts/install.sh --prefix "$prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
fi
version=$(sed -n 's/^#define SHEEN_VERSION_STRING "\(.*\)"$/\1/p' Sources/CSheenAPI/include/sheen.h)
venv="$root/.build/python-venv"
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
# Pinned with the peers (Scripts/peerbench/requirements.txt) so the two venvs agree.
pins=$(grep -E '^(numpy|skia-python|pillow)==' Scripts/peerbench/requirements.txt)
"$venv/bin/python" -m pip install -q $pins pytest==8.3.5 hypothesis==6.170.17 wheel setuptools
# The package is staged with the library beside its modules and its version set to sheen.h's.
rm -rf "$work/src" "$work/dist"
cp -r Python "$work/src"
rm -rf "$work/src/tests"
mkdir -p "$work/src/sheen/_lib"
cp -L "$prefix/lib/libSheenC.so" "$work/src/sheen/_lib/libSheenC.so"
sed -i "s/^version = \".*\"/version = \"$version\"/" "$work/src/pyproject.toml"
"$venv/bin/python" -m pip wheel -q --no-deps --no-build-isolation -w "$work/dist" "$work/src"
wheel=$(ls "$work/dist"/sheen-*.whl)
echo "python-package: built $(basename "$wheel")"
if [ "$install" -eq 1 ]; then
    "$venv/bin/python" -m pip install -q --force-reinstall --no-deps "$wheel"
fi
if [ "$test" -eq 1 ]; then
    # Labels are held to the command line's output of the same spec (Python/tests/test_label.py).
    swift build --product sheen > /dev/null
    export SHEEN_CLI="$(swift build --show-bin-path)/sheen"
    (cd Python/tests && "$venv/bin/python" -m pytest -q -p no:cacheprovider .)
fi
