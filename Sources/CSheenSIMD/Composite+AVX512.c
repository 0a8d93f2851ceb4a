// The compositing kernels built for AVX-512 F/BW/VL (x86-64-v4): 64-byte blocks, zmm registers.
#include "CSheenSIMD.h"

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,bmi,bmi2,popcnt,f16c,lzcnt,movbe"))), apply_to = function)
#define SHEEN_BLOCK 64
#define SHEEN_AVX512BW 1
#define SHEEN_ENTRY sheen_composite_avx512
#include "CompositeBody.h"
#pragma clang attribute pop
#else
void sheen_composite_avx512(const SheenCompositeJob *job) { (void)job; }
#endif
