// pixman's operators that Sheen draws: each row says which of Sheen's operators is pixman's
// and the two properties that decide which calls Sheen may take.

import CSheenSIMD
import SheenRaster

/// One of pixman's operators (pixman_op_t) that Sheen has.
struct PixmanOperator {
    /// pixman's code.
    let code: UInt32
    /// pixman's name without PIXMAN_OP_, as the statistics print it.
    let name: StaticString
    /// Sheen's operator of the same formula.
    let sheen: CompositeOperator
    /// Whether a transparent source leaves the destination as it is, and a mask m applied as
    /// pixman does — op(S·m, D) — equals Sheen's rule for the operator in real numbers
    /// (`CompositeOperator.coverageScalesPaint`, or a blend mode, whose result is linear in S at
    /// a fixed unpremultiplied source colour). Only these operators are drawn through a mask or
    /// clipped to where the source and mask lie; the others (clear, src, in, in_reverse, out,
    /// atop_reverse) change pixels the source and mask do not reach, and Sheen draws them only
    /// unmasked with the source covering every pixel.
    let isBounded: Bool
    /// Whether the colour it writes depends on the destination's alpha: an x8 destination's
    /// padding is then made alpha 255 before the operator reads it.
    let readsDestinationAlpha: Bool
    /// Whether pixman and Sheen part ways (beyond rounding) on a source or destination that is
    /// not valid premultiplied colour (a level above its alpha): pixman's saturating arithmetic
    /// defines a result there, Sheen's kernels do not. A call of such an operator is checked for
    /// such pixels first, and handed to pixman when it has any. Measured over every operator,
    /// masked and unmasked (Tests/Pixman/invalid_colours.c, which Scripts/test-pixman.sh runs):
    /// the others agree within 2 levels — over among them, whose kernels saturate as pixman's
    /// arithmetic does (SheenOperators.h), so that cairo's spans of an image are not read twice.
    let checksSource: Bool
    let checksDestination: Bool
    /// Whether Sheen's kernels draw every job of the operator (SheenCompositeJob.hasEveryPath),
    /// by destination kind and mask: bit 0 32-bit unmasked, 1 32-bit masked, 2 a8 unmasked, 3 a8
    /// masked. The fast path (CompositeCall+FastPath.swift) reads this instead of asking per job.
    /// Bits, not an array: a row is copied on every call, and an array would make each copy a
    /// retain.
    private let everyJobBits: UInt8

    private init(_ code: UInt32, _ name: StaticString, _ sheen: CompositeOperator, bounded: Bool, readsAlpha: Bool,
                 checks: (source: Bool, destination: Bool) = (false, false)) {
        self.code = code; self.name = name; self.sheen = sheen; isBounded = bounded; readsDestinationAlpha = readsAlpha
        checksSource = checks.source; checksDestination = checks.destination
        var bits: UInt8 = 0
        for (i, (format, masked)) in [(PixelFormat.bgra8Premultiplied, false), (.bgra8Premultiplied, true), (.a8, false), (.a8, true)].enumerated()
        where SheenCompositeJob.hasEveryPath(sheen, onto: format, masked: masked) {
            bits |= 1 << i
        }
        everyJobBits = bits
    }

    /// Whether Sheen's kernels draw every job of the operator onto `format`, masked or not.
    @inline(__always)
    func drawsEveryJob(onto format: PixmanFormat, masked: Bool) -> Bool {
        everyJobBits & 1 << ((format == .a8 ? 2 : 0) + (masked ? 1 : 0)) != 0
    }

    /// pixman's operators that Sheen draws. Not here, so handed to pixman: saturate and the
    /// disjoint and conjoint families.
    static let all: [PixmanOperator] = [
        .init(0x00, "CLEAR", .clear, bounded: false, readsAlpha: false),
        .init(0x01, "SRC", .source, bounded: false, readsAlpha: false),
        .init(0x02, "DST", .destination, bounded: true, readsAlpha: false),
        .init(0x03, "OVER", .sourceOver, bounded: true, readsAlpha: false),
        .init(0x04, "OVER_REVERSE", .destinationOver, bounded: true, readsAlpha: true, checks: (false, true)),
        .init(0x05, "IN", .sourceIn, bounded: false, readsAlpha: true),
        .init(0x06, "IN_REVERSE", .destinationIn, bounded: false, readsAlpha: false),
        .init(0x07, "OUT", .sourceOut, bounded: false, readsAlpha: true),
        .init(0x08, "OUT_REVERSE", .destinationOut, bounded: true, readsAlpha: false),
        .init(0x09, "ATOP", .sourceAtop, bounded: true, readsAlpha: true, checks: (true, false)),
        .init(0x0a, "ATOP_REVERSE", .destinationAtop, bounded: false, readsAlpha: true, checks: (false, true)),
        .init(0x0b, "XOR", .xor, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x0c, "ADD", .plus, bounded: true, readsAlpha: false),
        .init(0x30, "MULTIPLY", .multiply, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x31, "SCREEN", .screen, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x32, "OVERLAY", .overlay, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x33, "DARKEN", .darken, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x34, "LIGHTEN", .lighten, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x35, "COLOR_DODGE", .colorDodge, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x36, "COLOR_BURN", .colorBurn, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x37, "HARD_LIGHT", .hardLight, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x38, "SOFT_LIGHT", .softLight, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x39, "DIFFERENCE", .difference, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x3a, "EXCLUSION", .exclusion, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x3b, "HSL_HUE", .hue, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x3c, "HSL_SATURATION", .saturation, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x3d, "HSL_COLOR", .color, bounded: true, readsAlpha: true, checks: (true, true)),
        .init(0x3e, "HSL_LUMINOSITY", .luminosity, bounded: true, readsAlpha: true, checks: (true, true)),
    ]

    /// The rows by pixman's code (0…0x3e), nil where Sheen has no such operator.
    static let byCode: [PixmanOperator?] = {
        var table = [PixmanOperator?](repeating: nil, count: 0x40)
        for row in all { table[Int(row.code)] = row }
        return table
    }()

    /// pixman's over (src through a mask is drawn as over onto a cleared area).
    static let sourceOver = of(0x03)!
    /// pixman's src (over an opaque image at full coverage is drawn as a copy).
    static let source = of(0x01)!
    /// pixman's add (the glyphs of a run through a mask are added into it).
    static let add = of(0x0C)!

    /// The row of pixman's operator `code`, or nil.
    @inline(__always)
    static func of(_ code: UInt32) -> PixmanOperator? { code < 0x40 ? byCode[Int(code)] : nil }
}

/// Sheen's operator of the same formula as pixman's operator `code` (a pixman_op_t), or nil for
/// the operators the drop-in hands to pixman (saturate, the disjoint and conjoint families): the
/// differential fuzzer (Fuzz/sheen-fuzz-pixman) measures a drawn call against this operator's
/// exact result.
public func sheenOperator(forPixmanOperator code: UInt32) -> CompositeOperator? {
    PixmanOperator.of(code)?.sheen
}
