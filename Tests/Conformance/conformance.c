// The C conformance driver: runs one C level's kernel table on the golden cases that
// SheenRasterTests' ConformanceGoldens wrote on x86-64 (each a job, its inputs and the Swift
// reference twin's output) and compares every output byte, the padding between rows included,
// and the fences around every buffer; then again with every row and table against guard pages
// (see `layout`), so that a read or write outside them faults. Scripts/test-arm64.sh builds it for AArch64 with
// CSheenSIMD and runs it under qemu-aarch64-static; built natively it checks the x86 levels too.
//
//   conformance GOLDENS [simd128|avx2|avx512] [--first-failure] [--kinds CGBFPVSRK]   (default simd128)
//
// Prints one line per failing case (at most 20) and a closing "N passed, M failed"; exits 1 on
// any failure, 2 on a file it cannot read (or one cut short: see the closing record), 3 when a
// kernel faults on a guard page (naming the case).
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#include "CSheenSIMD.h"

// MARK: reading

typedef struct {
    const uint8_t *p, *end;
    int bad;
} reader;

static void take(reader *r, void *out, size_t n) {
    if (r->bad || (size_t)(r->end - r->p) < n) {
        r->bad = 1;
        memset(out, 0, n);
        return;
    }
    memcpy(out, r->p, n);
    r->p += n;
}
static uint8_t u8(reader *r) { uint8_t v; take(r, &v, 1); return v; }
static uint32_t u32(reader *r) { uint32_t v; take(r, &v, 4); return v; }
static intptr_t i64(reader *r) { int64_t v; take(r, &v, 8); return (intptr_t)v; }
static float f32(reader *r) { float v; take(r, &v, 4); return v; }
static double f64(reader *r) { double v; take(r, &v, 8); return v; }

/// A length-prefixed byte string, pointing into the file.
typedef struct {
    const uint8_t *bytes;
    size_t count;
} blob;

static blob bytes(reader *r) {
    blob b = {0, 0};
    intptr_t n = i64(r);
    if (r->bad || n < 0 || (size_t)(r->end - r->p) < (size_t)n) { r->bad = 1; return b; }
    b.bytes = r->p;
    b.count = (size_t)n;
    r->p += n;
    return b;
}

// MARK: placing buffers

/// How a case's buffers are laid out in memory. FENCED: each buffer at the golden's own strides,
/// misaligned, with fences of FENCE_BYTE before and after it and in its row padding. GUARD_AFTER
/// and GUARD_BEFORE: every row of every buffer (and every table a job points to) on pages of its
/// own, its last byte just before (or its first byte just after) a PROT_NONE page, so that a
/// kernel reading even one byte outside the rows it was given faults (the kernel contract of
/// "What a kernel reads" in SheenRaster's "Kernels and dispatch"). Inputs are read-only there, so a write to one faults too.
/// Under AddressSanitizer, EXACT too: each buffer in an allocation of exactly its bytes, at the
/// golden's strides and 64-byte aligned (a blur's tmp and scratch must be), so the sanitizer's
/// red zone starts right after the last row.
typedef enum { LAYOUT_FENCED, LAYOUT_GUARD_AFTER, LAYOUT_GUARD_BEFORE, LAYOUT_EXACT } layout;
static const char *const layout_names[] = {"fenced", "rows ending at a guard page", "rows starting after a guard page",
                                           "allocated exactly (AddressSanitizer)"};
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
/// The layouts each case runs in, in order (under AddressSanitizer the exact one first, so that
/// the sanitizer, not a guard page, reports an over-read).
#ifdef UNDER_ASAN
static const layout layouts[] = {LAYOUT_EXACT, LAYOUT_FENCED, LAYOUT_GUARD_AFTER, LAYOUT_GUARD_BEFORE};
#else
static const layout layouts[] = {LAYOUT_FENCED, LAYOUT_GUARD_AFTER, LAYOUT_GUARD_BEFORE};
#endif
enum { LAYOUT_COUNT = sizeof layouts / sizeof layouts[0] };

enum { FENCE = 64, FENCE_BYTE = 0xC5 };

/// One buffer of `rows` rows of `rowBytes` bytes placed as a layout says. `stride` is what the
/// kernel is given (the golden's in the fenced layout; 0 stays 0: one row reused).
typedef struct {
    layout how;
    uint8_t *block, *data;
    size_t blockBytes, count;
    intptr_t rows, rowBytes, stride, goldenStride;
} placed;

static size_t page_bytes(void) {
    static size_t page = 0;
    if (!page) page = (size_t)sysconf(_SC_PAGESIZE);
    return page;
}


