// t of every shape and spread (the second layer of GradientBody.h): the linear block base reduced
// in Double and the lanes' Float half of the spread, then the point shapes, one function each,
// named by their rows in CSheenSIMD.h's SHEEN_GRADIENT_POINT_SHAPES and all of one signature:
// (job, px, py, painted) → t before the spread.

/// The linear block base reduced by the spread, in Double (the twin's `reducedBase`): repeat into
/// [−½, ½), reflect into [−1, 1) — centred on the wrap, so that a t just below or above it stays
/// a small number whose sign Float keeps — pad clamped to ±2²⁴.
INLINE double reduce_base(double T, uint32_t spread) {
    switch (spread) {
    case SHEEN_GRADIENT_REPEAT: return T - floor(T + 0.5);
    case SHEEN_GRADIENT_REFLECT: return T - 2.0 * floor(T * 0.5 + 0.5);
    default: return T < -16777216.0 ? -16777216.0 : (T > 16777216.0 ? 16777216.0 : T);
    }
}

/// A reduced linear base in Float, never rounded to zero from a non-zero value: below Float's
/// range it becomes the smallest subnormal of its sign, which is all that is left to know there
/// (which side of a wrap t is on). The twin's `linearBase`.
INLINE float keeping_sign(double d, uint32_t spread) {
    float f = (float)d;
    // Under pad a base of ±2⁻¹⁴⁹ clamps to the colour 0 gives: plain conversion is stated there.
    if (spread == SHEEN_GRADIENT_PAD) return f;
    if (f == 0.0f && d != 0.0) f = d < 0.0 ? -0x1p-149f : 0x1p-149f;
    return f;
}

INLINE vf keeping_sign_v(vd d, uint32_t spread) {
    vf f = __builtin_convertvector(d, vf);
    if (spread == SHEEN_GRADIENT_PAD) return f;
    vi nonzero = (f == 0.0f) & __builtin_convertvector(d != 0.0, vi);
    vi negative = __builtin_convertvector(d < 0.0, vi);
    return sel(nonzero, sel(negative, (vf)-0x1p-149f, (vf)0x1p-149f), f);
}

/// t of one sub-vector of a linear block: base + lane offset (each reduced alike), then the Float
/// half of the spread.
INLINE vf linear_t(vf base, vf lane, uint32_t spread) {
    vf t = base + lane;
    switch (spread) {
    // t in [−1, 1): one period added below 0 (a t rounded up to 1 is the limit from below).
    case SHEEN_GRADIENT_REPEAT: return sel(t < 0.0f, t + 1.0f, t);
    case SHEEN_GRADIENT_REFLECT: {
        vf v = vabs(t);   // in [0, 2]: mirrored about 1
        return sel(v > 1.0f, 2.0f - v, v);
    }
    default: return vmin(vmax(t, 0.0f), 1.0f);
    }
}

/// The spread of a t computed whole (radial gradients).
INLINE vf spread_t(vf t, uint32_t spread) {
    switch (spread) {
    case SHEEN_GRADIENT_REPEAT: return t - __builtin_elementwise_floor(t);
    case SHEEN_GRADIENT_REFLECT: {
        vf u = t - 2.0f * __builtin_elementwise_floor(t * 0.5f);
        return 1.0f - vabs(u - 1.0f);
    }
    default: return vmin(vmax(t, 0.0f), 1.0f);
    }
}

/// Two-point conical t at gradient-space offsets (px, py) from the start centre; `painted` all
/// ones where the pixel lies on a circle of non-negative radius.
INLINE vf radial_t(const SheenGradientJob *j, vf px, vf py, vi *painted) {
    float cdx = j->p[0], cdy = j->p[1], r0 = j->p[2], dr = j->p[3], a = j->p[4], invA = j->p[5];
    float r0dr = j->p[6], r0sq = j->p[7];
    vf b = (px * cdx + py * cdy) + r0dr;
    vf c = (px * px + py * py) - r0sq;
    vf disc = b * b - a * c;
    vf root = __builtin_elementwise_sqrt(vmax(disc, 0.0f));
    vf q = sel(b < 0.0f, b - root, b + root);
    vf t1 = q * invA;
    vf t2 = c / q;
    const float inf = __builtin_inff();
    vf ra = r0 + t1 * dr, rb = r0 + t2 * dr;
    vi ok1 = (vabs(t1) < inf) & (ra >= 0.0f);
    vi ok2 = (vabs(t2) < inf) & (rb >= 0.0f);
    // a < 0: the circles grow faster than their centres move, so every pixel lies on exactly one
    // circle of radius ≥ 0; near the cone's apex (radius 0) rounding can make the discriminant
    // or both radii slightly negative, and the pixel then takes the root of the larger radius.
    const vi covers = (vi)(-(int32_t)(a < 0.0f));
    vi none = ~(ok1 | ok2);
    *painted = ((disc >= 0.0f) | covers) & (~none | covers);
    vi pick1 = (none & ((ra >= rb) | ~(vabs(t2) < inf))) | (~none & ok1 & (~ok2 | (t1 > t2)));
    return sel(pick1, t1, t2);
}

/// Concentric radial t (equal centres): (|P| − r0)·(1/dr).
INLINE vf concentric_t(const SheenGradientJob *j, vf px, vf py, vi *painted) {
    (void)painted;
    return (__builtin_elementwise_sqrt(px * px + py * py) - j->p[2]) * j->p[8];
}

/// Conic t: the angle of (dx, dy) in turns from a polynomial atan (error 1.7·10⁻⁶ rad), minus the
/// start (p[0]), wrapped into [0, 1].
INLINE vf conic_t(const SheenGradientJob *j, vf dx, vf dy, vi *painted) {
    (void)painted;
    const float start = j->p[0];
    vf ax = vabs(dx), ay = vabs(dy);
    vf mx = vmax(ax, ay), mn = vmin(ax, ay);
    vf q = mn / sel(mx == 0.0f, 1.0f, mx);
    vf s = q * q;
    vf p = -0.0018671389f;
    p = FMA(p, s, 0.0083845339f);
    p = FMA(p, s, -0.0185352993f);
    p = FMA(p, s, 0.0308052923f);
    p = FMA(p, s, -0.0529389941f);
    p = FMA(p, s, 0.1591513382f);
    p = p * q;
    p = sel(ay > ax, 0.25f - p, p);
    p = sel(dx < 0.0f, 0.5f - p, p);
    p = sel(dy < 0.0f, -p, p);
    vf v = p - start;
    return v - __builtin_elementwise_floor(v);
}

/// What a row's `spreads` column does with its function's t: SPREAD maps it by the job's spread,
/// WRAPS keeps it (the function wrapped it).
#define SHEEN_POINT_SPREAD(t, spread) spread_t(t, spread)
#define SHEEN_POINT_WRAPS(t, spread) (t)

/// t of a point shape at gradient-space offsets (px, py), spread; `painted` as its function
/// leaves it (all ones where every pixel is painted).
INLINE vf point_t(const SheenGradientJob *j, vf px, vf py, const uint32_t shape, const uint32_t spread, vi *painted) {
    switch (shape) {
#define SHEEN_POINT_CASE(constant, function, spreads)                                                 \
    case constant: return SHEEN_POINT_##spreads(function(j, px, py, painted), spread);
    SHEEN_GRADIENT_POINT_SHAPES(SHEEN_POINT_CASE)
#undef SHEEN_POINT_CASE
    }
    // The entry runs only the rows' shapes (GradientRows.h), so no other value reaches here.
    __builtin_unreachable();
}
