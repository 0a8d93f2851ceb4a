// The glyph image a pixman_glyph_cache_insert call makes, caught on the calling thread
// (CSheenPixman.h: sheen_dropin_capture_begin). Thread-local: cairo inserts glyphs from several
// threads, each under its own cache lock.
#include "CSheenPixman.h"

// Initial-exec, as HandedRuns.c's state and for its reason: every bits image made asks it.
static _Thread_local __attribute__((tls_model("initial-exec"))) struct {
    int on;
    void *image;
    int32_t width, height;
    uint32_t format;
} capture;

void sheen_dropin_capture_begin(void) {
    capture.on = 1;
    capture.image = 0;
}

void sheen_dropin_capture_offer(void *image, int32_t width, int32_t height, uint32_t format) {
    if (capture.on && !capture.image) {
        capture.image = image;
        capture.width = width;
        capture.height = height;
        capture.format = format;
    }
}

void *sheen_dropin_capture_end(int32_t *width, int32_t *height, uint32_t *format) {
    void *image = capture.image;
    *width = capture.width;
    *height = capture.height;
    *format = capture.format;
    capture.on = 0;
    capture.image = 0;
    return image;
}