/// `b` (rows `goldenStride` apart, the last `rowBytes` long) placed as `how` says; `misalign`
/// is the fenced layout's offset from a 64-byte boundary. `readOnly` inputs are protected
/// against writes in the guard layouts.
static placed place(blob b, intptr_t rows, intptr_t rowBytes, intptr_t goldenStride, uint32_t misalign, layout how, int readOnly) {
    placed p = {how, 0, 0, 0, b.count, rows, rowBytes, goldenStride, goldenStride};
    if (goldenStride == 0 || b.count == 0) p.rows = rows = b.count == 0 ? 0 : rows > 0 ? 1 : 0;
    if (rows > 0 && (size_t)((rows - 1) * goldenStride + rowBytes) > b.count) {
        fprintf(stderr, "conformance: a buffer of %zu bytes is smaller than its %zd rows\n", b.count, (ssize_t)rows);
        exit(2);
    }
    if (how == LAYOUT_EXACT) {
        p.blockBytes = b.count;
        void *block = NULL;
        if (posix_memalign(&block, 64, b.count ? b.count : 1) != 0) { perror("conformance: posix_memalign"); exit(2); }
        p.block = p.data = block;
        if (b.count) b.bytes ? memcpy(p.data, b.bytes, b.count) : memset(p.data, 0, b.count);
        return p;
    }
    if (how == LAYOUT_FENCED) {
        p.blockBytes = (FENCE + 128 + b.count + FENCE + 63) / 64 * 64;
        p.block = aligned_alloc(64, p.blockBytes);
        p.data = p.block + FENCE + 64 + (misalign % 64);
        memset(p.block, FENCE_BYTE, p.blockBytes);
        if (b.count) b.bytes ? memcpy(p.data, b.bytes, b.count) : memset(p.data, 0, b.count);
        return p;
    }
    const size_t page = page_bytes(), span = ((size_t)rowBytes + page - 1) / page * page;
    p.stride = goldenStride == 0 ? 0 : (intptr_t)(span + page);
    // One page more: the last row's run is followed by a guard page in both layouts.
    p.blockBytes = (size_t)(rows > 0 ? rows : 1) * (span + page) + page;
    p.block = mmap(NULL, p.blockBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p.block == MAP_FAILED) { perror("conformance: mmap"); exit(2); }
    memset(p.block, FENCE_BYTE, p.blockBytes);
    const intptr_t step = (intptr_t)(span + page);
    if (mprotect(p.block + p.blockBytes - page, page, PROT_NONE) != 0) { perror("conformance: mprotect"); exit(2); }
    for (intptr_t r = 0; r < (rows > 0 ? rows : 1); r++) {
        uint8_t *run = p.block + r * step;   // guard after: span bytes, then the guard page
        uint8_t *guard = how == LAYOUT_GUARD_AFTER ? run + span : run;
        uint8_t *row = how == LAYOUT_GUARD_AFTER ? run + span - rowBytes : run + page;
        if (r == 0) p.data = row;
        if (r < rows && rowBytes) {
            b.bytes ? memcpy(row, b.bytes + r * goldenStride, (size_t)rowBytes) : memset(row, 0, (size_t)rowBytes);
        }
        if (mprotect(guard, page, PROT_NONE) != 0) { perror("conformance: mprotect"); exit(2); }
        if (readOnly && span && mprotect(how == LAYOUT_GUARD_AFTER ? run : run + page, span, PROT_READ) != 0) {
            perror("conformance: mprotect"); exit(2);
        }
    }
    return p;
}

/// A table of `count` bytes (a job's weights, ramp, lanes…; zeros where `bytes` is NULL: the
/// library's scratch), placed like a one-row buffer.
static placed place_table(const void *bytes, size_t count, uint32_t misalign, layout how, int readOnly) {
    return place((blob){bytes, count}, 1, (intptr_t)count, 0, misalign, how, readOnly);
}

/// Whether the buffer now holds `want` (rows `goldenStride` apart; the fenced layout compares
/// the padding between rows too) and nothing around its rows changed.
static int placed_equals(const placed *b, blob want, char *why, size_t whyCount) {
    if (want.count != b->count) { snprintf(why, whyCount, "golden size differs"); return 0; }
    if (b->how == LAYOUT_FENCED || b->how == LAYOUT_EXACT) {
        for (uint8_t *p = b->block; p < b->data; p++) {
            if (*p != FENCE_BYTE) { snprintf(why, whyCount, "fence before the buffer written"); return 0; }
        }
        for (uint8_t *p = b->data + want.count; p < b->block + b->blockBytes; p++) {
            if (*p != FENCE_BYTE) { snprintf(why, whyCount, "fence after the buffer written"); return 0; }
        }
        for (size_t k = 0; k < want.count; k++) {
            if (b->data[k] != want.bytes[k]) {
                snprintf(why, whyCount, "byte %zu: %u, golden %u", k, b->data[k], want.bytes[k]);
                return 0;
            }
        }
        return 1;
    }
    const size_t page = page_bytes(), span = ((size_t)b->rowBytes + page - 1) / page * page;
    for (intptr_t r = 0; r < b->rows; r++) {
        const uint8_t *run = b->block + r * (intptr_t)(span + page) + (b->how == LAYOUT_GUARD_AFTER ? 0 : page);
        const uint8_t *row = b->how == LAYOUT_GUARD_AFTER ? run + span - b->rowBytes : run;
        for (size_t k = 0; k < (size_t)b->rowBytes; k++) {
            if (row[k] != want.bytes[r * b->goldenStride + (intptr_t)k]) {
                snprintf(why, whyCount, "row %zd byte %zu: %u, golden %u", (ssize_t)r, k, row[k], want.bytes[r * b->goldenStride + (intptr_t)k]);
                return 0;
            }
        }
        for (size_t k = 0; k < span - (size_t)b->rowBytes; k++) {
            const uint8_t *pad = b->how == LAYOUT_GUARD_AFTER ? run : row + b->rowBytes;
            if (pad[k] != FENCE_BYTE) { snprintf(why, whyCount, "row %zd: the page around it written", (ssize_t)r); return 0; }
        }
    }
    return 1;
}

