#!/usr/bin/env bash
# The C API's tests from outside Swift (Scripts/test.sh runs this): installs it into a scratch
# prefix with Scripts/install.sh; checks that the library exports every function sheen.h
# declares and that the header compiles as C and C++; builds and runs the C++ wrappers' test
# (Tests/CAPI/cxx_test.cpp, with -Werror, natively and with AddressSanitizer); builds Tests/CAPI/capi_test.c with the
# system C compiler against the installed header and sheen.pc, natively and with
# AddressSanitizer, and runs both (bad input, fences, every operator, then the seed label and a
# composite); the two runs must write identical bytes, and SheenCTests (CAPIOutputTests)
# compares them with the Swift API's, byte for byte; README's C example is compiled and run; the
# oracle kit's self-test (Scripts/oracle.sh --self-test) runs against the installed library.
# Needs the release test build (`swift test -c release` builds it first in Scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build-capi"
rm -rf "$work"
mkdir -p "$work/out" "$work/out-asan"
Scripts/install.sh --prefix "$work/prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
tail -1 "$work/install.log"
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"

declared=$(grep -oE '\bsheen_[a-z0-9_]+\(' "$work/prefix/include/sheen.h" | tr -d '(' | sort -u)
# What a program can bind to: the defined GLOBAL and WEAK entries of the dynamic symbol table.
# (The linker leaves Swift type metadata there as LOCAL entries once the version script hides
# them; nothing can link against those.)
exported=$(readelf --dyn-syms -W "$work/prefix/lib/libSheenC.so" | awk 'NR > 3 && $7 != "UND" && ($5 == "GLOBAL" || $5 == "WEAK") {sub(/@.*/, "", $8); print $8}' | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))
if [ -n "$missing" ]; then echo "declared in sheen.h but not exported: $missing" >&2; exit 1; fi
extra=$(comm -13 <(echo "$declared") <(echo "$exported"))
if [ -n "$extra" ]; then echo "exported but not a function of sheen.h: $extra" >&2; exit 1; fi
hidden=$(readelf --dyn-syms -W "$work/prefix/lib/libSheenC.so" | awk 'NR > 3 && $7 != "UND" && $5 == "LOCAL"' | wc -l)
echo "exports: the $(echo "$declared" | wc -l) functions of sheen.h and no other global symbol ($hidden local entries besides)"

# The library ships alone: a SONAME, the Swift runtime linked in (no libswift* needed, no RUNPATH
# into the toolchain), loadable with the toolchain's runtime hidden.
dynamic=$(readelf -d "$work/prefix/lib/libSheenC.so")
grep -q "SONAME.*libSheenC.so.[0-9]" <<<"$dynamic" || { echo "libSheenC.so has no versioned SONAME" >&2; exit 1; }
if grep -E "NEEDED.*(libswift|libFoundation|libdispatch|libBlocksRuntime)" <<<"$dynamic"; then
    echo "libSheenC.so needs the Swift runtime" >&2; exit 1
fi
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
if grep "RUNPATH" <<<"$dynamic" | grep -q "$toolchain"; then echo "libSheenC.so finds libraries in the toolchain" >&2; exit 1; fi
echo "shipping: $(grep -o 'SONAME.*' <<<"$dynamic" | tr -s ' '), no Swift runtime needed"

# sheen.pc lists every system library libSheenC.so links (a static link or a packager reads it).
static_libs=$(pkg-config --static --libs sheen)
for lib in freetype harfbuzz fontconfig icuuc png16; do
    case " $static_libs " in *" -l$lib "*) ;; *) echo "sheen.pc: pkg-config --static --libs lacks -l$lib" >&2; exit 1 ;; esac
done

echo '#include <sheen.h>' | cc -std=c99 -Wall -Wextra -Wpedantic -Werror -fsyntax-only $(pkg-config --cflags sheen) -x c -
echo '#include <sheen.h>' | c++ -std=c++11 -Wall -Wextra -Werror -fsyntax-only $(pkg-config --cflags sheen) -x c++ -

# The C++ wrappers (sheen.hpp): built with every warning an error, run natively and under
# AddressSanitizer with leak checking (RAII frees every handle).
cxxflags=(-std=c++17 -Wall -Wextra -Wpedantic -Werror)
c++ "${cxxflags[@]}" -O2 Tests/CAPI/cxx_test.cpp $(pkg-config --cflags --libs sheen) -o "$work/cxx_test"
c++ "${cxxflags[@]}" -O1 -g -fsanitize=address -fno-omit-frame-pointer Tests/CAPI/cxx_test.cpp \
    $(pkg-config --cflags --libs sheen) -o "$work/cxx_test_asan"
"$work/cxx_test"
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp" "$work/cxx_test_asan"

flags=(-std=c11 -Wall -Wextra -Werror)
cc "${flags[@]}" -O2 Tests/CAPI/capi_test.c $(pkg-config --cflags --libs sheen) -lm -o "$work/capi_test"
cc "${flags[@]}" -O1 -g -fsanitize=address -fno-omit-frame-pointer Tests/CAPI/capi_test.c \
    $(pkg-config --cflags --libs sheen) -lm -o "$work/capi_test_asan"
"$work/capi_test" "$work/out"
# Again with the toolchain's libraries hidden (an empty directory mounted over them, in a mount
# namespace of its own): the installed library must not reach for them.
if unshare -m true 2>/dev/null; then
    mkdir -p "$work/empty" "$work/out-alone"
    unshare -m sh -c "mount --bind '$work/empty' '$toolchain/lib' && '$work/capi_test' '$work/out-alone'" \
        || { echo "capi_test fails with the toolchain's libraries hidden" >&2; exit 1; }
    diff -r "$work/out" "$work/out-alone"
    echo "without the toolchain: capi_test passed with $toolchain/lib hidden"
else
    echo "without the toolchain: not run (no mount namespace here); NEEDED and RUNPATH checked above"
fi
# Leaks are checked too: what Sheen keeps for the process (font and glyph caches) stays reachable.
# A refused allocation must come back as SHEEN_ERROR_OUT_OF_MEMORY, not abort the run.
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 LSAN_OPTIONS="suppressions=$root/Fuzz/lsan.supp" "$work/capi_test_asan" "$work/out-asan"
diff -r "$work/out" "$work/out-asan"

# README's C example, as written there.
mkdir -p "$work/readme"
sed -n '/<!-- c-example/,/<!-- \/c-example -->/p' README.md | sed '1,2d;$d' | sed '$d' > "$work/readme/hello.c"
grep -q "int main" "$work/readme/hello.c" || { echo "README's C example not found" >&2; exit 1; }
cc "${flags[@]}" "$work/readme/hello.c" $(pkg-config --cflags --libs sheen) -o "$work/readme/hello"
(cd "$work/readme" && ./hello && head -c 4 hello.png | grep -q PNG) || { echo "README's C example failed" >&2; exit 1; }
echo "README's C example: compiled, ran, wrote hello.png"
# The oracle kit against this installation: the exact reference against rational arithmetic, the
# sample adapter's injected bugs caught, Sheen within its contract (Scripts/oracle.sh --self-test).
Scripts/oracle.sh --self-test --prefix "$work/prefix"
# A filter that matches nothing passes: require the suite's own report.
SHEEN_CAPI_OUTPUT="$work/out" swift test -c release --skip-build --filter CAPIOutputTests 2>&1 | tee "$work/compare.log" | grep -E "✘|passed after|failed after" || true
grep -q "Suite CAPIOutputTests passed" "$work/compare.log" || { echo "CAPIOutputTests did not pass" >&2; exit 1; }
