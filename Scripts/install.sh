#!/usr/bin/env bash
# Installs Sheen's C API for C and C++ hosts:
#   Scripts/install.sh [--prefix DIR]     (default /usr/local)
# A release build of the SheenC product, then
#   DIR/lib/libSheenC.so             the library (C symbols sheen_*, see sheen.h)
#   DIR/include/sheen.h              the header
#   DIR/lib/pkgconfig/sheen.pc       for `pkg-config --cflags --libs sheen`
# The library needs the Swift runtime it was built with; it finds it through its RUNPATH (the
# toolchain's lib/swift/linux), so keep that toolchain installed or ship those libraries beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#*=}"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
Scripts/install-deps.sh
swift build -c release --product SheenC
bin=$(swift build -c release --show-bin-path)
mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
prefix=$(cd "$prefix" && pwd)
install -m 0755 "$bin/libSheenC.so" "$prefix/lib/libSheenC.so"
install -m 0644 Sources/CSheenAPI/include/sheen.h "$prefix/include/sheen.h"
version=$(sed -n 's/^#define SHEEN_VERSION_STRING "\(.*\)"$/\1/p' Sources/CSheenAPI/include/sheen.h)
cat > "$prefix/lib/pkgconfig/sheen.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: sheen
Description: SIMD gradient fills, compositing, Gaussian blur, text and styled labels on caller-owned pixels
Version: $version
Requires.private: freetype2 harfbuzz fontconfig icu-uc libpng
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lSheenC
Cflags: -I\${includedir}
PC
echo "installed sheen $version into $prefix (pkg-config: PKG_CONFIG_PATH=$prefix/lib/pkgconfig)"