static void placed_free(placed *b) {
    if (b->how == LAYOUT_FENCED || b->how == LAYOUT_EXACT) free(b->block);
    else munmap(b->block, b->blockBytes);
}

// MARK: cases

/// A gradient job read from the file, with the arrays it points to.
typedef struct {
    SheenGradientJob job;
    float lanes[32], dither[128], p[9];
    int hasDither;
    float *bounds, *pieces;
    uint32_t *cells;
    placed tables[6];
} gradient_case;

/// Rows of a job's ramp: 9, or 13 with the curvature of a quadratic ramp (CSheenSIMD.h).
static uint32_t gradient_fields(const SheenGradientJob *j) { return j->quadratic ? 13 : 9; }

static void read_gradient(reader *r, gradient_case *g) {
    memset(g, 0, sizeof *g);
    SheenGradientJob *j = &g->job;
    j->x = i64(r); j->y = i64(r); j->width = i64(r); j->height = i64(r);
    j->bytesPerPixel = u32(r); j->shape = u32(r); j->spread = u32(r); j->dither = u32(r); j->opaque = u32(r);
    j->quadratic = u32(r);
    for (int k = 0; k < 6; k++) j->g[k] = f64(r);
    for (int k = 0; k < 32; k++) g->lanes[k] = f32(r);
    for (int k = 0; k < 9; k++) j->p[k] = f32(r);
    g->hasDither = u8(r);
    if (g->hasDither) for (int k = 0; k < 128; k++) g->dither[k] = f32(r);
    j->segments = u32(r);
    if (r->bad || j->segments == 0 || j->segments > 4096) { r->bad = 1; return; }
    g->bounds = malloc(sizeof(float) * (j->segments + 1));
    g->pieces = malloc(sizeof(float) * gradient_fields(j) * j->segments);
    for (uint32_t k = 0; k <= j->segments; k++) g->bounds[k] = f32(r);
    for (uint32_t k = 0; k < gradient_fields(j) * j->segments; k++) g->pieces[k] = f32(r);
    j->cellCount = u32(r); j->cellSteps = u32(r);
    if (r->bad || j->cellCount > (1u << 20)) { r->bad = 1; return; }
    g->cells = malloc(sizeof(uint32_t) * (j->cellCount ? j->cellCount : 1));
    for (uint32_t k = 0; k < j->cellCount; k++) g->cells[k] = u32(r);
}

/// Points the job at copies of its tables placed as `how` says (each against a guard page in
/// the guard layouts: the ramp, lanes and dither are read by index, and must stay within them).
static void place_gradient(gradient_case *g, layout how) {
    SheenGradientJob *j = &g->job;
    g->tables[0] = place_table(g->lanes, 16 * sizeof(float), 0, how, 1);
    g->tables[1] = place_table(g->lanes + 16, 16 * sizeof(float), 0, how, 1);
    g->tables[2] = place_table(g->dither, g->hasDither ? sizeof g->dither : 0, 0, how, 1);
    g->tables[3] = place_table(g->bounds, sizeof(float) * (j->segments + 1), 0, how, 1);
    g->tables[4] = place_table(g->pieces, sizeof(float) * gradient_fields(j) * j->segments, 0, how, 1);
    g->tables[5] = place_table(g->cells, sizeof(uint32_t) * j->cellCount, 0, how, 1);
    j->laneX = (const float *)g->tables[0].data;
    j->laneY = (const float *)g->tables[1].data;
    j->ditherTable = g->hasDither ? (const float *)g->tables[2].data : NULL;
    j->bounds = (const float *)g->tables[3].data;
    j->pieces = (const float *)g->tables[4].data;
    j->cells = (const uint32_t *)g->tables[5].data;
}

static void free_gradient(gradient_case *g) {
    for (int k = 0; k < 6; k++) if (g->tables[k].block) placed_free(&g->tables[k]);
    free(g->bounds);
    free(g->pieces);
    free(g->cells);
}

