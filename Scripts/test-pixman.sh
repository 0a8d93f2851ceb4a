#!/usr/bin/env bash
# The drop-in pixman under pixman's own test programs (Scripts/test.sh runs this; docs/pixman.md).
#   Scripts/test-pixman.sh [--long]
# Installs the drop-in into a scratch prefix (Scripts/install.sh --pixman), fetches the source
# package of the installed pixman version as Debian ships it (apt-get source --download-only; the
# .orig tarball, checked against the .dsc's SHA-256) into .build-pixman/source, builds its test
# programs there with meson — outside the repository, nothing of pixman enters it — and runs them
# with the drop-in preloaded:
#   - every program that checks against a reference with a tolerance, and every crash and bounds
#     program, must pass (exit 0) — a failure fails this script;
#   - the CRC programs (which fix pixman's own bits) are run and reported, pass or differ: Sheen
#     rounds differently from pixman (docs/pixman.md); where one differs, Scripts/pixman-crc.sh
#     measures the differing pixels against the exact result, and any beyond Sheen's contract
#     fails this script. Without --long only the quick ones run.
# Then Tests/Pixman/invalid_colours.c (the drop-in against the system pixman on colours that are
# not valid premultiplied), Tests/Pixman/gradients.c and glyphs.c (gradients and glyph runs drawn
# by both), a run through the library-path copy (LD_LIBRARY_PATH) that checks that Sheen draws there too, and real
# programs — rsvg-convert and pango-view — drawn both ways (Scripts/pixman-programs.py).
set -euo pipefail
long=0
case "${1:-}" in
    --long) long=1 ;;
    "") ;;
    -h|--help) "$(dirname "$0")/usage.sh" "$0"; exit 0 ;;
    *) echo "test-pixman.sh: unknown option $1" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build-pixman"
Scripts/install-deps.sh --pixman
mkdir -p "$work"
Scripts/install.sh --pixman --prefix "$work/prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
tail -1 "$work/install.log"
preload="$work/prefix/lib/libsheen-pixman.so"

