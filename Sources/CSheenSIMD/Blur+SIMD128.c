// The blur kernels (blur_convolution, blur_strip) built for the 128-bit level (SSE4.2 on x86-64, ASIMD
// on AArch64, the baseline elsewhere): 8 UInt16 lanes per integer vector.
#include "CSheenSIMD.h"

// The recursion's 16 Float lanes span four 128-bit registers; every function taking them is
// static and inlined, so no call crosses the ABI boundary clang warns about.
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_SIMD128
#define SHEEN_BLOCK 16
#define SHEEN_BLUR_ENTRY sheen_blur_simd128
#include "BlurBody.h"
SHEEN_END_SIMD128