/// Runs one composite case; 1 when its output equals the golden. `text` counts the cases that
/// take over_n_8_8888.
static int composite_case(reader *r, const SheenKernelTable *t, layout how, int *text, char *why, size_t n) {
    SheenCompositeJob job;
    memset(&job, 0, sizeof job);
    job.width = i64(r); job.height = i64(r); job.dstStride = i64(r); job.paintStride = i64(r); job.maskStride = i64(r);
    job.solid = u32(r); job.coverage = u32(r); job.op = u32(r); job.bytesPerPixel = u32(r); job.redByte = u32(r);
    const int paintKind = u8(r), masked = u8(r);
    const uint32_t misalign = u32(r);
    job.paintConversion = u32(r);
    job.componentAlpha = u32(r);
    blob dst0 = bytes(r), paint = {0, 0}, mask = {0, 0}, column = {0, 0};
    if (paintKind == 1 || paintKind == 4) paint = bytes(r);
    if (paintKind == 3) column = bytes(r);
    if (masked) mask = bytes(r);
    gradient_case g;
    memset(&g, 0, sizeof g);
    if (paintKind == 2) read_gradient(r, &g);
    blob want = bytes(r);
    if (r->bad || job.width < 0 || job.height < 0 || job.width > (1 << 20) || job.height > (1 << 20)) { free_gradient(&g); return -1; }
    const intptr_t paintBytes = paintKind == 4 ? 4 : job.bytesPerPixel;
    placed d = place(dst0, job.height, job.width * job.bytesPerPixel, job.dstStride, misalign, how, 0);
    placed p = place(paint, job.height, job.width * paintBytes, job.paintStride, misalign + 5, how, 1);
    // A component-alpha mask has a coverage byte per channel: 4 a pixel.
    placed m = place(mask, job.height, job.width * (job.componentAlpha ? 4 : 1), job.maskStride, misalign + 9, how, 1);
    placed s = place_table(NULL, (size_t)sheen_composite_scratch_bytes(job.width > 0 ? job.width : 1), 0, how, 0);
    placed c = place_table(column.bytes, column.count, 0, how, 1);
    job.dst = d.data;
    job.dstStride = d.stride;
    job.paint = paintKind == 1 || paintKind == 4 ? p.data : NULL;
    job.paintStride = p.stride;
    job.mask = masked ? m.data : NULL;
    job.maskStride = m.stride;
    job.scratch = s.data;
    if (paintKind == 2) {
        place_gradient(&g, how);
        job.gradient = &g.job;
    }
    if (paintKind == 3) job.paintColumn = (const uint32_t *)c.data;
    const int solid = job.paint == NULL && !job.gradient && !job.paintColumn;
    if (job.width > 0 && job.height > 0 &&
        sheen_simd_composite_kernel(job.op, solid, job.solid >> 24 == 255, masked, job.bytesPerPixel) == SHEEN_KERNEL_over_n_8_8888) {
        (*text)++;
    }
    const int status = t->composite(&job);
    int ok = status == 0;
    if (!ok) snprintf(why, n, "the entry refused the job (status %d)", status);
    if (ok) ok = placed_equals(&d, want, why, n);
    if (ok && !placed_equals(&p, paint, why, n)) ok = 0;
    if (ok && !placed_equals(&m, mask, why, n)) ok = 0;
    placed_free(&d); placed_free(&p); placed_free(&m); placed_free(&s); placed_free(&c);
    free_gradient(&g);
    return ok;
}

enum { MOST_GLYPHS = 64 };

/// Runs one glyph-run case (a composite job whose `glyphs` are a run of masks); 1 when its output
/// equals the golden and no mask changed.
static int glyph_run_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    SheenCompositeJob job;
    memset(&job, 0, sizeof job);
    job.width = i64(r); job.height = i64(r); job.dstStride = i64(r);
    job.solid = u32(r); job.op = u32(r); job.bytesPerPixel = u32(r); job.redByte = u32(r);
    job.coverage = 255;
    const uint32_t misalign = u32(r);
    job.componentAlpha = u32(r);
    const intptr_t count = i64(r);
    blob dst0 = bytes(r);
    if (r->bad || count < 1 || count > MOST_GLYPHS || job.width < 0 || job.height < 0 || job.width > (1 << 20) || job.height > (1 << 20)) return -1;
    SheenCompositeGlyph glyphs[MOST_GLYPHS];
    blob masks[MOST_GLYPHS];
    for (intptr_t k = 0; k < count; k++) {
        glyphs[k].x = (int32_t)u32(r); glyphs[k].y = (int32_t)u32(r);
        glyphs[k].width = (int32_t)u32(r); glyphs[k].height = (int32_t)u32(r);
        glyphs[k].maskStride = i64(r);
        masks[k] = bytes(r);
        if (r->bad || glyphs[k].width < 0 || glyphs[k].height < 0 || glyphs[k].width > 4096 || glyphs[k].height > 4096) return -1;
    }
    blob want = bytes(r);
    if (r->bad) return -1;
    placed d = place(dst0, job.height, job.width * job.bytesPerPixel, job.dstStride, misalign, how, 0);
    placed m[MOST_GLYPHS];
    for (intptr_t k = 0; k < count; k++) {
        m[k] = place(masks[k], glyphs[k].height, glyphs[k].width * (job.componentAlpha ? 4 : 1), glyphs[k].maskStride,
                     misalign + 9 + (uint32_t)k, how, 1);
        glyphs[k].mask = masks[k].count ? m[k].data : NULL;
        glyphs[k].maskStride = m[k].stride;
    }
    job.dst = d.data;
    job.dstStride = d.stride;
    job.glyphs = glyphs;
    job.glyphCount = count;
    const int status = t->composite(&job);
    int ok = status == 0;
    if (!ok) snprintf(why, n, "the entry refused the run (status %d)", status);
    if (ok) ok = placed_equals(&d, want, why, n);
    for (intptr_t k = 0; k < count; k++) {
        if (ok && !placed_equals(&m[k], masks[k], why, n)) ok = 0;
        placed_free(&m[k]);
    }
    placed_free(&d);
    return ok;
}

static int gradient_span_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    gradient_case g;
    read_gradient(r, &g);
    const intptr_t stride = i64(r);
    const uint32_t misalign = u32(r);
    blob dst0 = bytes(r), want = bytes(r);
    if (r->bad || g.job.width < 0 || g.job.height < 0) { free_gradient(&g); return -1; }
    placed d = place(dst0, g.job.height, g.job.width * g.job.bytesPerPixel, stride, misalign, how, 0);
    place_gradient(&g, how);
    g.job.dst = d.data;
    g.job.dstStride = d.stride;
    t->gradient_span(&g.job);
    int ok = placed_equals(&d, want, why, n);
    placed_free(&d);
    free_gradient(&g);
    return ok;
}

