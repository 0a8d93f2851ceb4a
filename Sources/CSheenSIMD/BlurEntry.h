// The blur entry of a level (the last layer of BlurBody.h): one pass over a range of rows or
// columns, by convolution or recursion as the job says, in the caller's scratch.

void SHEEN_BLUR_ENTRY(const SheenBlurJob *j, int pass, intptr_t begin, intptr_t end, void *scratch) {
    const intptr_t n = j->width * j->channels, padded = (n + 63) / 64 * 64;
    if (j->method == SHEEN_BLUR_CONVOLUTION) {
        uint16_t *zeros = (uint16_t *)scratch;
        if (pass == 1) {
            for (intptr_t y = begin; y < end; y++) conv_row_x(j, y, (uint16_t *)scratch);
        } else {
            memset(zeros, 0, (size_t)padded * 2);
            conv_rows_y(j, begin, end, zeros);
        }
        return;
    }
    const intptr_t longest = j->width > j->height ? j->width : j->height, steps = longest + 16;
    f16v *out = (f16v *)scratch, *in = out + steps;
    // Steps past the line's end are converted with the rest and never stored: keep them numbers.
    for (intptr_t i = 0; i < 2 * steps; i++) out[i] = 0;
    if (pass == 1) {
        // Pass 1 converts its steps from the gathered bytes, so they take the input line's place.
        uint8_t *bytes = (uint8_t *)in;
        for (intptr_t s = begin; s < end; s += GATHERED) {
            blur_strip_pass_y(j, s, end - s < GATHERED ? end - s : GATHERED, bytes, out);
        }
        return;
    }
    for (intptr_t b = begin; b < end; b++) {
        blur_strip_band_x(j, b, in, out);
    }
}
