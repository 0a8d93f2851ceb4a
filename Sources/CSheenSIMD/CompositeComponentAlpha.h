// The over_ca_8888 kernel (the layer of CompositeBody.h before the entry): sourceOver through a
// mask of a coverage byte per channel (CSheenSIMD.h: a job's componentAlpha) — pixman's
// component-alpha masks, which cairo draws subpixel text through. Each channel is what sourceOver
// through an A8 mask gives at that channel's coverage (CompositeReference.pixel): an opaque
// paint lerped with the destination, rounded once; any other paint and its alpha scaled by the
// coverage, each rounded, then over. The split lanes already hold one channel each, so the
// coverage is split as the pixels are, with no shuffle.

/// Which of the block's two forms a job takes: per lane by the paint's alpha (CA_MIXED, rows of
/// pixels), or one for every lane where the paint is a colour whose alpha says which (a glyph run
/// of subpixel text: computing both forms and choosing cost its blocks nearly twice the one).
enum { CA_MIXED, CA_OPAQUE, CA_TRANSLUCENT };

/// sourceOver of a block of paint `s` onto `d` through the per-channel coverage `m` (each a block
/// of whole pixels): per channel, with sa the paint's alpha, round((s·m + d·(255 − m))/255) where
/// sa = 255, else min(255, round(s·m/255) + round(d·(255 − round(sa·m/255))/255)). `form` (a
/// constant where inlined): CA_MIXED chooses per lane; CA_OPAQUE and CA_TRANSLUCENT say which
/// every lane takes.
INLINE lanes over_component_alpha_form(lanes s, lanes d, lanes m, const int form) {
    const block sp = split(s), dp = split(d), mp = split(m);
    const lanes sa = broadcast_alpha(sp.o);
    lanes e, o;
    if (form != CA_TRANSLUCENT) {
        e = div255(sp.e * mp.e + dp.e * (255 - mp.e));
        o = div255(sp.o * mp.o + dp.o * (255 - mp.o));
    }
    if (form != CA_OPAQUE) {
        const lanes te = lanes_min(div255(sp.e * mp.e) + div255(dp.e * (255 - div255(sa * mp.e))), (lanes)255);
        const lanes to = lanes_min(div255(sp.o * mp.o) + div255(dp.o * (255 - div255(sa * mp.o))), (lanes)255);
        if (form == CA_TRANSLUCENT) {
            e = te;
            o = to;
        } else {
            const lanemask opaque = (lanemask)(sa == 255);
            e = select_lanes(opaque, e, te);
            o = select_lanes(opaque, o, to);
        }
    }
    return join((block){e, o});
}

/// The same where every coverage byte is 255 (both forms give sourceOver of the paint).
INLINE lanes over_full_block(lanes s, lanes d) {
    const block sp = split(s), dp = split(d);
    const lanes sa = broadcast_alpha(sp.o);
    return join((block){lanes_min(sp.e + div255(dp.e * (255 - sa)), (lanes)255),
                        lanes_min(sp.o + div255(dp.o * (255 - sa)), (lanes)255)});
}

/// over_component_alpha_rows in one `form` (a constant where inlined).
INLINE void over_component_alpha_rows_in(const SheenCompositeJob *job, const int form) {
    const lanes solid = (lanes)(words)job->solid;
    const intptr_t blocks = job->width / PIXELS, rest = (job->width % PIXELS) * 4, at = blocks * BLOCK;
    uint8_t *dst = job->dst;
    const uint8_t *paint = job->paint, *mask = job->mask;
    for (intptr_t y = 0; y < job->height; y++) {
        for (intptr_t b = 0; b < blocks; b++) {
            const uint8_t *m = mask + b * BLOCK;
            const int k = classify(m, BLOCK);
            if (k == COVER_NONE) continue;
            uint8_t *d = dst + b * BLOCK;
            const lanes s = paint ? load_lanes(paint + b * BLOCK) : solid;
            store_lanes(d, k == COVER_FULL ? over_full_block(s, load_lanes(d)) : over_component_alpha_form(s, load_lanes(d), load_lanes(m), form));
        }
        if (rest) {
            const lanes s = paint ? load_partial_lanes(paint + at, rest) : solid;
            const lanes drawn = over_component_alpha_form(s, load_partial_lanes(dst + at, rest), load_partial_lanes(mask + at, rest), form);
            store_partial_lanes(dst + at, drawn, rest);
        }
        dst += job->dstStride;
        if (paint) paint += job->paintStride;
        mask += job->maskStride;
    }
}

