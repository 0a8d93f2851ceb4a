// A gradient paint's row shaded only where a mask covers it (CompositeEntry.h's composite_rows,
// a layer of CompositeBody.h): the runs of 16-pixel blocks with coverage, the rest zeroed.

/// Whether any of the `n` (1…16) coverage bytes at `m` is not zero; nothing past them is read:
/// a whole block by CompositeCoverage.h's classify, a row's last part block byte by byte.
INLINE int any_coverage16(const uint8_t *m, intptr_t n) {
    if (n == 16) return classify(m, 16) != COVER_NONE;
    unsigned any = 0;
    for (intptr_t i = 0; i < n; i++) any |= m[i];
    return any != 0;
}

/// A gradient's row shaded into `paint` (`width` pixels of `bpp` bytes; `shading` set for the
/// row, its x the row's first pixel's) only over the runs of 16-pixel blocks where coverage row
/// `m` has any (gaps under 2 blocks shaded through), the rest of the row zeroed: under coverage 0
/// a pixel's paint is scaled away or lerped away by every operator (CompositeReference's pixel),
/// so the row composites as if shaded whole, and each shaded pixel is a function of its (x, y)
/// alone (SheenGradientJob). cairo strokes a shape of a gradient through a mask of its box, covered
/// where the outline crosses it: shading each row whole ran cairo's strokes of a 3-stop linear
/// gradient at 512 × 512 at 0.90× pixman's speed on an AMD EPYC (67 % of the run shading),
/// whose fetcher shades only covered pixels.
static void shade_covered_runs(SheenGradientJob shading, uint8_t *paint, const uint8_t *m, intptr_t width, intptr_t bpp) {
    const intptr_t x = shading.x;
    intptr_t done = 0, start = -1, last = 0;
    // Block by block, and once past the last (b ≥ width) to end the open run.
    for (intptr_t b = 0;; b += 16) {
        const int past = b >= width;
        const int covered = !past && any_coverage16(m + b, width - b < 16 ? width - b : 16);
        if (covered && start >= 0 && b - last < 32) {
            last = b + 16 < width ? b + 16 : width;
            continue;
        }
        if (start >= 0 && (covered || past)) {
            // The run [start, last) ends: the gap before it zeroed, the run shaded.
            memset(paint + done * bpp, 0, (size_t)((start - done) * bpp));
            shading.dst = paint + start * bpp;
            shading.x = x + start;
            shading.width = last - start;
            SHEEN_GRADIENT_ENTRY(&shading);
            done = last;
            start = -1;
        }
        if (past) break;
        if (covered) {
            start = b;
            last = b + 16 < width ? b + 16 : width;
        }
    }
    memset(paint + done * bpp, 0, (size_t)((width - done) * bpp));
}
