/* A recorder of pixman composite calls, preloaded ahead of whatever draws them (the drop-in, or
 * the system pixman): each pixman_image_composite32 / pixman_image_composite of a program is
 * written to the file SHEEN_CAPTURE names — its arguments, its source, mask and destination as
 * they were (pixels, format, repeat, whole-pixel translation, component alpha; a solid fill's
 * colour) and the destination's pixels afterwards. Scripts/pixman-crc.sh records a CRC program's
 * differing test both ways, and sheen-fuzz-pixman --captures measures each pixel where the two
 * differ against the exact result (docs/pixman.md, "The CRC programs").
 *
 * Record: "PXC1", op, src_x, src_y, mask_x, mask_y, dest_x, dest_y, width, height (32-bit), then
 * three images (source, mask, destination before): kind (0 none, 1 bits, 2 solid, 3 other:
 * gradients, images not made through pixman_image_create_bits), and for bits: format, width,
 * height, the bytes of a row's pixels (its rows' stride in the record), repeat, translation x, y, whether the transform is one (1) or anything else (0),
 * component alpha, then its rows, first to last; for solid: its a8r8g8b8 colour (high bytes),
 * component alpha; then the destination's rows afterwards. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pixman.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SLOTS = 4096 };
/* What the getters cannot say: per image (by address), made through create_bits / solid, its
 * repeat, translation, and whether its transform is a whole-pixel translation. */
