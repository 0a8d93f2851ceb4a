// The integer compositing kernels, written once in clang vector extensions and compiled once per
// instruction-set level: Composite+SIMD128.c, Composite+AVX2.c and Composite+AVX512.c define
// SHEEN_BLOCK (bytes per block: 16, 32 or 64), SHEEN_ENTRY (the exported name) and
// SHEEN_GRADIENT_ENTRY (the same level's gradient span kernel, which shades a gradient paint's
// rows) and include this file inside their level's target pragma (CSheenSIMDTargets.h), so every
// function of the layers below is built for that level.
//
// Coverage 0 leaves a pixel unchanged for every operator, so blocks whose coverage is all 0 are
// skipped and blocks whose coverage is all 255 skip the coverage arithmetic. A row runs in chunks
// of blocks, then whole blocks, then one partial block (fewer than SHEEN_BLOCK bytes) on a
// zero-padded copy in registers (masked loads and stores at AVX-512, ShortCopy.h's bounded copy
// elsewhere; never a libc call): nothing outside the spans is read or written.
//
// The body is this list of layers, each included once and using only the ones above it; no layer
// includes another.

#include "CompositeLanes.h"     // blocks as 16-bit lanes, partial loads and stores, div255
#include "CompositeOperators.h" // the operators' numerators on split blocks
#include "CompositeCoverage.h"  // classifying coverage, coverage lanes, lerp_bytes and its weights
#include "BlendDouble.h"        // the seven Double-evaluated blend modes, 16 pixels a step
#include "BlendFloat.h"         // colorDodge, colorBurn, softLight in Float where that decides
#include "CompositeSpans.h"     // rows of the integer operators and of over_n_8_8888
#include "CompositeSums.h"      // plus of an opaque colour through a mask onto A8: byte sums
#include "BlendRows.h"          // rows of the Double-evaluated modes
#include "CompositeComponentAlpha.h" // sourceOver through a coverage byte per channel
#include "PaintConversion.h"    // paint rows swapped, reduced to alpha or made opaque
#include "CompositeGradientRuns.h" // a gradient's row shaded where a mask covers it
#include "CompositeEntry.h"     // the job's rows, one function per operator, the level's entry