static int blur_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    SheenBlurJob job;
    memset(&job, 0, sizeof job);
    job.width = i64(r); job.height = i64(r); job.srcStride = i64(r); job.dstStride = i64(r); job.tmpStride = i64(r);
    job.channels = u32(r); job.clamp = u32(r); job.method = u32(r);
    job.radiusX = u32(r); job.radiusY = u32(r); job.offsetX = u32(r); job.offsetY = u32(r);
    uint16_t weights[2][SHEEN_BLUR_MAX_RADIUS + 1];
    uint32_t weightCount[2];
    float lines[2][16];
    int hasLine[2];
    for (int a = 0; a < 2; a++) {
        weightCount[a] = u32(r);
        if (weightCount[a] > SHEEN_BLUR_MAX_RADIUS + 1) return -1;
        for (uint32_t k = 0; k < weightCount[a]; k++) weights[a][k] = (uint16_t)u32(r);
    }
    for (int a = 0; a < 2; a++) {
        hasLine[a] = u8(r);
        if (hasLine[a]) for (int k = 0; k < 16; k++) lines[a][k] = f32(r);
    }
    uint32_t calls = u32(r);
    if (r->bad || calls > 1u << 16) return -1;
    int32_t *pass = malloc(sizeof(int32_t) * (calls ? calls : 1));
    intptr_t *range = malloc(sizeof(intptr_t) * 2 * (calls ? calls : 1));
    for (uint32_t k = 0; k < calls; k++) {
        pass[k] = (int32_t)u32(r);
        range[2 * k] = i64(r);
        range[2 * k + 1] = i64(r);
    }
    const uint32_t misalign = u32(r);
    blob src = bytes(r), dst0 = bytes(r), want = bytes(r);
    if (r->bad || job.width <= 0 || job.height <= 0) { free(pass); free(range); return -1; }
    const intptr_t rowBytes = job.width * job.channels;
    placed s = place(src, job.height, rowBytes, job.srcStride, misalign + 3, how, 1);
    placed d = place(dst0, job.height, rowBytes, job.dstStride, misalign, how, 0);
    placed tables[4];
    for (int a = 0; a < 2; a++) {
        tables[a] = place_table(weights[a], weightCount[a] * sizeof(uint16_t), 0, how, 1);
        tables[2 + a] = place_table(lines[a], hasLine[a] ? sizeof lines[a] : 0, 0, how, 1);
    }
    job.src = s.data;
    job.srcStride = s.stride;
    job.dst = d.data;
    job.dstStride = d.stride;
    job.weightsX = (const uint16_t *)tables[0].data;
    job.weightsY = (const uint16_t *)tables[1].data;
    job.lineX = hasLine[0] ? (const float *)tables[2].data : NULL;
    job.lineY = hasLine[1] ? (const float *)tables[3].data : NULL;
    // The library's own memory (tmp and scratch, 64-byte aligned), against guard pages too.
    const size_t tmpBytes = ((size_t)job.tmpStride * (size_t)((job.height + 15) / 16 * 16) * 2 + 63) / 64 * 64;
    placed tmp = place_table(NULL, tmpBytes, 0, how, 0);
    job.tmp = (uint16_t *)tmp.data;
    const size_t scratchBytes = ((size_t)sheen_blur_scratch_bytes(&job) + 63) / 64 * 64;
    placed scratch = place_table(NULL, scratchBytes, 0, how, 0);
    for (uint32_t k = 0; k < calls; k++) t->blur(&job, pass[k], range[2 * k], range[2 * k + 1], scratch.data);
    int ok = placed_equals(&d, want, why, n);
    if (ok && !placed_equals(&s, src, why, n)) ok = 0;
    placed_free(&s); placed_free(&d); placed_free(&tmp); placed_free(&scratch);
    for (int k = 0; k < 4; k++) placed_free(&tables[k]);
    free(pass); free(range);
    return ok;
}

static int fill_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    const intptr_t stride = i64(r), width = i64(r), height = i64(r);
    const uint32_t bpp = u32(r);
    const intptr_t count = i64(r), phase = i64(r);
    const uint32_t misalign = u32(r);
    blob values = bytes(r), dst0 = bytes(r), want = bytes(r);
    if (r->bad || width < 0 || height < 0) return -1;
    placed d = place(dst0, height, width * bpp, stride, misalign, how, 0);
    placed v = place_table(values.bytes, values.count, misalign + 2, how, 1);
    t->fill_rows(d.data, d.stride, width, height, bpp, v.data, count, phase);
    int ok = placed_equals(&d, want, why, n);
    placed_free(&d); placed_free(&v);
    return ok;
}

static int copy_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    const intptr_t stride = i64(r), rowBytes = i64(r), height = i64(r), srcStride = i64(r), period = i64(r);
    const uint32_t misalign = u32(r);
    blob src = bytes(r), dst0 = bytes(r), want = bytes(r);
    if (r->bad || rowBytes < 0 || height < 0 || period <= 0) return -1;
    placed s = place(src, period, rowBytes, srcStride, misalign + 7, how, 1);
    int ok = 1;
    // Twice: as the CPU's cache size decides (these rows stay in the cache), then with every
    // copy of two lines or more streamed around it (copy_row_streamed, RowsBody.h).
    for (int streamed = 0; streamed < 2 && ok; streamed++) {
        sheen_streaming_threshold_set(streamed ? 1 : 0);
        placed d = place(dst0, height, rowBytes, stride, misalign, how, 0);
        t->copy_rows(d.data, d.stride, rowBytes, height, s.data, s.stride, period);
        ok = placed_equals(&d, want, why, n);
        if (!ok && streamed) strncat(why, ", streamed", n - strlen(why) - 1);
        placed_free(&d);
    }
    sheen_streaming_threshold_set(0);
    placed_free(&s);
    return ok;
}

