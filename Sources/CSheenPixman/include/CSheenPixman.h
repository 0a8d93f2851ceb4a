// The parts of pixman's ABI (pixman.h, version 0.42) that the drop-in library, SheenPixman, reads:
// the structures the exported calls pass and the constants of formats, operators, repeats and
// filters. Declared here from the ABI rather than by including pixman.h, so that building Sheen
// needs no pixman headers and the drop-in's exported pixman_* functions clash with no
// declaration. The names are Sheen's (SheenPixman*): none of pixman's functions is declared.
#ifndef CSHEEN_PIXMAN_H
#define CSHEEN_PIXMAN_H

#include <stddef.h>
#include <stdint.h>

#include "CSheenSIMD.h"

/// pixman_fixed_t: 16.16 fixed point.
typedef int32_t SheenPixmanFixed;

/// pixman_color_t: 16-bit premultiplied channels.
typedef struct {
    uint16_t red, green, blue, alpha;
} SheenPixmanColor;

/// pixman_point_fixed_t.
typedef struct {
    SheenPixmanFixed x, y;
} SheenPixmanPointFixed;

/// pixman_gradient_stop_t.
typedef struct {
    SheenPixmanFixed x;
    SheenPixmanColor color;
} SheenPixmanGradientStop;

/// pixman_transform_t: rows of a 3 × 3 matrix, 16.16 fixed point, mapping destination to source.
typedef struct {
    SheenPixmanFixed matrix[3][3];
} SheenPixmanTransform;

/// pixman_box32_t: x1 ≤ x < x2, y1 ≤ y < y2.
typedef struct {
    int32_t x1, y1, x2, y2;
} SheenPixmanBox32;

/// pixman_region32_data_t: `numRects` boxes follow it in memory.
typedef struct {
    long size;
    long numRects;
} SheenPixmanRegion32Data;

/// pixman_region32_t: `data` NULL for the one box `extents`; else its boxes (none when
/// numRects is 0: the empty region).
typedef struct {
    SheenPixmanBox32 extents;
    SheenPixmanRegion32Data *data;
} SheenPixmanRegion32;

/// pixman_box16_t.
typedef struct {
    int16_t x1, y1, x2, y2;
} SheenPixmanBox16;

/// pixman_region16_data_t: `numRects` boxes follow it in memory.
typedef struct {
    long size;
    long numRects;
} SheenPixmanRegion16Data;

/// pixman_region16_t.
typedef struct {
    SheenPixmanBox16 extents;
    SheenPixmanRegion16Data *data;
} SheenPixmanRegion16;

/// The boxes of a 32-bit region (its extents when it has no data) and how many there are.
static inline const SheenPixmanBox32 *sheen_pixman_region32_boxes(const SheenPixmanRegion32 *r, long *count) {
    if (!r->data) { *count = 1; return &r->extents; }
    *count = r->data->numRects;
    return (const SheenPixmanBox32 *)(r->data + 1);
}

/// The boxes of a 16-bit region (its extents when it has no data) and how many there are.
static inline const SheenPixmanBox16 *sheen_pixman_region16_boxes(const SheenPixmanRegion16 *r, long *count) {
    if (!r->data) { *count = 1; return &r->extents; }
    *count = r->data->numRects;
    return (const SheenPixmanBox16 *)(r->data + 1);
}

/// pixman_glyph_t: a cached glyph (the pointer pixman_glyph_cache_insert returned) placed at (x, y).
typedef struct {
    int x, y;
    const void *glyph;
} SheenPixmanGlyph;

/// The copy of a glyph's image that pixman_glyph_cache_insert makes, caught on the inserting
/// thread: pixman makes it with pixman_image_create_bits, which the drop-in interposes and offers
/// here (GlyphCapture.c). Not exported (the library exports pixman_* and sheen_pixman_* only).
void sheen_dropin_capture_begin(void);
/// Offers a bits image just made: kept when a capture is on and nothing was kept yet.
void sheen_dropin_capture_offer(void *image, int32_t width, int32_t height, uint32_t format);
/// Ends the capture: the first image offered since it began (NULL for none), its size and format.
void *sheen_dropin_capture_end(int32_t *width, int32_t *height, uint32_t *format);

