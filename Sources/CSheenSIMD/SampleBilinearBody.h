// sample_bilinear, compiled per level like the other row bodies (Rows+SIMD128.c, Rows+AVX2.c,
// Rows+AVX512.c define SHEEN_ROW_VECTOR, the bytes of one vector, and SHEEN_SAMPLE_ENTRY, the
// entry's name): an image under an affine transform sampled with pixman's bilinear filter
// (SheenBilinearJob, CSheenSIMD.h, states the arithmetic; BilinearSampling.swift is its twin).
// A vector of pixels at a time: positions, weights and the four weighted sums per channel in
// 32-bit lanes (every sum is below 2²⁴); the four pixels of each lane are read one lane at a
// time — a lane whose four pixels all lie inside the image reads them directly, the others
// through the repeat's placement, transparent where repeat none puts them outside. An image
// that is only scaled and translated (cairo's scaled masks and surface patterns) takes a row
// path of its own, sample_scaled, to the same bytes. A job with `over` composites each sample
// onto the destination through its coverage instead of writing it (sample_over1, sample_over4).
//
// The body is this list of layers, each included once and using only the ones above it; no layer
// includes another.

#include "SampleLanes.h"   // lanes, placement, reads, a channel's sum, the chunk
#include "SampleOver.h"    // a job's `over`: sourceOver of samples through their coverage
#include "SampleSpan.h"    // any affine transform, a vector of pixels at a time
#include "SampleGroups.h"  // a scaled 32-bit image's groups of 4 in registers (AVX-512)
#include "SampleWide.h"    // a magnified 32-bit image's rows and glyph boxes from registers (AVX-512)
#include "SampleQuads.h"   // a magnified 32-bit image's groups of 4 from 4 columns (AVX2)
#include "SampleScaled.h"  // an image only scaled and translated; the entry