static int check_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    const intptr_t stride = i64(r), width = i64(r), height = i64(r), want = i64(r);
    const uint32_t misalign = u32(r);
    blob src = bytes(r);
    if (r->bad || width < 0 || height < 0) return -1;
    // Read-only: against guard pages the rows' own pages refuse writes too.
    placed s = place(src, height, width * 4, stride, misalign, how, 1);
    const intptr_t got = t->check_premultiplied(s.data, s.stride, width, height);
    int ok = got == want;
    if (!ok) snprintf(why, n, "first row not premultiplied %zd, golden %zd", (ssize_t)got, (ssize_t)want);
    if (ok && !placed_equals(&s, src, why, n)) ok = 0;
    placed_free(&s);
    return ok;
}

/// What runs a sample record's job: sample_bilinear, or sample_convolution with a filter.
typedef struct {
    const SheenKernelTable *table;
    const SheenConvolutionJob *filter;   /* NULL: bilinear */
} sampler;

/// Reads a sample record (kind S's whole case, the end of kind K's) into a job, places its
/// image, destination and coverage as `how` says, runs the job through `run`, and compares.
static int sample_record(reader *r, sampler run, layout how, char *why, size_t n) {
    SheenBilinearJob j;
    memset(&j, 0, sizeof j);
    const intptr_t srcStride = i64(r);
    j.srcWidth = (int32_t)u32(r); j.srcHeight = (int32_t)u32(r); j.bytesPerPixel = u32(r); j.repeat = u32(r);
    const uint32_t srcMisalign = u32(r);
    blob src = bytes(r);
    const intptr_t stride = i64(r);
    j.width = i64(r); j.height = i64(r);
    const uint32_t misalign = u32(r);
    j.x = (int32_t)u32(r); j.y = (int32_t)u32(r);
    j.dxdi = (int32_t)u32(r); j.dydi = (int32_t)u32(r); j.dxdr = (int32_t)u32(r); j.dydr = (int32_t)u32(r);
    const intptr_t coverageStride = i64(r);
    blob coverage = bytes(r);   // empty: no coverage
    j.over = u32(r);
    blob dst0 = bytes(r), want = bytes(r);
    if (r->bad || j.width < 0 || j.height < 0 || j.srcWidth < 1 || j.srcHeight < 1
        || (j.bytesPerPixel != 1 && j.bytesPerPixel != 4) || (run.filter && (j.bytesPerPixel != 4 || j.over))) return -1;
    // The image is read-only: against guard pages its rows' own pages refuse writes too.
    placed s = place(src, j.srcHeight, j.srcWidth * j.bytesPerPixel, srcStride, srcMisalign, how, 1);
    placed d = place(dst0, j.height, j.width * j.bytesPerPixel, stride, misalign, how, 0);
    placed c = place(coverage, coverage.count ? j.height : 0, j.width, coverageStride, misalign + 5, how, 1);
    j.src = s.data; j.srcStride = s.stride;
    j.dst = d.data; j.dstStride = d.stride;
    if (coverage.count) { j.coverage = c.data; j.coverageStride = c.stride; }
    if (run.filter) {
        SheenConvolutionJob k = *run.filter;
        k.sample = j;
        run.table->sample_convolution(&k);
    } else {
        run.table->sample_bilinear(&j);
    }
    int ok = placed_equals(&d, want, why, n);
    if (ok && !placed_equals(&s, src, why, n)) ok = 0;
    placed_free(&c);
    placed_free(&d);
    placed_free(&s);
    return ok;
}

static int sample_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    return sample_record(r, (sampler){t, NULL}, how, why, n);
}

/// A convolution case: its filter (taps, phase bits, the job's weights), then a sample record.
static int convolution_case(reader *r, const SheenKernelTable *t, layout how, char *why, size_t n) {
    SheenConvolutionJob k;
    memset(&k, 0, sizeof k);
    k.tapsAcross = (int32_t)u32(r); k.tapsDown = (int32_t)u32(r); k.xPhaseBits = (int32_t)u32(r); k.yPhaseBits = (int32_t)u32(r);
    blob xWeights = bytes(r), yWeights = bytes(r);
    if (r->bad || k.tapsAcross < 1 || k.tapsDown < 1 || k.tapsAcross > SHEEN_CONVOLUTION_MAX_TAPS
        || k.tapsDown > SHEEN_CONVOLUTION_MAX_TAPS || k.xPhaseBits < 0 || k.xPhaseBits > 16 || k.yPhaseBits < 0 || k.yPhaseBits > 16
        || xWeights.count != (size_t)SHEEN_CONVOLUTION_ROW(k.tapsAcross) * 4 << k.xPhaseBits
        || yWeights.count != (size_t)k.tapsDown * 4 << k.yPhaseBits) return -1;
    // The weights are read-only: against guard pages their own pages refuse writes.
    placed xw = place_table(xWeights.bytes, xWeights.count, 0, how, 1), yw = place_table(yWeights.bytes, yWeights.count, 4, how, 1);
    k.xWeights = (const int32_t *)xw.data; k.yWeights = (const int32_t *)yw.data;
    int ok = sample_record(r, (sampler){t, &k}, how, why, n);
    placed_free(&xw); placed_free(&yw);
    return ok;
}

