// The one definition of what each C kernel level is compiled for and what the CPU must have to
// run it. Every level's translation unit opens its kernels with SHEEN_BEGIN_SIMD128,
// SHEEN_BEGIN_AVX2 or SHEEN_BEGIN_AVX512 (a `#pragma clang attribute push` of the target string
// below) and CPU.c checks the very same feature list at run time, so no instruction a level may
// contain goes unchecked (KernelsTests.everyCompiledFeatureIsChecked scans the C sources for any other
// target string). The 128-bit level is x86-64-v2 on x86-64; elsewhere it is the baseline target
// (ASIMD on AArch64, which every AArch64 CPU has), so it opens no pragma there.
#ifndef CSHEEN_SIMD_TARGETS_H
#define CSHEEN_SIMD_TARGETS_H

/// The features of the 128-bit level on x86-64: the vector part of x86-64-v2 (SSE4.2 and what it
/// implies, POPCNT), which every x86-64 CPU in service has. (v2's CMPXCHG16B and LAHF/SAHF are
/// left out: no kernel uses them and __builtin_cpu_supports cannot check LAHF/SAHF.)
#define SHEEN_SIMD128_FEATURES(FIRST, NEXT) \
    FIRST(sse4.2) NEXT(sse4.1) NEXT(ssse3) NEXT(sse3) NEXT(popcnt)

/// The features of the AVX2 level (x86-64-v3 as clang and GCC define it), as
/// FIRST(feature) NEXT(feature)…: the target string and the CPU check are both made from it.
#define SHEEN_AVX2_FEATURES(FIRST, NEXT) \
    FIRST(avx2) NEXT(fma) NEXT(bmi) NEXT(bmi2) NEXT(popcnt) NEXT(f16c) NEXT(lzcnt) NEXT(movbe)

/// The features of the AVX-512 level: the AVX2 level's and AVX-512 F, BW, VL and DQ (x86-64-v4).
#define SHEEN_AVX512_FEATURES(FIRST, NEXT) \
    SHEEN_AVX2_FEATURES(FIRST, NEXT) NEXT(avx512f) NEXT(avx512bw) NEXT(avx512vl) NEXT(avx512dq)

#define SHEEN_FEATURE_FIRST_(f) #f
#define SHEEN_FEATURE_NEXT_(f) "," #f

/// The target strings: "avx2,fma,…".
#define SHEEN_TARGET_SIMD128 SHEEN_SIMD128_FEATURES(SHEEN_FEATURE_FIRST_, SHEEN_FEATURE_NEXT_)
#define SHEEN_TARGET_AVX2 SHEEN_AVX2_FEATURES(SHEEN_FEATURE_FIRST_, SHEEN_FEATURE_NEXT_)
#define SHEEN_TARGET_AVX512 SHEEN_AVX512_FEATURES(SHEEN_FEATURE_FIRST_, SHEEN_FEATURE_NEXT_)

#define SHEEN_PRAGMA_(x) _Pragma(#x)
/// No multiply and add contracted into a fused one unless the body asks for it (FMA in
/// GradientBody.h, the Float blend modes' scoped pragma): every level must round each operation as
/// the Swift twins do, and clang contracts a·b + c by default wherever the target has FMA.
#define SHEEN_NO_CONTRACTION_ SHEEN_PRAGMA_(clang fp contract(off))
/// Compiles every function up to the matching SHEEN_END_LEVEL for the AVX2 or AVX-512 level, with
/// no contraction.
#define SHEEN_BEGIN_AVX2 SHEEN_NO_CONTRACTION_ SHEEN_PRAGMA_(clang attribute push(__attribute__((target(SHEEN_TARGET_AVX2))), apply_to = function))
#define SHEEN_BEGIN_AVX512 SHEEN_NO_CONTRACTION_ SHEEN_PRAGMA_(clang attribute push(__attribute__((target(SHEEN_TARGET_AVX512))), apply_to = function))
#define SHEEN_END_LEVEL SHEEN_PRAGMA_(clang attribute pop)

/// The 128-bit level's opening and closing: x86-64-v2's target pragma on x86-64, nothing on other
/// CPUs, where the level is the baseline target the package is compiled for. SHEEN_X86 is 1 where
/// the bodies may use x86 instructions (the x86 levels), 0 where they take their generic branches.
#if defined(__x86_64__)
#define SHEEN_BEGIN_SIMD128 SHEEN_NO_CONTRACTION_ SHEEN_PRAGMA_(clang attribute push(__attribute__((target(SHEEN_TARGET_SIMD128))), apply_to = function))
#define SHEEN_END_SIMD128 SHEEN_END_LEVEL
#define SHEEN_X86 1
#else
#define SHEEN_BEGIN_SIMD128 SHEEN_NO_CONTRACTION_
#define SHEEN_END_SIMD128
#define SHEEN_X86 0
#endif
/// 1 where the 128-bit level may name ASIMD instructions (AArch64), 0 where it takes the generic
/// forms beside them. SHEEN_GENERIC_128 turns them off, so that Scripts/test-arm64.sh can prove
/// the generic forms too, which serve the CPUs that are neither x86-64 nor AArch64.
#if defined(__aarch64__) && !defined(SHEEN_GENERIC_128)
#define SHEEN_NEON 1
#else
#define SHEEN_NEON 0
#endif

/// How the kernel bodies' helpers are declared. Optimised builds force them inline, so each
/// kernel's operator and kinds fold into straight loops; unoptimised (debug) builds leave the
/// choice to the compiler, since forcing every helper into the many expansions of each body
/// costs minutes of compile time and gigabytes of memory per file at -O0 for no benefit.
#if defined(__OPTIMIZE__)
#define SHEEN_INLINE static inline __attribute__((always_inline))
#else
#define SHEEN_INLINE static inline
#endif

#endif
