// The express part of a kept composite plan (CSheenPixman.h: SheenDropinExpress): a call whose
// operator and images the calling thread planned for at the current image epoch, drawn here
// without the Swift path — the slot found, the call's rectangle clipped to the destination's
// drawable part, the source's and the mask's pixels, the area cleared where src through a mask
// clears it, the job placed and run on the level's entry. CompositePlan.draw
// (SheenPixman/CompositePlan.swift) is its twin for every plan and says why each step is what it
// is; a plan gets an express part only where the two draw the same (CompositePlan.express states
// which).
#include "CSheenPixman.h"

#include <stddef.h>

/// [x0, x1) ∩ [b0, b1) into x0 and x1 (empty: x1 ≤ x0).
static inline void clip_range(intptr_t *x0, intptr_t *x1, intptr_t b0, intptr_t b1) {
    if (*x0 < b0) *x0 = b0;
    if (*x1 > b1) *x1 = b1;
}

int sheen_dropin_express_composite(uint32_t op, const void *source, const void *mask, const void *destination,
                                   int32_t sourceX, int32_t sourceY, int32_t maskX, int32_t maskY,
                                   int32_t destinationX, int32_t destinationY, int32_t width, int32_t height, uintptr_t level) {
    uint64_t epoch;
    SheenDropinPlanMemo *memo = sheen_dropin_plan_memo(&epoch);
    const SheenDropinPlanSlot *slot = NULL;
    for (int i = 0; i < SHEEN_DROPIN_PLAN_SLOTS && !slot; i++) {
        const SheenDropinPlanSlot *s = &memo->slots[i];
        if (s->epoch == epoch && s->source == (uintptr_t)source && s->mask == (uintptr_t)mask
            && s->destination == (uintptr_t)destination && s->op == op && s->level == level) {
            slot = s;
        }
    }
    if (!slot) return SHEEN_DROPIN_EXPRESS_NOT_TAKEN;
    // Every such call pixman's (a convolution-filtered source, say): handed over unasked.
    if (slot->planned == SHEEN_DROPIN_SLOT_HANDED_OVER) {
        const SheenDropinComposite32 system = __c11_atomic_load(&sheen_dropin_system_composite32, __ATOMIC_ACQUIRE);
        if (!system) return SHEEN_DROPIN_EXPRESS_NOT_TAKEN;
        system(op, (void *)source, (void *)mask, (void *)destination, sourceX, sourceY, maskX, maskY, destinationX, destinationY,
               width, height);
        return SHEEN_DROPIN_EXPRESS_HANDED_OVER;
    }
    if (slot->planned != SHEEN_DROPIN_SLOT_PLAN || !slot->express.on) return SHEEN_DROPIN_EXPRESS_NOT_TAKEN;
    const SheenDropinExpress *e = &slot->express;
    // The area: the call's rectangle within the destination's drawable part (the whole of which
    // src through a mask clears), the source's pixels (a bounded operator leaves what lies outside
    // them; for another, they must cover it) and the mask's.
    intptr_t x0 = destinationX, y0 = destinationY;
    intptr_t x1 = x0 + (width > 0 ? width : 0), y1 = y0 + (height > 0 ? height : 0);
    clip_range(&x0, &x1, e->x0, e->x1);
    clip_range(&y0, &y1, e->y0, e->y1);
    if (x1 <= x0 || y1 <= y0) {
        sheen_dropin_count_drawn(1);
        return SHEEN_DROPIN_EXPRESS_DRAWN;
    }
    const intptr_t fx0 = x0, fy0 = y0, fx1 = x1, fy1 = y1;
    const intptr_t sx = (intptr_t)sourceX - destinationX + e->sourceDX, sy = (intptr_t)sourceY - destinationY + e->sourceDY;
    const intptr_t mx = (intptr_t)maskX - destinationX + e->maskDX, my = (intptr_t)maskY - destinationY + e->maskDY;
    if (e->sourceIsBits) {
        clip_range(&x0, &x1, -sx, e->sourceWidth - sx);
        clip_range(&y0, &y1, -sy, e->sourceHeight - sy);
        if (!e->bounded && (x0 != fx0 || x1 != fx1 || y0 != fy0 || y1 != fy1)) return SHEEN_DROPIN_EXPRESS_NOT_TAKEN;
    }
    if (e->maskIsBits) {
        clip_range(&x0, &x1, -mx, e->maskWidth - mx);
        clip_range(&y0, &y1, -my, e->maskHeight - my);
    }
    if (e->clearsFirst) {
        const uint32_t zero = 0;
        e->clearRows(e->data + fy0 * e->stride + fx0 * e->bytesPerPixel, e->stride, fx1 - fx0, fy1 - fy0, (uint32_t)e->bytesPerPixel,
                     (const uint8_t *)&zero, 1, 0);
    }
    if (x1 <= x0 || y1 <= y0 || (!e->maskIsBits && e->coverage == 0)) {
        sheen_dropin_count_drawn(1);
        return SHEEN_DROPIN_EXPRESS_DRAWN;
    }
    SheenCompositeJob job = e->template;
    job.dst = e->data + y0 * e->stride + x0 * e->bytesPerPixel;
    job.width = x1 - x0;
    job.height = y1 - y0;
    if (e->maskIsBits) {
        job.mask = e->maskData + (y0 + my) * e->maskStride + (x0 + mx);
        job.maskStride = e->maskStride;
    }
    if (e->sourceIsBits) job.paint = e->sourceData + (y0 + sy) * e->sourceStride + (x0 + sx) * e->sourceBytesPerPixel;
    // The plan's kernels take every such job: a refusal (which writes nothing) would leave the
    // call to the Swift path, whose clearing, where it clears, is the same.
    if (e->entry(&job) != 0) return SHEEN_DROPIN_EXPRESS_NOT_TAKEN;
    sheen_dropin_count_drawn(1);
    return SHEEN_DROPIN_EXPRESS_DRAWN;
}
