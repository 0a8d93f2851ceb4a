// Each thread's scratch memory for a call's short-lived buffers (CSheenPixman.h:
// sheen_dropin_scratch): a glyph run's mask and a sampled source's pixels were a malloc and a
// free each run, a tenth of what 8-pixel text of a magnified image costs the drop-in beyond
// pixman's own run. A slot grows to the largest request up to SHEEN_DROPIN_SCRATCH_MAX and is
// freed when its thread ends (a key's destructor: thread-local storage alone would leak it).
#include "CSheenPixman.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct {
    void *memory[SHEEN_DROPIN_SCRATCH_SLOTS];
    size_t bytes[SHEEN_DROPIN_SCRATCH_SLOTS];
    int keyed;
} Scratch;

static _Thread_local Scratch scratch;
static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/// At a thread's end: its slots freed.
static void release(void *p) {
    Scratch *s = p;
    for (int i = 0; i < SHEEN_DROPIN_SCRATCH_SLOTS; i++) {
        free(s->memory[i]);
        s->memory[i] = NULL;
        s->bytes[i] = 0;
    }
}

static void make_key(void) { (void)pthread_key_create(&key, release); }

void *sheen_dropin_scratch(int slot, size_t bytes) {
    if (slot < 0 || slot >= SHEEN_DROPIN_SCRATCH_SLOTS || bytes > SHEEN_DROPIN_SCRATCH_MAX) return NULL;
    Scratch *s = &scratch;
    if (s->bytes[slot] >= bytes && s->memory[slot]) return s->memory[slot];
    if (!s->keyed) {
        // The key's value is what makes its destructor run for this thread.
        if (pthread_once(&once, make_key) != 0 || pthread_setspecific(key, s) != 0) return NULL;
        s->keyed = 1;
    }
    // Whole pages: a slot grows a few times at most.
    const size_t grown = (bytes + 4095) & ~(size_t)4095;
    free(s->memory[slot]);
    s->memory[slot] = malloc(grown);
    s->bytes[slot] = s->memory[slot] ? grown : 0;
    return s->memory[slot];
}
