// The per-thread memo of the composite plans made last, and the image epoch that says whether
// they still hold (CSheenPixman.h: SheenDropinPlanMemo); and the plan of each thread's last glyph
// run, kept by what it was made from (SheenDropinGlyphPlan). Thread-local, as GlyphCapture.c's capture:
// cairo draws from several threads, each mostly with its own images. The epoch is one counter
// for every image: moved on by any image made, changed or freed, on any thread, so a memo made
// before never stands for an image now at a freed one's address.
#include "CSheenPixman.h"

#include <stdatomic.h>

static _Thread_local SheenDropinPlanMemo memo;
static _Thread_local SheenDropinGlyphPlan glyphPlan;
/// Starts at 1, so that a thread's zeroed memo is never current.
static _Atomic uint64_t epoch = 1;

SheenDropinPlanMemo *sheen_dropin_plan_memo(uint64_t *now) {
    *now = atomic_load_explicit(&epoch, memory_order_relaxed);
    return &memo;
}

SheenDropinGlyphPlan *sheen_dropin_glyph_plan(void) { return &glyphPlan; }

void sheen_dropin_images_changed(void) {
    // A load and a store, not a locked add: every caller holds the image registry's lock, which
    // orders them (cairo sets and clears a clip around every glyph run: the locked add cost
    // 8-pixel text ~3 %).
    atomic_store_explicit(&epoch, atomic_load_explicit(&epoch, memory_order_relaxed) + 1, memory_order_relaxed);
}
