// The express part of a kept composite plan (CSheenPixman.h: SheenDropinExpress): a call whose
// operator and images the calling thread planned for at the current image epoch, drawn here
// without the Swift path — the slot found, the call's rectangle clipped to the destination's
// drawable part, the source's and the mask's pixels, the job placed and run on the level's
// entry. CompositePlan.draw (SheenPixman/CompositePlan.swift) is its twin for every plan and
// says why each step is what it is; a plan gets an express part only where the two draw the
// same (CompositePlan.express states which).
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
    const SheenDropinExpress *e = NULL;
    for (int i = 0; i < SHEEN_DROPIN_PLAN_SLOTS; i++) {
        const SheenDropinPlanSlot *slot = &memo->slots[i];
        if (slot->epoch == epoch && slot->source == (uintptr_t)source && slot->mask == (uintptr_t)mask
            && slot->destination == (uintptr_t)destination && slot->op == op && slot->level == level) {
            e = slot->planned == 1 && slot->express.on ? &slot->express : NULL;
            break;
        }
    }
    if (!e) return 0;
    // The area: the call's rectangle within the destination's drawable part, the source's pixels
    // (the operator is bounded: what lies outside them stays) and the mask's.
    intptr_t x0 = destinationX, y0 = destinationY;
    intptr_t x1 = x0 + (width > 0 ? width : 0), y1 = y0 + (height > 0 ? height : 0);
    clip_range(&x0, &x1, e->x0, e->x1);
    clip_range(&y0, &y1, e->y0, e->y1);
    const intptr_t sx = (intptr_t)sourceX - destinationX + e->sourceDX, sy = (intptr_t)sourceY - destinationY + e->sourceDY;
    const intptr_t mx = (intptr_t)maskX - destinationX + e->maskDX, my = (intptr_t)maskY - destinationY + e->maskDY;
    if (e->sourceIsBits) {
        clip_range(&x0, &x1, -sx, e->sourceWidth - sx);
        clip_range(&y0, &y1, -sy, e->sourceHeight - sy);
    }
    if (e->maskIsBits) {
        clip_range(&x0, &x1, -mx, e->maskWidth - mx);
        clip_range(&y0, &y1, -my, e->maskHeight - my);
    }
    if (x1 <= x0 || y1 <= y0 || (!e->maskIsBits && e->coverage == 0)) {
        sheen_dropin_count_drawn(1);
        return 1;
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
    // The plan's kernels take every such job (a refusal writes nothing: the Swift path decides).
    if (e->entry(&job) != 0) return 0;
    sheen_dropin_count_drawn(1);
    return 1;
}
