// Scratch sizes of the blur kernels (BlurBody.h), the same at every level.
#include "CSheenSIMD.h"

intptr_t sheen_blur_scratch_bytes(const SheenBlurJob *job) {
    const intptr_t n = job->width * (intptr_t)job->channels, padded = (n + 63) / 64 * 64;
    if (job->method == SHEEN_BLUR_CONVOLUTION) {
        // Pass 1: one row with radius·channels values each side; pass 2: one zero row.
        const intptr_t margin = (intptr_t)job->radiusX * job->channels;
        return (padded + 2 * margin + 64) * 2;
    }
    // An output line of 16 Floats per step, then pass 2's input line of 16 Floats per step or,
    // in its place, pass 1's gathered bytes: 256 per step (16 strips of 16 values).
    const intptr_t longest = job->width > job->height ? job->width : job->height;
    return (64 + 256) * (longest + 16);
}