static struct state {
    pixman_image_t *image;
    int kind; /* 1 bits, 2 solid */
    uint32_t colour, repeat;
    int32_t tx, ty, translated;
} slots[SLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;

static struct state *slot(pixman_image_t *image, int create) {
    size_t h = ((uintptr_t)image >> 4) % SLOTS;
    for (size_t i = 0; i < SLOTS; i++) {
        struct state *s = &slots[(h + i) % SLOTS];
        if (s->image == image) return s;
        if (!s->image) {
            if (!create) return NULL;
            s->image = image;
            return s;
        }
    }
    return NULL;
}

#define NEXT(name) static __typeof__(name) *next_##name; if (!next_##name) next_##name = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

/* A new bits image's state: no repeat, no transform. */
static pixman_image_t *record_bits(pixman_image_t *image) {
    pthread_mutex_lock(&lock);
    struct state *s = image ? slot(image, 1) : NULL;
    if (s) *s = (struct state){image, 1, 0, PIXMAN_REPEAT_NONE, 0, 0, 1};
    pthread_mutex_unlock(&lock);
    return image;
}

pixman_image_t *pixman_image_create_bits(pixman_format_code_t f, int w, int h, uint32_t *bits, int stride) {
    NEXT(pixman_image_create_bits);
    return record_bits(next_pixman_image_create_bits(f, w, h, bits, stride));
}

pixman_image_t *pixman_image_create_bits_no_clear(pixman_format_code_t f, int w, int h, uint32_t *bits, int stride) {
    NEXT(pixman_image_create_bits_no_clear);
    return record_bits(next_pixman_image_create_bits_no_clear(f, w, h, bits, stride));
}

pixman_image_t *pixman_image_create_solid_fill(const pixman_color_t *c) {
    NEXT(pixman_image_create_solid_fill);
    pixman_image_t *image = next_pixman_image_create_solid_fill(c);
    pthread_mutex_lock(&lock);
    struct state *s = image ? slot(image, 1) : NULL;
    if (s) *s = (struct state){image, 2, (uint32_t)(c->alpha >> 8) << 24 | (uint32_t)(c->red >> 8) << 16 | (uint32_t)(c->green >> 8) << 8 | (c->blue >> 8), 0, 0, 0, 1};
    pthread_mutex_unlock(&lock);
    return image;
}

pixman_bool_t pixman_image_unref(pixman_image_t *image) {
    NEXT(pixman_image_unref);
    /* The slot is dropped whether or not this was the last reference: a record of an image
     * still alive then says kind 3 (not recorded), which the checker skips. */
    pthread_mutex_lock(&lock);
    struct state *s = slot(image, 0);
    if (s) s->kind = 0;
    pthread_mutex_unlock(&lock);
    return next_pixman_image_unref(image);
}

void pixman_image_set_repeat(pixman_image_t *image, pixman_repeat_t repeat) {
    NEXT(pixman_image_set_repeat);
    pthread_mutex_lock(&lock);
    struct state *s = slot(image, 0);
    if (s) s->repeat = repeat;
    pthread_mutex_unlock(&lock);
    next_pixman_image_set_repeat(image, repeat);
}

pixman_bool_t pixman_image_set_transform(pixman_image_t *image, const pixman_transform_t *t) {
    NEXT(pixman_image_set_transform);
    pthread_mutex_lock(&lock);
    struct state *s = slot(image, 0);
    if (s) {
        int translation = !t || (t->matrix[0][0] == pixman_fixed_1 && t->matrix[0][1] == 0 && t->matrix[1][0] == 0 &&
                                 t->matrix[1][1] == pixman_fixed_1 && t->matrix[2][0] == 0 && t->matrix[2][1] == 0 &&
                                 t->matrix[2][2] == pixman_fixed_1 && (t->matrix[0][2] & 0xffff) == 0 && (t->matrix[1][2] & 0xffff) == 0);
        s->translated = translation;
        s->tx = t && translation ? t->matrix[0][2] >> 16 : 0;
        s->ty = t && translation ? t->matrix[1][2] >> 16 : 0;
    }
    pthread_mutex_unlock(&lock);
    return next_pixman_image_set_transform(image, t);
}

static void put(const void *p, size_t n) { fwrite(p, 1, n, out); }
static void put32(uint32_t v) { put(&v, 4); }
/* The bytes of an image's row that hold its pixels: not the stride, whose padding may be a
 * guard page (pixman's fence images, which cover-test composites into: a write of the padding
 * faults and leaves the record short). */
static size_t row_bytes(pixman_image_t *image) {
    return ((size_t)pixman_image_get_width(image) * PIXMAN_FORMAT_BPP(pixman_image_get_format(image)) + 7) / 8;
}

/* An image's rows, first to last, row_bytes each (pixman's stride may be negative: rows then lie
 * backwards in memory from the first). */
static void put_rows(pixman_image_t *image) {
    int h = pixman_image_get_height(image), stride = pixman_image_get_stride(image);
    const uint8_t *row = (const uint8_t *)pixman_image_get_data(image);
    for (int y = 0; y < h; y++, row += stride) put(row, row_bytes(image));
}

static void put_image(pixman_image_t *image) {
    struct state *s = image ? slot(image, 0) : NULL;
    if (!image) { put32(0); return; }
    if (!s || !s->kind) { put32(3); return; }
    if (s->kind == 2) { put32(2); put32(s->colour); put32(pixman_image_get_component_alpha(image)); return; }
    int h = pixman_image_get_height(image);
    put32(1);
    put32(pixman_image_get_format(image)); put32(pixman_image_get_width(image)); put32(h); put32((uint32_t)row_bytes(image));
    put32(s->repeat); put32(s->tx); put32(s->ty); put32(s->translated); put32(pixman_image_get_component_alpha(image));
    put_rows(image);
}

void pixman_image_composite32(pixman_op_t op, pixman_image_t *src, pixman_image_t *mask, pixman_image_t *dst, int32_t sx, int32_t sy,
                              int32_t mx, int32_t my, int32_t dx, int32_t dy, int32_t w, int32_t h) {
    NEXT(pixman_image_composite32);
    pthread_mutex_lock(&lock);
    if (!out && getenv("SHEEN_CAPTURE")) out = fopen(getenv("SHEEN_CAPTURE"), "wb");
    struct state *d = slot(dst, 0);
    int recorded = out && d && d->kind == 1;
    if (recorded) {
        put("PXC1", 4);
        int32_t args[] = {(int32_t)op, sx, sy, mx, my, dx, dy, w, h};
        put(args, sizeof args);
        put_image(src); put_image(mask); put_image(dst);
    }
    /* Held across the call so that threads' records do not interleave (thread-test). */
    next_pixman_image_composite32(op, src, mask, dst, sx, sy, mx, my, dx, dy, w, h);
    if (recorded) {
        put_rows(dst);
        fflush(out);
    }
    pthread_mutex_unlock(&lock);
}

void pixman_image_composite(pixman_op_t op, pixman_image_t *src, pixman_image_t *mask, pixman_image_t *dst, int16_t sx, int16_t sy,
                            int16_t mx, int16_t my, int16_t dx, int16_t dy, uint16_t w, uint16_t h) {
    pixman_image_composite32(op, src, mask, dst, sx, sy, mx, my, dx, dy, w, h);
}