# pixman's source, the installed version's.
version=$(dpkg-query -W -f='${Version}' libpixman-1-0)
upstream=${version#*:}
upstream=${upstream%-*}
src="$work/source/pixman-$upstream"
if [ ! -f "$src/meson.build" ]; then
    mkdir -p "$work/source"
    (cd "$work/source" && apt-get source --download-only "pixman=$version" > fetch.log 2>&1) || true
    orig="$work/source/pixman_$upstream.orig.tar.gz"
    dsc="$work/source/pixman_$version.dsc"
    [ -f "$orig" ] && [ -f "$dsc" ] || { cat "$work/source/fetch.log"; echo "test-pixman.sh: pixman $version's source was not fetched" >&2; exit 1; }
    want=$(awk '/^Checksums-Sha256:/ {on = 1; next} /^[^ ]/ {on = 0} on && $3 == "'"pixman_$upstream.orig.tar.gz"'" {print $1}' "$dsc")
    got=$(sha256sum "$orig" | cut -d' ' -f1)
    [ -n "$want" ] && [ "$want" = "$got" ] || { echo "test-pixman.sh: $orig does not match its .dsc's SHA-256" >&2; exit 1; }
    tar -xzf "$orig" -C "$work/source"
fi
if [ ! -x "$work/build/test/composite" ]; then
    rm -rf "$work/build"
    meson setup "$work/build" "$src" -Dgtk=disabled -Dlibpng=enabled -Dopenmp=disabled -Dtests=enabled > "$work/meson.log" 2>&1 \
        || { cat "$work/meson.log"; exit 1; }
    ninja -C "$work/build" > "$work/ninja.log" 2>&1 || { tail -30 "$work/ninja.log"; exit 1; }
fi
echo "pixman $version's test programs built in $work/build"

# Programs that compare with a reference within a tolerance, and crash and bounds programs: each must pass.
checked=(composite tolerance-test pdf-op-test pixel-test alpha-loop alphamap fetch-test combiner-test
         oob-test stress-test gradient-crash-test radial-invalid scaling-crash-test infinite-loop
         trap-crasher a1-trap-test fence-image-self-test region-test region-translate-test
         region-contains-test matrix-test scaling-helpers-test prng-test)
# Programs that compare a CRC of pixman's own bits: reported.
crc_quick=(thread-test glyph-test solid-test cover-test)
crc_long=(blitters-test affine-test scaling-test rotate-test composite-traps-test filter-reduction-test)

# Seconds (one decimal) since `date +%s%N` said $1.
seconds_since() { local ms=$(( ($(date +%s%N) - $1) / 1000000 )); echo "$((ms / 1000)).$((ms % 1000 / 100))"; }

# Runs the program $1 preloaded (its output in $work/$1.log) and writes its exit status and
# seconds to $work/$1.result.
run_program() {
    local start rc=0
    start=$(date +%s%N)
    LD_PRELOAD="$preload" "$work/build/test/$1" > "$work/$1.log" 2>&1 || rc=$?
    echo "$rc $(seconds_since "$start")" > "$work/$1.result"
}

# Each program is single-threaded (built without OpenMP) but thread-test, so two run at a time —
# the machine's cores — and the results print in list order.
crc=("${crc_quick[@]}")
if [ "$long" = 1 ]; then crc+=("${crc_long[@]}"); fi
for t in "${checked[@]}" "${crc[@]}"; do
    rm -f "$work/$t.result"
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
    run_program "$t" &
done
wait

failed=()
for t in "${checked[@]}"; do
    read -r rc secs < "$work/$t.result"
    if [ "$rc" = 0 ]; then status=pass; else status="FAIL (rc $rc)"; failed+=("$t"); fi
    printf '  %-24s %-12s %6s s\n' "$t" "$status" "$secs"
done
for t in "${crc[@]}"; do
    read -r rc secs < "$work/$t.result"
    if [ "$rc" = 0 ]; then status="CRC same"; else status="CRC differs"; fi
    printf '  %-24s %-12s %6s s  %s\n' "$t" "$status" "$secs" "$(tail -n 1 "$work/$t.log" | cut -c1-70)"
done

# Where a CRC differs: every pixel of the differing tests that Sheen drew, against the exact
# result (Scripts/pixman-crc.sh; the long programs with --long).
crc_args=()
if [ "$long" = 1 ]; then crc_args+=(--long); fi
Scripts/pixman-crc.sh "$preload" "$src" "$work/build" "$work/crc" "${crc_args[@]}" || failed+=(crc-contract)

# thread-test's CRC differs from pixman's (Sheen's rounding) but must be the same on every run:
# its threads composite at once through the drop-in's shared records.
crcs=$(for run in 1 2 3; do (LD_PRELOAD="$preload" "$work/build/test/thread-test" 2>&1 || true) | tail -n 1; done | sort -u | wc -l)
if [ "$crcs" != 1 ]; then echo "thread-test: the CRC differs between runs" >&2; failed+=(thread-test-determinism); fi

# Sheen's own check beside them: on colours that are not valid premultiplied, which pixman
# defines and Sheen does not, the drop-in writes what pixman writes (Tests/Pixman/invalid_colours.c).
cc -Wall -Werror -O1 Tests/Pixman/invalid_colours.c $(pkg-config --cflags --libs pixman-1) -ldl -o "$work/invalid_colours"
LD_PRELOAD="$preload" "$work/invalid_colours" || failed+=(invalid_colours)
# And gradients: the drop-in's against the system pixman's, drawn as pixman defines them
# (Tests/Pixman/gradients.c; 4,000 random calls a seed, 20 seeds with --long).
cc -Wall -Werror -O1 Tests/Pixman/gradients.c $(pkg-config --cflags --libs pixman-1) -ldl -lm -o "$work/gradients"
for seed in $(seq 1 $((long ? 20 : 4))); do
    LD_PRELOAD="$preload" "$work/gradients" "$seed" || { failed+=("gradients seed $seed"); break; }
done

# And glyph runs (Tests/Pixman/glyphs.c: pixman_composite_glyphs_no_mask, 3,000 runs a seed).
cc -Wall -Werror -O1 Tests/Pixman/glyphs.c $(pkg-config --cflags --libs pixman-1) -ldl -o "$work/glyphs"
for seed in $(seq 1 $((long ? 20 : 4))); do
    LD_PRELOAD="$preload" "$work/glyphs" "$seed" || { failed+=("glyphs seed $seed"); break; }
done

# The library-path copy: Sheen draws through it (the statistics say so) and the system pixman does the rest.
stats=$(SHEEN_PIXMAN_STATS=1 LD_LIBRARY_PATH="$work/prefix/lib/sheen-pixman" "$work/build/test/pdf-op-test" 2>&1 >/dev/null)
grep -q "Sheen drew [1-9]" <<<"$stats" || { echo "$stats"; echo "test-pixman.sh: nothing drawn by Sheen through LD_LIBRARY_PATH" >&2; failed+=(library-path); }

# Real programs: rsvg-convert over the Tango icons that draw gradients, pango-view over
# multi-script paragraphs, with and without the drop-in (Scripts/pixman-programs.py).
echo "  real programs (rsvg-convert, pango-view), each picture against pixman's:"
"$(Scripts/scripts-python.sh)" Scripts/pixman-programs.py "$preload" "$work/programs" || failed+=(programs)

if [ ${#failed[@]} -gt 0 ]; then echo "test-pixman.sh: failed: ${failed[*]}" >&2; exit 1; fi
echo "test-pixman.sh: every tolerance and crash program of pixman $version passes with the drop-in preloaded"
