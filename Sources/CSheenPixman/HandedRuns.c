// The calling thread's glyph run handed to pixman whole while pixman calls back into the drop-in
// (CSheenPixman.h: sheen_dropin_handed_begin). pixman reaches its own exported functions through
// its PLT, so the images pixman_composite_glyphs makes for its mask, and its composite through
// it, come through the interposed functions; inside a run whose composite the drop-in would hand
// over in any case they are handed on at once, the images made there left without a record.
// Thread-local, as GlyphCapture.c's capture: cairo draws text from several threads.
#include "CSheenPixman.h"

#include <stdatomic.h>

_Atomic int sheen_dropin_handed_runs;

enum { MADE_LIMIT = 8 };

// Initial-exec: each of the run's calls reads this at a fixed offset from the thread pointer
// instead of asking __tls_get_addr (~20 instructions a call). A library loaded at start-up (put
// first on the library path, or preloaded) has its thread-local memory in the static block; one
// dlopen'ed later takes these 72 bytes from the surplus glibc keeps for that.
static _Thread_local __attribute__((tls_model("initial-exec"))) struct {
    int depth;
    int count;
    void *made[MADE_LIMIT];
} handed;

void sheen_dropin_handed_begin(void) {
    handed.depth++;
    atomic_fetch_add_explicit(&sheen_dropin_handed_runs, 1, memory_order_relaxed);
}

void sheen_dropin_handed_end(void) {
    atomic_fetch_sub_explicit(&sheen_dropin_handed_runs, 1, memory_order_relaxed);
    if (--handed.depth == 0) handed.count = 0;
}

int sheen_dropin_handed_inside(void) { return handed.depth > 0; }

int sheen_dropin_handed_made(void *image) {
    if (handed.depth == 0 || handed.count == MADE_LIMIT) return 0;
    handed.made[handed.count++] = image;
    return 1;
}

int sheen_dropin_handed_owns(void *image) {
    if (handed.depth == 0) return 0;
    for (int i = 0; i < handed.count; i++) {
        if (handed.made[i] == image) return 1;
    }
    return 0;
}

void sheen_dropin_handed_freed(void *image) {
    for (int i = 0; i < handed.count; i++) {
        if (handed.made[i] == image) {
            handed.made[i] = handed.made[--handed.count];
            return;
        }
    }
}
