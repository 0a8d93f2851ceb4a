// A copy of fewer than 128 bytes whose length is known only at run time, as at most seven
// fixed-size moves (64, 32, …, 1 bytes: each a register load and store), never a libc call:
// the kernel bodies' row tails use it, where a call to memcpy per row would cost more than
// the row. Included by the kernel bodies inside their level's target pragma.
#ifndef SHEEN_SHORT_COPY_H
#define SHEEN_SHORT_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// Copies `n` (< 128) bytes from `s` to `d`; the ranges must not overlap.
SHEEN_INLINE void copy_short(uint8_t *restrict d, const uint8_t *restrict s, size_t n) {
    size_t o = 0;
    if (n & 64) { memcpy(d + o, s + o, 64); o += 64; }
    if (n & 32) { memcpy(d + o, s + o, 32); o += 32; }
    if (n & 16) { memcpy(d + o, s + o, 16); o += 16; }
    if (n & 8) { memcpy(d + o, s + o, 8); o += 8; }
    if (n & 4) { memcpy(d + o, s + o, 4); o += 4; }
    if (n & 2) { memcpy(d + o, s + o, 2); o += 2; }
    if (n & 1) d[o] = s[o];
}

#endif
