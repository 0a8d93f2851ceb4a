// What a pixel Sheen drew for a pixman call is held to: the exact result of pixman's definition
// — (S in M) op D, the source scaled by the mask — and Sheen's rounding contract around it.

import SheenRaster

enum PixmanContract {
    /// The exact result, (R, G, B, A) levels unrounded, of `op` for source pixel `s` through
    /// coverage `m` onto destination pixel `d`; an a8 destination (`alphaOnly`) has alpha alone.
    static func exact(_ op: CompositeOperator, source s: SIMD4<UInt8>, coverage m: UInt8, destination d: SIMD4<UInt8>,
                      alphaOnly: Bool) -> SIMD4<Double> {
        alphaOnly
            ? SIMD4(0, 0, 0, ExactComposite.alpha(op, paint: s.w, destination: d.w, coverage: m, rule: .scalesPaint))
            : ExactComposite.pixel(op, paint: s, destination: d, coverage: m, rule: .scalesPaint)
    }

    /// Levels a channel may be off the exact result: ½ at full coverage, 1.5 through partial
    /// coverage — which an a8 source onto colour is drawn as (opaque black through the a8 image).
    static func tolerance(coverage m: UInt8, a8OntoColour: Bool) -> Double {
        (m == 255 && !a8OntoColour ? 0.5 : 1.5) + 1e-6
    }
}
