// The C conformance driver: runs one C level's kernel table on the golden cases that
// SheenRasterTests' ConformanceGoldens wrote on x86-64 (each a job, its inputs and the Swift
// reference twin's output) and compares every output byte, the padding between rows included,
// and the fences around every buffer. Scripts/test-arm64.sh builds it for AArch64 with
// CSheenSIMD and runs it under qemu-aarch64-static; built natively it checks the x86 levels too.
//
//   conformance GOLDENS [simd128|avx2|avx512]      (default simd128)
//
// Prints one line per failing case (at most 20) and a closing "N passed, M failed"; exits 1 on
// any failure, 2 on a file it cannot read.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

// MARK: fenced buffers

enum { FENCE = 64, FENCE_BYTE = 0xC5 };

/// A copy of `b` placed `misalign` bytes past a 64-byte boundary, FENCE bytes of FENCE_BYTE
/// before and after it.
typedef struct {
    uint8_t *block, *data;
    size_t count;
} fenced;

static fenced fenced_copy(blob b, uint32_t misalign) {
    fenced f;
    f.count = b.count;
    f.block = aligned_alloc(64, (FENCE + 128 + b.count + FENCE + 63) / 64 * 64);
    f.data = f.block + FENCE + 64 + (misalign % 64);
    memset(f.block, FENCE_BYTE, f.data - f.block);
    if (b.count) memcpy(f.data, b.bytes, b.count);
    memset(f.data + b.count, FENCE_BYTE, FENCE);
    return f;
}

/// Whether the buffer now holds `want` and its fences are intact.
static int fenced_equals(const fenced *f, blob want, char *why, size_t whyCount) {
    for (uint8_t *p = f->block; p < f->data; p++) {
        if (*p != FENCE_BYTE) { snprintf(why, whyCount, "fence before the buffer written"); return 0; }
    }
    for (size_t k = 0; k < FENCE; k++) {
        if (f->data[f->count + k] != FENCE_BYTE) { snprintf(why, whyCount, "fence after the buffer written"); return 0; }
    }
    if (want.count != f->count) { snprintf(why, whyCount, "golden size differs"); return 0; }
    for (size_t k = 0; k < f->count; k++) {
        if (f->data[k] != want.bytes[k]) {
            snprintf(why, whyCount, "byte %zu: %u, golden %u", k, f->data[k], want.bytes[k]);
            return 0;
        }
    }
    return 1;
}

static void fenced_free(fenced *f) { free(f->block); }

// MARK: cases

/// A gradient job read from the file, with the arrays it points to.
typedef struct {
    SheenGradientJob job;
    float lanes[32], dither[128], p[9];
    float *bounds, *pieces;
    uint32_t *cells;
} gradient_case;

static void read_gradient(reader *r, gradient_case *g) {
    memset(g, 0, sizeof *g);
    SheenGradientJob *j = &g->job;
    j->x = i64(r); j->y = i64(r); j->width = i64(r); j->height = i64(r);
    j->bytesPerPixel = u32(r); j->shape = u32(r); j->spread = u32(r); j->dither = u32(r); j->opaque = u32(r);
    for (int k = 0; k < 6; k++) j->g[k] = f64(r);
    for (int k = 0; k < 32; k++) g->lanes[k] = f32(r);
    for (int k = 0; k < 9; k++) j->p[k] = f32(r);
    const int hasDither = u8(r);
    if (hasDither) for (int k = 0; k < 128; k++) g->dither[k] = f32(r);
    j->segments = u32(r);
    if (r->bad || j->segments == 0 || j->segments > 4096) { r->bad = 1; return; }
    g->bounds = malloc(sizeof(float) * (j->segments + 1));
    g->pieces = malloc(sizeof(float) * 9 * j->segments);
    for (uint32_t k = 0; k <= j->segments; k++) g->bounds[k] = f32(r);
    for (uint32_t k = 0; k < 9 * j->segments; k++) g->pieces[k] = f32(r);
    j->cellCount = u32(r); j->cellSteps = u32(r);
    if (r->bad || j->cellCount > (1u << 20)) { r->bad = 1; return; }
    g->cells = malloc(sizeof(uint32_t) * (j->cellCount ? j->cellCount : 1));
    for (uint32_t k = 0; k < j->cellCount; k++) g->cells[k] = u32(r);
    j->laneX = g->lanes;
    j->laneY = g->lanes + 16;
    j->ditherTable = hasDither ? g->dither : NULL;
    j->bounds = g->bounds;
    j->pieces = g->pieces;
    j->cells = g->cells;
}