/// Each of a component-alpha job's rows, its paint a row at `paint` (rows `paintStride` apart) or
/// the colour `solid`: whole blocks by the class of their coverage bytes (skipped at all 0, plain
/// over at all 255), then the row's last pixels (fewer than a block) loaded and stored partially —
/// nothing past a row of paint, coverage or destination is read or written.
static __attribute__((noinline)) void over_component_alpha_rows(const SheenCompositeJob *job) {
    // A colour's alpha is every lane's.
    if (job->paint) over_component_alpha_rows_in(job, CA_MIXED);
    else if (job->solid >> 24 == 255) over_component_alpha_rows_in(job, CA_OPAQUE);
    else over_component_alpha_rows_in(job, CA_TRANSLUCENT);
}

/// Sets `part` (a copy of glyph run `job`, its glyphs cleared) to `glyph`'s part inside the run's
/// rectangle: its destination (`bpp`, the run's bytes a pixel, read once by the caller), mask
/// (`channels` coverage bytes a pixel) and size; 0 where the glyph has no such part or no mask.
/// The one statement of a glyph's clipping, for the entry's glyph loop and the one below.
INLINE int glyph_part(const SheenCompositeJob *job, const SheenCompositeGlyph *glyph, intptr_t bpp, intptr_t channels,
                      SheenCompositeJob *part) {
    // In intptr_t: a glyph's 32-bit corner plus its size does not overflow it.
    const intptr_t x0 = glyph->x, y0 = glyph->y, x1 = x0 + glyph->width, y1 = y0 + glyph->height;
    const intptr_t cx0 = x0 > 0 ? x0 : 0, cy0 = y0 > 0 ? y0 : 0;
    const intptr_t cx1 = x1 < job->width ? x1 : job->width, cy1 = y1 < job->height ? y1 : job->height;
    if (cx1 <= cx0 || cy1 <= cy0 || !glyph->mask) return 0;
    part->dst = (uint8_t *)job->dst + cy0 * job->dstStride + cx0 * bpp;
    part->mask = glyph->mask + (cy0 - y0) * glyph->maskStride + (cx0 - x0) * channels;
    part->maskStride = glyph->maskStride;
    part->width = cx1 - cx0;
    part->height = cy1 - cy0;
    return 1;
}

/// A glyph run of a colour through component-alpha masks (4 coverage bytes a pixel): refused
/// unless sheen_composite_component_alpha_accepted, then each glyph's part in order.
static __attribute__((noinline)) int composite_component_alpha_glyphs(const SheenCompositeJob *job) {
    if (!sheen_composite_component_alpha_accepted(job)) return SHEEN_COMPOSITE_NO_PATH;
    SheenCompositeJob part = *job;
    part.glyphs = NULL;
    part.glyphCount = 0;
    for (intptr_t i = 0; i < job->glyphCount; i++) {
        if (glyph_part(job, &job->glyphs[i], 4, 4, &part)) over_component_alpha_rows(&part);
    }
    return 0;
}

/// A job with componentAlpha set, not a glyph run (the entry's composite_glyphs): refused (nothing
/// written) unless sheen_composite_component_alpha_accepted; a paint made row by row (a gradient,
/// a paint column, converted rows) goes through the entry's row walker `rows` (composite_rows,
/// which hands each row back to over_component_alpha_rows), any other is drawn here.
static int composite_component_alpha(const SheenCompositeJob *job, int (*rows)(const SheenCompositeJob *)) {
    if (!sheen_composite_component_alpha_accepted(job) || job->glyphCount > 0) return SHEEN_COMPOSITE_NO_PATH;
    if (job->width <= 0 || job->height <= 0) return 0;
    if (job->gradient || job->paintColumn || (job->paint && job->paintConversion)) return rows(job);
    over_component_alpha_rows(job);
    return 0;
}
