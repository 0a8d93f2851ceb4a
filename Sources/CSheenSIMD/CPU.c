// Which C kernel levels this CPU runs. __builtin_cpu_supports reads CPUID once (libgcc or
// compiler-rt) and reports AVX/AVX-512 features only when the OS saves their registers (XCR0).
#include "CSheenSIMD.h"

int sheen_simd_cpu_supports(int level) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    switch (level) {
    case SHEEN_SIMD_AVX2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2");
    case SHEEN_SIMD_AVX512:
        return sheen_simd_cpu_supports(SHEEN_SIMD_AVX2) && __builtin_cpu_supports("avx512f") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
    default:
        return 0;
    }
#else
    (void)level;
    return 0;
#endif
}