/// How many glyphs a glyph run places at a time (SheenPixman's GlyphRegistry.place): cairo passes
/// a line's glyphs as one run, a few dozen of them, each place a lock taken and each batch a call
/// of the composite entry.
#define SHEEN_DROPIN_GLYPH_BATCH 128
/// The calling thread's memory for SHEEN_DROPIN_GLYPH_BATCH placed glyphs (GlyphBatch.c): more
/// than a temporary allocation takes from the stack without asking the runtime for its bounds.
SheenCompositeGlyph *sheen_dropin_glyph_batch(void);

/// Scratch slots a thread keeps (ThreadScratch.c): 0 a glyph run's mask (SheenPixman's
/// sheenPixmanCompositeGlyphs), 1 a plan's sampled source (CompositePlan's drawSampled). Each
/// user holds its slot only within one call, which calls no other user of the same slot.
#define SHEEN_DROPIN_SCRATCH_SLOTS 2
/// The largest request a slot takes (256 KiB); a larger one is the caller's to allocate.
#define SHEEN_DROPIN_SCRATCH_MAX ((size_t)1 << 18)
/// The calling thread's scratch slot `slot`, at least `bytes` long, its contents undefined (and
/// no longer what an earlier caller left once a request grew it); NULL past SHEEN_DROPIN_SCRATCH_MAX
/// or where memory runs out. Valid until the thread's next request of the slot.
void *sheen_dropin_scratch(int slot, size_t bytes);

/// The drop-in's per-process facts that its hottest calls read on every call (SheenPixman's
/// DropInState: the level Sheen draws at, pixman_fill's entry, whether statistics are on),
/// resolved by the first call and never changed after (DropInState.c). Kept behind a pointer in
/// C: each read of a Swift global is a call of swift_once, and cairo composites and fills a
/// shape a span at a time.
extern _Atomic(const void *) sheen_dropin_state_now;
/// The state, or NULL before the first call resolved it.
static inline const void *sheen_dropin_state(void) {
    return __c11_atomic_load(&sheen_dropin_state_now, __ATOMIC_ACQUIRE);
}
/// Publishes `state` unless another thread's is published already: returns the one in force
/// (the caller frees its own where that is not it).
const void *sheen_dropin_publish_state(const void *state);

/// A glyph run handed to pixman whole, on the calling thread (HandedRuns.c): between begin and
/// end the calls pixman makes back into the drop-in are handed on at once. Not exported.
void sheen_dropin_handed_begin(void);
void sheen_dropin_handed_end(void);
/// Whether the calling thread is inside such a run.
int sheen_dropin_handed_inside(void);
/// Such runs in progress on any thread: while none is (a relaxed load, inlined), no interposed
/// call asks the thread-local state, whose look-up cost cairo's span composites ~2 %.
extern _Atomic int sheen_dropin_handed_runs;
static inline int sheen_dropin_handed_maybe(void) {
    return __c11_atomic_load(&sheen_dropin_handed_runs, __ATOMIC_RELAXED) != 0;
}
/// Notes an image pixman just made inside the run: 1 when noted (the drop-in keeps no record of
/// it), 0 outside a run or when the run made more than the few it notes (recorded as any).
int sheen_dropin_handed_made(void *image);
/// Whether `image` is one noted by sheen_dropin_handed_made and not yet freed.
int sheen_dropin_handed_owns(void *image);
/// Forgets a noted image pixman freed.
void sheen_dropin_handed_freed(void *image);

/// The bytes a memo slot keeps of a composite plan (SheenPixman's CompositePlan, which checks
/// that it fits), and the slots a thread keeps.
#define SHEEN_DROPIN_PLAN_BYTES 384
#define SHEEN_DROPIN_PLAN_SLOTS 4