static void free_gradient(gradient_case *g) {
    free(g->bounds);
    free(g->pieces);
    free(g->cells);
}

/// Runs one composite case; 1 when its output equals the golden.
static int composite_case(reader *r, const SheenKernelTable *t, char *why, size_t n) {
    SheenCompositeJob job;
    memset(&job, 0, sizeof job);
    job.width = i64(r); job.height = i64(r); job.dstStride = i64(r); job.paintStride = i64(r); job.maskStride = i64(r);
    job.solid = u32(r); job.coverage = u32(r); job.op = u32(r); job.bytesPerPixel = u32(r); job.redByte = u32(r);
    const int paintKind = u8(r), masked = u8(r);
    const uint32_t misalign = u32(r);
    job.paintConversion = u32(r);
    blob dst0 = bytes(r), paint = {0, 0}, mask = {0, 0}, column = {0, 0};
    if (paintKind == 1 || paintKind == 4) paint = bytes(r);
    if (paintKind == 3) column = bytes(r);
    if (masked) mask = bytes(r);
    gradient_case g;
    memset(&g, 0, sizeof g);
    if (paintKind == 2) read_gradient(r, &g);
    blob want = bytes(r);
    if (r->bad) return -1;
    fenced d = fenced_copy(dst0, misalign), p = fenced_copy(paint, misalign + 5), m = fenced_copy(mask, misalign + 9);
    uint8_t *scratchBlock = calloc(1, (size_t)sheen_composite_scratch_bytes(job.width > 0 ? job.width : 1));
    uint32_t *columnValues = calloc(1, column.count + 4);
    if (column.count) memcpy(columnValues, column.bytes, column.count);
    job.dst = d.data;
    job.paint = paintKind == 1 || paintKind == 4 ? p.data : NULL;
    job.mask = masked ? m.data : NULL;
    job.scratch = scratchBlock;
    if (paintKind == 2) job.gradient = &g.job;
    if (paintKind == 3) job.paintColumn = columnValues;
    t->composite(&job);
    int ok = fenced_equals(&d, want, why, n);
    if (ok && !fenced_equals(&p, paint, why, n)) ok = 0;
    if (ok && !fenced_equals(&m, mask, why, n)) ok = 0;
    fenced_free(&d); fenced_free(&p); fenced_free(&m);
    free(scratchBlock);
    free(columnValues);
    free_gradient(&g);
    return ok;
}

static int gradient_span_case(reader *r, const SheenKernelTable *t, char *why, size_t n) {
    gradient_case g;
    read_gradient(r, &g);
    const intptr_t stride = i64(r);
    const uint32_t misalign = u32(r);
    blob dst0 = bytes(r), want = bytes(r);
    if (r->bad) { free_gradient(&g); return -1; }
    fenced d = fenced_copy(dst0, misalign);
    g.job.dst = d.data;
    g.job.dstStride = stride;
    t->gradient_span(&g.job);
    int ok = fenced_equals(&d, want, why, n);
    fenced_free(&d);
    free_gradient(&g);
    return ok;
}

