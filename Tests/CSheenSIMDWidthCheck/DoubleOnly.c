// The 128-bit compositing body with the separable Double modes' Float path turned off (see the
// header), for the exhaustive test that holds the Float path to the Double evaluation.
#include "CSheenSIMDWidthCheck.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#pragma clang diagnostic ignored "-Wpsabi"
SHEEN_BEGIN_SIMD128
#define SHEEN_BLOCK 16
#define SHEEN_DOUBLE_ONLY 1
#define SHEEN_ENTRY sheen_composite_double_only
#define SHEEN_GRADIENT_ENTRY sheen_gradient_span_simd128
#include "../../Sources/CSheenSIMD/CompositeBody.h"
SHEEN_END_SIMD128