/// The part of a composite plan whose calls C draws on its own (PlanExpress.c), without the
/// Swift path's steps: a colour or an image at a whole-pixel offset (repeat none), through no
/// mask, a constant coverage or an a8 image (repeat none), by an operator whose kernels take
/// every such job without scratch, nothing checked in the pixels first or made opaque. Made by
/// SheenPixman's CompositePlan (its `express`), which states the rules; `on` 0 where the plan is
/// not of that kind. Positions and sizes as CompositePlan keeps them.
typedef struct {
    uint32_t on;
    /// Whether the operator leaves pixels outside the source alone (the call is clipped to it;
    /// else a call the source does not cover is the Swift path's), and whether the call's area
    /// is cleared first (src through a mask, drawn as over), by `clearRows` (the level's
    /// fill_rows).
    uint32_t bounded, clearsFirst;
    void (*clearRows)(uint8_t *dst, intptr_t stride, intptr_t width, intptr_t height, uint32_t bytesPerPixel,
                      const uint8_t *values, intptr_t count, intptr_t phase);
    /// Pixels as the paint (else the template's colour): the image's, its size, row stride,
    /// offset from the call's source position, bytes a pixel.
    uint32_t sourceIsBits;
    const uint8_t *sourceData;
    intptr_t sourceWidth, sourceHeight, sourceStride, sourceDX, sourceDY, sourceBytesPerPixel;
    /// An a8 image as the coverage (else `coverage`, 0…255): likewise.
    uint32_t maskIsBits;
    const uint8_t *maskData;
    intptr_t maskWidth, maskHeight, maskStride, maskDX, maskDY;
    uint32_t coverage;
    /// The destination: its memory, row stride, bytes a pixel and the part that may be drawn
    /// (x0 ≤ x < x1, y0 ≤ y < y1).
    uint8_t *data;
    intptr_t stride, bytesPerPixel;
    intptr_t x0, y0, x1, y1;
    /// The job's constant part, and the level's composite entry that runs it.
    SheenCompositeJob template;
    int (*entry)(const SheenCompositeJob *job);
} SheenDropinExpress;

/// What a memo slot's bytes hold (SheenDropinPlanSlot.planned): nothing, the fast path declines
/// such calls; a plan; the reason every such call is handed to pixman.
enum { SHEEN_DROPIN_SLOT_DECLINED = 0, SHEEN_DROPIN_SLOT_PLAN = 1, SHEEN_DROPIN_SLOT_HANDED_OVER = 2 };

/// One composite plan a thread made (PlanMemo.c; SheenPixman's PlanMemo.swift reads and writes
/// it): the plan's bytes (first: a slot's address is its plan's), the call's operator, images
/// and SIMD level it was made for, the image epoch it was made at (0: an empty slot), what the
/// bytes hold (a SHEEN_DROPIN_SLOT_*) and, for a plan, its express part.
typedef struct {
    _Alignas(16) unsigned char plan[SHEEN_DROPIN_PLAN_BYTES];
    uintptr_t op, source, mask, destination, level;
    uint64_t epoch;
    uint32_t planned;
    SheenDropinExpress express;
} SheenDropinPlanSlot;

/// A thread's memo of the composite plans it made last, its slots first (zeroed at the thread's
/// start: empty), and the slot the next new plan takes.
typedef struct {
    SheenDropinPlanSlot slots[SHEEN_DROPIN_PLAN_SLOTS];
    uint32_t next;
} SheenDropinPlanMemo;

/// The calling thread's memo, and in `epoch` the image epoch now.
SheenDropinPlanMemo *sheen_dropin_plan_memo(uint64_t *epoch);
/// Moves the image epoch on: called whenever an image's record is made, changed or freed, under
/// the image registry's lock (the only writer at a time).
void sheen_dropin_images_changed(void);

/// The bytes a thread keeps of what its glyph-run plan was made from (SheenPixman's
/// PlanMemo.GlyphRunKey, which checks that it fits).
#define SHEEN_DROPIN_GLYPH_KEY_BYTES 320

/// The composite plan a thread made for its last glyph run (PlanMemo.c; SheenPixman's
/// PlanMemo.glyphRunPlan reads and writes it): the plan's bytes, what it was made from — kept by
/// content, not by image address and epoch: cairo makes a run's source image anew for each run —,
/// and whether the bytes hold a plan (a SHEEN_DROPIN_SLOT_*); `kept` 0: nothing kept yet.
typedef struct {
    _Alignas(16) unsigned char plan[SHEEN_DROPIN_PLAN_BYTES];
    _Alignas(16) unsigned char key[SHEEN_DROPIN_GLYPH_KEY_BYTES];
    uint32_t kept, planned;
} SheenDropinGlyphPlan;

/// The calling thread's glyph-run plan (zeroed at the thread's start: nothing kept).
SheenDropinGlyphPlan *sheen_dropin_glyph_plan(void);