/// The case being run, for the fault handler: a kernel that touches a guard page stops the
/// driver with a line naming the case, not a bare "Segmentation fault".
static char running[160];

static void on_fault(int sig) {
    const char *what = sig == SIGSEGV ? "conformance: SIGSEGV (a read or write outside the rows it was given) in "
                                      : "conformance: SIGBUS in ";
    if (write(2, what, strlen(what)) < 0 || write(2, running, strlen(running)) < 0 || write(2, "\n", 1) < 0) _exit(3);
    _exit(3);
}

static int skip_composite(const SheenCompositeJob *job) { (void)job; return 0; }
static void skip_gradient(const SheenGradientJob *job) { (void)job; }
static void skip_blur(const SheenBlurJob *job, int pass, intptr_t begin, intptr_t end, void *scratch) {
    (void)job; (void)pass; (void)begin; (void)end; (void)scratch;
}
static void skip_fill(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                      const uint8_t *values, intptr_t count, intptr_t phase) {
    (void)dst; (void)stride; (void)width; (void)height; (void)bytesPerPixel; (void)values; (void)count; (void)phase;
}
static void skip_copy(uint8_t *dst, intptr_t stride, intptr_t rowBytes, intptr_t height, const uint8_t *src,
                      intptr_t srcStride, intptr_t period) {
    (void)dst; (void)stride; (void)rowBytes; (void)height; (void)src; (void)srcStride; (void)period;
}
static intptr_t skip_check(const uint8_t *src, intptr_t stride, intptr_t width, intptr_t height) {
    (void)src; (void)stride; (void)width; (void)height;
    return -1;
}
static void skip_sample(const SheenBilinearJob *job) { (void)job; }
static void skip_convolution(const SheenConvolutionJob *job) { (void)job; }
/// A table whose entries do nothing: reading a case through it only checks and skips its bytes.
static const SheenKernelTable skipping = {skip_composite, skip_gradient, skip_blur, skip_fill, skip_copy, skip_check,
                                          skip_sample, skip_convolution};

/// Reads a case of `kind` without running it; 0 when it is malformed.
static int skip_case(reader *r, char kind) {
    char why[8];
    int text = 0, ok;
    switch (kind) {
    case 'C': ok = composite_case(r, &skipping, LAYOUT_FENCED, &text, why, sizeof why); break;
    case 'G': ok = gradient_span_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    case 'B': ok = blur_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    case 'F': ok = fill_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    case 'P': ok = copy_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    case 'V': ok = check_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    case 'S': ok = sample_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    case 'K': ok = convolution_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    case 'R': ok = glyph_run_case(r, &skipping, LAYOUT_FENCED, why, sizeof why); break;
    default: ok = -1; break;
    }
    return ok >= 0 && !r->bad;
}

/// The kinds of case, in the closing record's order: composite, gradient span, blur, fill, copy,
/// premultiplied check, bilinear sample, glyph run, convolution sample.
static const char KIND_LETTERS[] = "CGBFPVSRK";
enum { KIND_COUNT = sizeof KIND_LETTERS - 1 };

/// The fewest cases on the text path (over_n_8_8888) a golden file may hold: its chunk, block,
/// short-row and partial-block branches at every level need many widths and heights.
enum { TEXT_PATH_CASES = 200 };

