// Which C kernel levels this CPU runs. __builtin_cpu_supports reads CPUID once (libgcc or
// compiler-rt) and reports AVX/AVX-512 features only when the OS saves their registers (XCR0).
// Each level checks exactly the feature list its kernels are compiled with (CSheenSIMDTargets.h).
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#define SHEEN_CHECK_FEATURE_(f) &&__builtin_cpu_supports(#f)

int sheen_simd_cpu_supports(int level) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    switch (level) {
    case SHEEN_SIMD_128: return 1 SHEEN_SIMD128_FEATURES(SHEEN_CHECK_FEATURE_, SHEEN_CHECK_FEATURE_);
    case SHEEN_SIMD_AVX2: return 1 SHEEN_AVX2_FEATURES(SHEEN_CHECK_FEATURE_, SHEEN_CHECK_FEATURE_);
    case SHEEN_SIMD_AVX512: return 1 SHEEN_AVX512_FEATURES(SHEEN_CHECK_FEATURE_, SHEEN_CHECK_FEATURE_);
    default: return 0;
    }
#else
    return level == SHEEN_SIMD_128;
#endif
}

const char *sheen_simd_level_target(int level) {
    switch (level) {
#if defined(__x86_64__)
    case SHEEN_SIMD_128: return SHEEN_TARGET_SIMD128;
#endif
    case SHEEN_SIMD_AVX2: return SHEEN_TARGET_AVX2;
    case SHEEN_SIMD_AVX512: return SHEEN_TARGET_AVX512;
    default: return "";
    }
}

#if defined(__x86_64__)
/// The size of one last-level cache instance from CPUID's deterministic cache parameters (leaf 4
/// on Intel, 0x8000001D on AMD and Hygon), or 0 when the CPU does not describe its caches.
static intptr_t last_level_cache_bytes(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return 0;
    unsigned leaf = 4;
    if (b == 0x68747541 || b == 0x6f677948) {   // "Auth"enticAMD, "Hygo"nGenuine
        if (!__get_cpuid(0x80000000, &a, &b, &c, &d) || a < 0x8000001D) return 0;
        leaf = 0x8000001D;
    } else if (a < 4) {
        return 0;
    }
    intptr_t largest = 0;
    for (unsigned sub = 0; sub < 16; sub++) {
        __cpuid_count(leaf, sub, a, b, c, d);
        unsigned type = a & 31;
        if (type == 0) break;
        if (type == 2) continue;   // instruction cache
        intptr_t bytes = (intptr_t)(((b >> 22) & 0x3FF) + 1) * (((b >> 12) & 0x3FF) + 1) * ((b & 0xFFF) + 1) * ((intptr_t)c + 1);
        if (bytes > largest) largest = bytes;
    }
    return largest;
}
#endif

static intptr_t cached = 0;   // 0: not read yet; every reader computes the same value

void sheen_streaming_threshold_set(intptr_t bytes) {
    __atomic_store_n(&cached, bytes > 0 ? bytes : 0, __ATOMIC_RELAXED);
}

intptr_t sheen_streaming_threshold(void) {
    intptr_t t = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (t) return t;
#if defined(__x86_64__)
    t = last_level_cache_bytes() / 4 * 3;
#endif
    if (t <= 0) t = (intptr_t)8 << 20;
    __atomic_store_n(&cached, t, __ATOMIC_RELAXED);
    return t;
}