static int blur_case(reader *r, const SheenKernelTable *t, char *why, size_t n) {
    SheenBlurJob job;
    memset(&job, 0, sizeof job);
    job.width = i64(r); job.height = i64(r); job.srcStride = i64(r); job.dstStride = i64(r); job.tmpStride = i64(r);
    job.channels = u32(r); job.clamp = u32(r); job.method = u32(r);
    job.radiusX = u32(r); job.radiusY = u32(r); job.offsetX = u32(r); job.offsetY = u32(r);
    uint16_t weights[2][SHEEN_BLUR_MAX_RADIUS + 1];
    float lines[2][16];
    int hasLine[2];
    for (int a = 0; a < 2; a++) {
        uint32_t count = u32(r);
        if (count > SHEEN_BLUR_MAX_RADIUS + 1) return -1;
        for (uint32_t k = 0; k < count; k++) weights[a][k] = (uint16_t)u32(r);
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
    if (r->bad) { free(pass); free(range); return -1; }
    fenced s = fenced_copy(src, misalign + 3), d = fenced_copy(dst0, misalign);
    job.src = s.data;
    job.dst = d.data;
    job.weightsX = weights[0];
    job.weightsY = weights[1];
    job.lineX = hasLine[0] ? lines[0] : NULL;
    job.lineY = hasLine[1] ? lines[1] : NULL;
    const size_t tmpBytes = (size_t)job.tmpStride * (size_t)((job.height + 15) / 16 * 16) * 2;
    job.tmp = aligned_alloc(64, (tmpBytes + 63) / 64 * 64 + 64);
    const size_t scratchBytes = ((size_t)sheen_blur_scratch_bytes(&job) + 63) / 64 * 64;
    void *scratch = aligned_alloc(64, scratchBytes + 64);
    for (uint32_t k = 0; k < calls; k++) t->blur(&job, pass[k], range[2 * k], range[2 * k + 1], scratch);
    int ok = fenced_equals(&d, want, why, n);
    if (ok && !fenced_equals(&s, src, why, n)) ok = 0;
    fenced_free(&s); fenced_free(&d);
    free(job.tmp); free(scratch); free(pass); free(range);
    return ok;
}

static int fill_case(reader *r, const SheenKernelTable *t, char *why, size_t n) {
    const intptr_t stride = i64(r), width = i64(r), height = i64(r);
    const uint32_t bpp = u32(r);
    const intptr_t count = i64(r), phase = i64(r);
    const uint32_t misalign = u32(r);
    blob values = bytes(r), dst0 = bytes(r), want = bytes(r);
    if (r->bad) return -1;
    fenced d = fenced_copy(dst0, misalign);
    t->fill_rows(d.data, stride, width, height, bpp, values.bytes, count, phase);
    int ok = fenced_equals(&d, want, why, n);
    fenced_free(&d);
    return ok;
}

static int copy_case(reader *r, const SheenKernelTable *t, char *why, size_t n) {
    const intptr_t stride = i64(r), rowBytes = i64(r), height = i64(r), srcStride = i64(r), period = i64(r);
    const uint32_t misalign = u32(r);
    blob src = bytes(r), dst0 = bytes(r), want = bytes(r);
    if (r->bad) return -1;
    fenced s = fenced_copy(src, misalign + 7), d = fenced_copy(dst0, misalign);
    t->copy_rows(d.data, stride, rowBytes, height, s.data, srcStride, period);
    int ok = fenced_equals(&d, want, why, n);
    fenced_free(&s); fenced_free(&d);
    return ok;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: conformance GOLDENS [simd128|avx2|avx512]\n");
        return 2;
    }
    const char *levelName = argc == 3 ? argv[2] : "simd128";
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
    int kinds[5] = {0};
    while (r.p < r.end) {
        const char kind = (char)u8(&r);
        const uint32_t id = u32(&r);
        char why[160] = "";
        int ok;
        switch (kind) {
        case 'C': ok = composite_case(&r, table, why, sizeof why); kinds[0]++; break;
        case 'G': ok = gradient_span_case(&r, table, why, sizeof why); kinds[1]++; break;
        case 'B': ok = blur_case(&r, table, why, sizeof why); kinds[2]++; break;
        case 'F': ok = fill_case(&r, table, why, sizeof why); kinds[3]++; break;
        case 'P': ok = copy_case(&r, table, why, sizeof why); kinds[4]++; break;
        default: ok = -1; break;
        }
        if (ok < 0 || r.bad) {
            fprintf(stderr, "conformance: case %u ('%c') is malformed\n", id, kind);
            return 2;
        }
        if (ok) {
            passed++;
        } else {
            if (failed < 20) printf("case %u (%c) at %s: %s\n", id, kind, levelName, why);
            failed++;
        }
    }
    free(data);
    printf("conformance %s: %d composite, %d gradient, %d blur, %d fill, %d copy cases\n", levelName, kinds[0], kinds[1],
           kinds[2], kinds[3], kinds[4]);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