/// pixman_image_composite32's call drawn by the express part of the plan the calling thread
/// keeps for its operator, images and `level` (a memo slot's level) at the current image epoch,
/// or handed to the system pixman (sheen_dropin_system_composite32) where the thread keeps that
/// every such call is pixman's: SHEEN_DROPIN_EXPRESS_DRAWN (and counted,
/// sheen_dropin_count_drawn), SHEEN_DROPIN_EXPRESS_HANDED_OVER, or SHEEN_DROPIN_EXPRESS_NOT_TAKEN
/// having written nothing, where no such plan or handover is kept or the plan has no express
/// part (the Swift path decides the call). cairo composites a shape a span at a time, a few
/// pixels each: this is those calls' whole path once their plan is made.
enum { SHEEN_DROPIN_EXPRESS_NOT_TAKEN = 0, SHEEN_DROPIN_EXPRESS_DRAWN = 1, SHEEN_DROPIN_EXPRESS_HANDED_OVER = 2 };
int sheen_dropin_express_composite(uint32_t op, const void *source, const void *mask, const void *destination,
                                   int32_t sourceX, int32_t sourceY, int32_t maskX, int32_t maskY,
                                   int32_t destinationX, int32_t destinationY, int32_t width, int32_t height, uintptr_t level);

/// The system pixman's pixman_image_composite32 (SheenPixman's SystemPixman), published once
/// the drop-in's state is resolved (NULL before): what the express composites hand a call to.
typedef void (*SheenDropinComposite32)(uint32_t op, void *source, void *mask, void *destination, int32_t sourceX,
                                       int32_t sourceY, int32_t maskX, int32_t maskY, int32_t destinationX,
                                       int32_t destinationY, int32_t width, int32_t height);
extern _Atomic(SheenDropinComposite32) sheen_dropin_system_composite32;
static inline void sheen_dropin_publish_system_composite32(SheenDropinComposite32 f) {
    __c11_atomic_store(&sheen_dropin_system_composite32, f, __ATOMIC_RELEASE);
}

/// Calls Sheen has drawn (sheen_pixman_drawn_calls), and adding `n` to them: a load and a store,
/// not an atomic add — exact while one thread draws (what the checks that read it do), an
/// increment lost now and then while several draw at once (the locked add cost cairo's span
/// composites ~5 ns a call).
/// The calling thread's calls are counted apart as well, exactly (an initial-exec thread-local,
/// as HandedRuns.c's): what a test that draws beside other threads reads to tell a call Sheen
/// drew from one handed to pixman (the process's count can lose another thread's increment
/// between its reads).
extern _Atomic uint64_t sheen_dropin_drawn;
extern _Thread_local __attribute__((tls_model("initial-exec"))) uint64_t sheen_dropin_drawn_here;
static inline void sheen_dropin_count_drawn(uint64_t n) {
    __c11_atomic_store(&sheen_dropin_drawn, __c11_atomic_load(&sheen_dropin_drawn, __ATOMIC_RELAXED) + n, __ATOMIC_RELAXED);
    sheen_dropin_drawn_here += n;
}
/// The count.
static inline uint64_t sheen_dropin_drawn_calls(void) { return __c11_atomic_load(&sheen_dropin_drawn, __ATOMIC_RELAXED); }
/// The calling thread's count.
static inline uint64_t sheen_dropin_drawn_calls_here(void) { return sheen_dropin_drawn_here; }

/// pixman_format_code_t values: PIXMAN_FORMAT(bpp, type, a, r, g, b).
enum {
    SHEEN_PIXMAN_A8R8G8B8 = 0x20028888,
    SHEEN_PIXMAN_X8R8G8B8 = 0x20020888,
    SHEEN_PIXMAN_A8B8G8R8 = 0x20038888,
    SHEEN_PIXMAN_X8B8G8R8 = 0x20030888,
    SHEEN_PIXMAN_A8 = 0x08018000,
    SHEEN_PIXMAN_A1 = 0x01011000,
};

/// pixman_repeat_t.
enum {
    SHEEN_PIXMAN_REPEAT_NONE = 0,
    SHEEN_PIXMAN_REPEAT_NORMAL = 1,
    SHEEN_PIXMAN_REPEAT_PAD = 2,
    SHEEN_PIXMAN_REPEAT_REFLECT = 3,
};

/// pixman_filter_t.
enum {
    SHEEN_PIXMAN_FILTER_FAST = 0,
    SHEEN_PIXMAN_FILTER_GOOD = 1,
    SHEEN_PIXMAN_FILTER_BEST = 2,
    SHEEN_PIXMAN_FILTER_NEAREST = 3,
    SHEEN_PIXMAN_FILTER_BILINEAR = 4,
    SHEEN_PIXMAN_FILTER_CONVOLUTION = 5,
    SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION = 6,
};

#endif
