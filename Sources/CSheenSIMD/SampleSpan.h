// sample_bilinear's general path (SampleBilinearBody.h): any affine transform, a row's pixels a
// vector at a time.

/// Pixels [begin, end) of row r, a vector of lanes at a time (lanes past `end` are computed and
/// not stored).
static void sample_span(const SheenBilinearJob *job, intptr_t r, intptr_t begin, intptr_t end) {
    const SheenBilinearJob j = *job;
    const int32_t w = j.srcWidth, h = j.srcHeight;
    samplevec iota;
    for (int k = 0; k < SAMPLE_LANES; k++) iota[k] = k;
    const int32_t rx = j.x + (int32_t)r * j.dxdr, ry = j.y + (int32_t)r * j.dydr;
    uint8_t *out = j.dst + r * j.dstStride;
    const uint8_t *cov = j.coverage ? j.coverage + r * j.coverageStride : NULL;
    for (intptr_t i0 = begin; i0 < end; i0 += SAMPLE_LANES) {
        const int n = end - i0 < SAMPLE_LANES ? (int)(end - i0) : SAMPLE_LANES;
        // Each lane's coverage (0 past `n`), and the lanes all 0: written as 0 (left as they
        // are, with `over`), not sampled.
        sampleuvec covered = (sampleuvec)255u;
        if (cov) {
            for (int k = 0; k < SAMPLE_LANES; k++) covered[k] = k < n ? cov[i0 + k] : 0;
            if (__builtin_reduce_or(covered) == 0) {
                if (!j.over) memset(out + i0 * j.bytesPerPixel, 0, (size_t)n * j.bytesPerPixel);
                continue;
            }
        }
        const sampleuvec keep = (sampleuvec)(covered != 0);
        const samplevec lane = iota + (int32_t)i0;
        const samplevec X = rx + lane * j.dxdi - 0x8000, Y = ry + lane * j.dydi - 0x8000;
        const samplevec wx = (X >> 9) & 127, wy = (Y >> 9) & 127;
        const samplevec cx = X >> 16, cy = Y >> 16;
        // The four pixels of each lane, read into plain arrays (a lane at a time; one vector
        // load of each array after), whose stores the compiler keeps scalar and cheap.
        uint32_t ptl[SAMPLE_LANES], ptr[SAMPLE_LANES], pbl[SAMPLE_LANES], pbr[SAMPLE_LANES];
        int32_t ax[SAMPLE_LANES], ay[SAMPLE_LANES];
        memcpy(ax, &cx, sizeof ax);
        memcpy(ay, &cy, sizeof ay);
        for (int k = 0; k < SAMPLE_LANES; k++) {
            const int32_t c = ax[k], rr = ay[k];
            if (k >= n) {
                ptl[k] = ptr[k] = pbl[k] = pbr[k] = 0;
            } else if (c >= 0 && c < w - 1 && rr >= 0 && rr < h - 1) {
                const uint8_t *p0 = j.src + rr * j.srcStride, *p1 = p0 + j.srcStride;
                if (j.bytesPerPixel == 1) {
                    ptl[k] = p0[c]; ptr[k] = p0[c + 1]; pbl[k] = p1[c]; pbr[k] = p1[c + 1];
                } else {
                    memcpy(&ptl[k], p0 + 4 * (intptr_t)c, 4); memcpy(&ptr[k], p0 + 4 * (intptr_t)c + 4, 4);
                    memcpy(&pbl[k], p1 + 4 * (intptr_t)c, 4); memcpy(&pbr[k], p1 + 4 * (intptr_t)c + 4, 4);
                }
            } else {
                const int32_t c0 = sample_place(c, w, j.repeat), c1 = sample_place(c + 1, w, j.repeat);
                const int32_t r0 = sample_place(rr, h, j.repeat), r1 = sample_place(rr + 1, h, j.repeat);
                ptl[k] = sample_read(&j, c0, r0);
                ptr[k] = sample_read(&j, c1, r0);
                pbl[k] = sample_read(&j, c0, r1);
                pbr[k] = sample_read(&j, c1, r1);
            }
        }
        sampleuvec tl, tr, bl, br;
        memcpy(&tl, ptl, sizeof tl); memcpy(&tr, ptr, sizeof tr);
        memcpy(&bl, pbl, sizeof bl); memcpy(&br, pbr, sizeof br);
        // The weights (0…128 each way) as unsigned lanes, like the sums they make.
        const sampleuvec ux = (sampleuvec)wx, uy = (sampleuvec)wy, vx = 128u - ux, vy = 128u - uy;
        const sampleuvec w00 = vx * vy, w10 = ux * vy, w01 = vx * uy, w11 = ux * uy;
        if (j.bytesPerPixel == 1) {
            typedef uint8_t samplebytes __attribute__((ext_vector_type(SAMPLE_LANES)));
            const samplebytes v = __builtin_convertvector(sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 0) & keep, samplebytes);
            memcpy(out + i0, &v, (size_t)n);
        } else {
            const sampleuvec v = (sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 0)
                | sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 8) << 8
                | sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 16) << 16
                | sample_channel(tl, tr, bl, br, w00, w10, w01, w11, 24) << 24) & keep;
            if (j.over) {
                for (int k = 0; k < n; k++) {
                    if (covered[k]) sample_over1(out + 4 * (i0 + k), v[k], covered[k]);
                }
            } else if (n == SAMPLE_LANES) {
                memcpy(out + 4 * i0, &v, sizeof v);
            } else {
                for (int k = 0; k < n; k++) {
                    const uint32_t p = v[k];
                    memcpy(out + 4 * (i0 + k), &p, 4);
                }
            }
        }
    }
}
