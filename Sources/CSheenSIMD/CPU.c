// Which C kernel levels this CPU runs. __builtin_cpu_supports reads CPUID once (libgcc or
// compiler-rt) and reports AVX/AVX-512 features only when the OS saves their registers (XCR0).
// Each level checks exactly the feature list its kernels are compiled with (CSheenSIMDTargets.h).
#include "CSheenSIMD.h"

#define SHEEN_CHECK_FEATURE_(f) &&__builtin_cpu_supports(#f)

int sheen_simd_cpu_supports(int level) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    switch (level) {
    case SHEEN_SIMD_AVX2: return 1 SHEEN_AVX2_FEATURES(SHEEN_CHECK_FEATURE_, SHEEN_CHECK_FEATURE_);
    case SHEEN_SIMD_AVX512: return 1 SHEEN_AVX512_FEATURES(SHEEN_CHECK_FEATURE_, SHEEN_CHECK_FEATURE_);
    default: return 0;
    }
#else
    (void)level;
    return 0;
#endif
}

const char *sheen_simd_level_target(int level) {
    switch (level) {
    case SHEEN_SIMD_AVX2: return SHEEN_TARGET_AVX2;
    case SHEEN_SIMD_AVX512: return SHEEN_TARGET_AVX512;
    default: return "";
    }
}
