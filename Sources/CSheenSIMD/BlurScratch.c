// Scratch sizes of the blur kernels (BlurBody.h), the same at every level.
#include "CSheenSIMD.h"

intptr_t sheen_blur_scratch_bytes(const SheenBlurJob *job) {
    const intptr_t n = job->width * (intptr_t)job->channels, padded = (n + 63) / 64 * 64;
    if (job->method == SHEEN_BLUR_CONVOLUTION) {
        // Pass 1: one row with radius·channels values each side; pass 2: one zero row.
        const intptr_t margin = (intptr_t)job->radiusX * job->channels;
        return (padded + 2 * margin + 64) * 2;
    }
    // One output line and 4 input lines (pass 1 gathers 4 strips) of 16 Floats per step.
    const intptr_t longest = job->width > job->height ? job->width : job->height;
    return 5 * (longest + 16) * 64;
}