int main(int argc, char **argv) {
    // Options after the level (Scripts/mutate.sh's): --first-failure stops at the first failing
    // case; --kinds LETTERS runs only those kinds of case (C, G, B, F, P, V, S, R), skipping the rest.
    int firstFailure = 0;
    const char *onlyKinds = NULL;
    int positional = argc;
    for (int a = 3; a < argc; a++) {
        if (positional == argc) positional = a;
        if (strcmp(argv[a], "--first-failure") == 0) firstFailure = 1;
        else if (strcmp(argv[a], "--kinds") == 0 && a + 1 < argc) onlyKinds = argv[++a];
        else { positional = -1; break; }
    }
    if (argc < 2 || positional < 0) {
        fprintf(stderr, "usage: conformance GOLDENS [simd128|avx2|avx512] [--first-failure] [--kinds CGBFPVSRK]\n");
        return 2;
    }
    const char *levelName = argc >= 3 ? argv[2] : "simd128";
    int level;
    const SheenKernelTable *table;
    if (strcmp(levelName, "simd128") == 0) { level = SHEEN_SIMD_128; table = &sheen_kernels_simd128; }
    else if (strcmp(levelName, "avx2") == 0) { level = SHEEN_SIMD_AVX2; table = &sheen_kernels_avx2; }
    else if (strcmp(levelName, "avx512") == 0) { level = SHEEN_SIMD_AVX512; table = &sheen_kernels_avx512; }
    else { fprintf(stderr, "conformance: unknown level %s\n", levelName); return 2; }
    if (!sheen_simd_cpu_supports(level)) {
        fprintf(stderr, "conformance: this CPU does not run %s\n", levelName);
        return 2;
    }
    signal(SIGSEGV, on_fault);
    signal(SIGBUS, on_fault);
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *data = malloc(size > 0 ? (size_t)size : 1);
    if (size < 8 || fread(data, 1, (size_t)size, file) != (size_t)size || memcmp(data, "SHEENGLD", 8) != 0) {
        fprintf(stderr, "conformance: %s is not a golden file\n", argv[1]);
        return 2;
    }
    fclose(file);
    reader r = {data + 8, data + size, 0};
    int passed = 0, failed = 0;
    int kinds[KIND_COUNT] = {0}, text = 0, ended = 0, skipped = 0;
    while (r.p < r.end) {
        const char kind = (char)u8(&r);
        const uint32_t id = u32(&r);
        if (kind == 'E') {
            // The writer's closing record: how many cases of each kind it wrote. A file cut short,
            // or holding only its header, is refused rather than passed as "0 failed".
            uint32_t want[KIND_COUNT];
            for (int k = 0; k < KIND_COUNT; k++) want[k] = u32(&r);
            if (r.bad || r.p != r.end) { fprintf(stderr, "conformance: the closing record is malformed\n"); return 2; }
            int total = 0;
            for (int k = 0; k < KIND_COUNT; k++) {
                total += kinds[k];
                if ((int)want[k] != kinds[k] || want[k] == 0) {
                    fprintf(stderr, "conformance: %d cases of kind %d read, the file says %u (and none may be empty)\n", kinds[k], k, want[k]);
                    return 2;
                }
            }
            if (id != (uint32_t)total) {
                fprintf(stderr, "conformance: the closing record counts %u cases, %d read\n", id, passed + failed + skipped);
                return 2;
            }
            ended = 1;
            break;
        }
        const uint8_t *caseStart = r.p;
        int ok = 1;
        if (onlyKinds && !strchr(onlyKinds, kind)) {
            // Skipped: read through (the fenced layout only, on a discarding table), counted.
            if (!skip_case(&r, kind)) {
                fprintf(stderr, "conformance: case %u ('%c') is malformed\n", id, kind);
                return 2;
            }
            kinds[strchr(KIND_LETTERS, kind) - KIND_LETTERS]++;
            skipped++;
            continue;
        }
        char why[200] = "";
        // Each case runs in every layout: its bytes are read again for each.
        for (int l = 0; l < LAYOUT_COUNT && ok == 1; l++) {
            const layout how = layouts[l];
            r.p = caseStart;
            int ignored = 0;
            snprintf(running, sizeof running, "case %u ('%c') at %s, %s", id, kind, levelName, layout_names[how]);
            switch (kind) {
            case 'C': ok = composite_case(&r, table, how, l == 0 ? &text : &ignored, why, sizeof why); break;
            case 'G': ok = gradient_span_case(&r, table, how, why, sizeof why); break;
            case 'B': ok = blur_case(&r, table, how, why, sizeof why); break;
            case 'F': ok = fill_case(&r, table, how, why, sizeof why); break;
            case 'P': ok = copy_case(&r, table, how, why, sizeof why); break;
            case 'V': ok = check_case(&r, table, how, why, sizeof why); break;
            case 'S': ok = sample_case(&r, table, how, why, sizeof why); break;
            case 'K': ok = convolution_case(&r, table, how, why, sizeof why); break;
            case 'R': ok = glyph_run_case(&r, table, how, why, sizeof why); break;
            default: ok = -1; break;
            }
            if (ok == 0) {
                char more[260];
                snprintf(more, sizeof more, "%s (%s)", why, layout_names[how]);
                memcpy(why, more, sizeof why - 1);
                why[sizeof why - 1] = 0;
            }
        }
        if (ok < 0 || r.bad) {
            fprintf(stderr, "conformance: case %u ('%c') is malformed\n", id, kind);
            return 2;
        }
        kinds[strchr(KIND_LETTERS, kind) - KIND_LETTERS]++;
        if (ok) {
            passed++;
        } else {
            if (failed < 20) printf("case %u (%c) at %s: %s\n", id, kind, levelName, why);
            failed++;
            if (firstFailure) break;
        }
    }
    if (firstFailure && failed) {
        printf("%d passed, %d failed (stopped at the first failure)\n", passed, failed);
        return 1;
    }
    if (!ended) {
        fprintf(stderr, "conformance: %s has no closing record (cut short, or written by an older writer)\n", argv[1]);
        return 2;
    }
    if (text < TEXT_PATH_CASES && (!onlyKinds || strchr(onlyKinds, 'C'))) {
        fprintf(stderr, "conformance: %d cases take over_n_8_8888, fewer than %d\n", text, TEXT_PATH_CASES);
        return 2;
    }
    free(data);
    printf("conformance %s: %d composite (%d over_n_8_8888), %d gradient, %d blur, %d fill, %d copy, %d premultiplied-check, "
           "%d bilinear-sample, %d glyph-run, %d convolution-sample cases, each fenced, against guard pages after and before every row%s%s\n",
           levelName, kinds[0], text, kinds[1], kinds[2], kinds[3], kinds[4], kinds[5], kinds[6], kinds[7], kinds[8], LAYOUT_COUNT > 3 ? " and allocated exactly" : "", skipped ? " (some kinds skipped)" : "");
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
