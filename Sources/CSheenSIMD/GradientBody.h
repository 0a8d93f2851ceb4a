// The gradient span kernel, written once in clang vector extensions and compiled once per
// instruction-set level: Gradient+SIMD128.c, Gradient+AVX2.c and Gradient+AVX512.c define
// SHEEN_GRADIENT_LANES (Float lanes per vector: 4, 8 or 16) and SHEEN_ENTRY and include this file
// inside their level's target pragma (CSheenSIMDTargets.h). An x86 level also defines
// SHEEN_CVT_ROUND (round-to-nearest-even Float → Int32, one instruction), the integer vector and
// pack intrinsics of sheen_pack (SHEEN_IVEC …) and SHEEN_STORE_RANGE (a lane range of a vector
// stored under a mask); where they are not defined (the 128-bit level off x86) the generic
// forms below, which give the same bits, are used. SHEEN_GRADIENT_FMA says whether the level has
// a fused multiply-add instruction; without one (x86-64-v2) FMA is computed exactly in Double.
//
// Every step is the one GradientKernelTwin.swift states in scalar Swift, in the same order; a
// multiply-add is fused exactly where the twin calls addingProduct (FMA below) and nowhere else
// (the level's SHEEN_BEGIN_… turns contraction off), and no approximate instruction is used, so
// every level equals the twin bit for bit. Pixels come in blocks of 16 whose first x is a multiple
// of 16: the block's base (t for linear gradients, the gradient-space point for radial and conic
// ones) is computed in Double, each lane adds a Float offset. That keeps t exact to a few Float
// ulps however far the block is from the gradient's origin or however many times it repeats, and
// makes each pixel a function of its position alone (filling a rectangle in pieces gives the same
// bytes).
//
// The body is this list of layers, each included once and using only the ones above it.

#include "GradientLanes.h"  // Float lanes, FMA, selects
#include "GradientShapes.h" // t of each shape and spread
#include "GradientShade.h"  // the colour ramp at t, packed pixels
#include "GradientRows.h"   // windows, rows, columns, the entry
