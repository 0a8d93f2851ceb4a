// Float lanes of the gradient kernel (the first layer of GradientBody.h): the vector types at the
// level's width, the fused multiply-add the twin's addingProduct is (one instruction, or exact in
// Double where the level has none) and the selects, min and max with the twin's semantics.

#include <math.h>
#include <stdint.h>
#include <string.h>

#define INLINE SHEEN_INLINE

enum { LANES = SHEEN_GRADIENT_LANES, BLOCK = 16, SUBS = BLOCK / SHEEN_GRADIENT_LANES };

typedef float vf __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));
typedef int32_t vi __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));
typedef uint8_t vb __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));
typedef double vd __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));

typedef int64_t vl __attribute__((ext_vector_type(SHEEN_GRADIENT_LANES)));

#if SHEEN_GRADIENT_FMA
/// a·b + c rounded once: the twin's `c.addingProduct(a, b)`.
#define FMA(a, b, c) __builtin_elementwise_fma((vf)(a), (vf)(b), (vf)(c))
#else
/// a·b + c rounded once, without a fused multiply-add instruction (where the compiler would call
/// libm's fmaf for every lane). The product of two Floats is exact in Double (24 + 24 bits), so
/// the only roundings are the Double sum's and the Double → Float conversion's. Rounding twice
/// can differ from rounding once only where the Double sum lies exactly halfway between two
/// Floats (normal range: its low 29 bits are 1 then 28 zeros) or below 2⁻¹²⁶, where Floats are
/// subnormal and ties sit elsewhere (a sum whose high 32 bits are zero but for the sign, far
/// below the smallest Float, rounds to a zero of the exact sum's sign either way). Such vectors
/// (one test, a branch mostly not taken) take the sum rounded to odd instead: an inexact sum
/// whose last bit is even is stepped one Double ulp towards the exact value, which its error
/// (Knuth's TwoSum) gives. Rounded to odd at 53 bits, then to nearest at 24 or fewer, is rounded
/// to nearest once (Boldo and Melquiond, 2008).
static inline __attribute__((always_inline)) vf fma_exact(vf a, vf b, vf c) {
    const vd p = __builtin_convertvector(a, vd) * __builtin_convertvector(b, vd);
    const vd cd = __builtin_convertvector(c, vd);
    vd s = p + cd;
    const vl bits = (vl)s;
    // The tests on 32-bit halves, all lanes in one vector: the low half's 29 bits for a tie, the
    // high half (sign, exponent, 20 bits) for a Float-subnormal sum (2⁻¹²⁶ is exponent 897).
    const vi low = __builtin_convertvector(bits, vi), high = __builtin_convertvector(bits >> 32, vi) & 0x7FFFFFFF;
    const vi tie = (low & 0x1FFFFFFF) == 0x10000000;
    const vi tiny = (high < (vi)(897 << 20)) & (high != 0);
#ifdef SHEEN_MCA_COMMON_PATH
    // Tests/Conformance/mca-loops.c only: the test without the fix it guards, so that llvm-mca,
    // which reads every instruction of a region as executed, sees the path windows take.
    __asm__ volatile("" ::"r"(__builtin_reduce_or(tie | tiny)));
    if (0) {
#else
    if (__builtin_expect(__builtin_reduce_or(tie | tiny) != 0, 0)) {
#endif
        const vd v = s - p;
        const vd e = (p - (s - v)) + (cd - v);
        // Inexact (and finite: NaN ≠ 0) with an even last bit: one ulp up in magnitude where the
        // error has the sum's sign, down where it has the other.
        const vl step = (e != 0.0) & (e == e) & ((bits & 1) == 0);
        const vl up = ~((e < 0.0) ^ (s < 0.0));
        s = (vd)(bits + (step & ((up & 2) - 1)));
    }
    return __builtin_convertvector(s, vf);
}
#define FMA(a, b, c) fma_exact((vf)(a), (vf)(b), (vf)(c))
#endif

/// `a` where `m` is all ones, else `b`.
INLINE vf sel(vi m, vf a, vf b) { return (vf)(((vi)a & m) | ((vi)b & ~m)); }
INLINE vi seli(vi m, vi a, vi b) { return (a & m) | (b & ~m); }
/// a < b ? a : b and a > b ? a : b: the twin's min and max (minps/maxps semantics).
INLINE vf vmin(vf a, vf b) { return sel(a < b, a, b); }
INLINE vf vmax(vf a, vf b) { return sel(a > b, a, b); }
INLINE vf vabs(vf a) { return (vf)((vi)a & 0x7FFFFFFF); }
INLINE vf vload(const float *p) {
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}
