// The one definition of what each C kernel level is compiled for and what the CPU must have to
// run it. Every level's translation unit opens its kernels with SHEEN_BEGIN_AVX2 or
// SHEEN_BEGIN_AVX512 (a `#pragma clang attribute push` of the target string below) and CPU.c
// checks the very same feature list at run time, so no instruction a level may contain goes
// unchecked (SheenRasterTests' LevelTargetTests scans the C sources for any other target string).
#ifndef CSHEEN_SIMD_TARGETS_H
#define CSHEEN_SIMD_TARGETS_H

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
#define SHEEN_TARGET_AVX2 SHEEN_AVX2_FEATURES(SHEEN_FEATURE_FIRST_, SHEEN_FEATURE_NEXT_)
#define SHEEN_TARGET_AVX512 SHEEN_AVX512_FEATURES(SHEEN_FEATURE_FIRST_, SHEEN_FEATURE_NEXT_)

#define SHEEN_PRAGMA_(x) _Pragma(#x)
/// Compiles every function up to the matching SHEEN_END_LEVEL for the AVX2 or AVX-512 level.
#define SHEEN_BEGIN_AVX2 SHEEN_PRAGMA_(clang attribute push(__attribute__((target(SHEEN_TARGET_AVX2))), apply_to = function))
#define SHEEN_BEGIN_AVX512 SHEEN_PRAGMA_(clang attribute push(__attribute__((target(SHEEN_TARGET_AVX512))), apply_to = function))
#define SHEEN_END_LEVEL SHEEN_PRAGMA_(clang attribute pop)

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
