#!/usr/bin/env bash
# Installs Sheen's C API for C and C++ hosts:
#   Scripts/install.sh [--prefix DIR]     (default /usr/local)
# A release build of the SheenC product made to ship on its own, then
#   DIR/lib/libSheenC.so.X.Y.Z       the library (exports exactly sheen.h's functions)
#   DIR/lib/libSheenC.so.0.Y         its SONAME (libSheenC.so.X from 1.0 on), a link
#   DIR/lib/libSheenC.so             the link the compiler's -lSheenC finds
#   DIR/include/sheen.h              the header
#   DIR/include/sheen.hpp            C++17 RAII wrappers over it (header-only)
#   DIR/lib/pkgconfig/sheen.pc       for `pkg-config --cflags --libs sheen`
# Swift's standard library is linked in statically, so the library needs only the system's C
# libraries (FreeType, HarfBuzz, fontconfig, ICU, libpng, libstdc++): it loads on a machine
# without the Swift toolchain. It is built in its own scratch path, .build-shipping, since its
# flags (passed here, on the command line: the manifest has no unsafe flags) differ from the
# package's other builds; SHEEN_SHIPPING_SCRATCH names another (Scripts/test.sh gives its release
# test build's, .build: the C kernels' commands there are the same, so they are not compiled
# again, and the Swift modules are rebuilt with this build's flags).
#
# With --pixman it installs the drop-in pixman instead (docs/pixman.md), built the same way:
#   DIR/lib/libsheen-pixman.so                for LD_PRELOAD=DIR/lib/libsheen-pixman.so PROGRAM
#   DIR/lib/sheen-pixman/libpixman-1.so.0     the same library as pixman's SONAME, depending on the
#                                             system's libpixman-1.so.0 by its path: put
#                                             DIR/lib/sheen-pixman first on LD_LIBRARY_PATH
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local
pixman=0
while [ $# -gt 0 ]; do
    case "$1" in
        --pixman) pixman=1; shift ;;
        --prefix) prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#*=}"; shift ;;
        -h|--help) "$(dirname "$0")/usage.sh" "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ "$(uname -s)" != Linux ]; then
    echo "install.sh: builds and installs the Linux shared library (ELF SONAME, version script); $(uname -s) is not supported yet" >&2
    exit 2
fi
Scripts/install-deps.sh
scratch=$(realpath -m "${SHEEN_SHIPPING_SCRATCH:-.build-shipping}")
mkdir -p "$scratch"
if [ "$pixman" = 1 ]; then
    Scripts/install-deps.sh --pixman
    # Exported: pixman's functions the drop-in interposes and its one own; the Swift runtime,
    # linked in, stays local.
    printf '{\n  global:\n    pixman_*;\n    sheen_pixman_*;\n  local: *;\n};\n' > "$scratch/sheen-pixman.map"
    build=(swift build -c release --product sheen-pixman --scratch-path "$scratch" -Xswiftc -static-stdlib
           -Xlinker "-soname=libsheen-pixman.so" -Xlinker "--version-script=$scratch/sheen-pixman.map")
    "${build[@]}"
    bin=$("${build[@]}" --show-bin-path)
    # awk reads the whole listing: stopping early would end ldconfig with SIGPIPE, a failure under pipefail.
    system=$(ldconfig -p | awk '/libpixman-1.so.0 .*(x86-64|AArch64)/ && !found {print $NF; found = 1}')
    [ -f "$system" ] || { echo "install.sh: the system's libpixman-1.so.0 was not found (ldconfig -p)" >&2; exit 1; }
    mkdir -p "$prefix/lib/sheen-pixman"
    prefix=$(cd "$prefix" && pwd)
    install -m 0755 "$bin/libsheen-pixman.so" "$prefix/lib/libsheen-pixman.so"
    # The library path's copy takes pixman's SONAME and needs the system pixman itself, by path (a
    # name would find itself). The preloaded one keeps its own SONAME: with pixman's, the loader
    # would take it for the program's libpixman-1.so.0 and never load the system's.
    install -m 0755 "$bin/libsheen-pixman.so" "$prefix/lib/sheen-pixman/libpixman-1.so.0"
    patchelf --set-soname libpixman-1.so.0 "$prefix/lib/sheen-pixman/libpixman-1.so.0"
    patchelf --add-needed "$system" "$prefix/lib/sheen-pixman/libpixman-1.so.0"
    echo "installed the drop-in pixman into $prefix/lib (LD_PRELOAD=$prefix/lib/libsheen-pixman.so, or LD_LIBRARY_PATH=$prefix/lib/sheen-pixman; backed by $system)"
    exit 0
fi
version=$(sed -n 's/^#define SHEEN_VERSION_STRING "\(.*\)"$/\1/p' Sources/CSheenAPI/include/sheen.h)
IFS=. read -r major minor _ <<<"$version"
# Before 1.0 a minor release may break the ABI, so the SONAME carries the minor version.
if [ "$major" = 0 ]; then soname="libSheenC.so.0.$minor"; else soname="libSheenC.so.$major"; fi
# Only the functions sheen.h declares are exported (the kernels' own sheen_* symbols stay inside).
{
    echo "{"
    echo "  global:"
    grep -oE '\bsheen_[a-z0-9_]+\(' Sources/CSheenAPI/include/sheen.h | tr -d '(' | sort -u | sed 's/.*/    &;/'
    echo "  local: *;"
    echo "};"
} > "$scratch/sheen.map"
build=(swift build -c release --product SheenC --scratch-path "$scratch" -Xswiftc -static-stdlib
       -Xlinker "-soname=$soname" -Xlinker "--version-script=$scratch/sheen.map")
"${build[@]}"
bin=$("${build[@]}" --show-bin-path)
mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
prefix=$(cd "$prefix" && pwd)
install -m 0755 "$bin/libSheenC.so" "$prefix/lib/libSheenC.so.$version"
ln -sf "libSheenC.so.$version" "$prefix/lib/$soname"
ln -sf "$soname" "$prefix/lib/libSheenC.so"
install -m 0644 Sources/CSheenAPI/include/sheen.h "$prefix/include/sheen.h"
install -m 0644 Sources/CSheenAPI/cxx/sheen.hpp "$prefix/include/sheen.hpp"
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
