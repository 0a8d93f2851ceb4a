// A gradient shape kind's row: its parameters and how its t is evaluated — exactly, by the
// kernels and by the kernels' twin. GradientShape.Kind.row picks it; the rows are the files in
// Shapes/. ExactGradient, KernelGradient and GradientKernelTwin ask the row and know no shape.

import CSheenSIMD

/// One shape kind's row. (A class, made once per kind: a gradient made per call takes a
/// reference to its row, not a copy of its arrays and closures.)
final class GradientShapeRow: Sendable {
    /// Its parameters, in the order `GradientShape.numbers` lists their numbers.
    let parameters: [GradientShape.Parameter]
    /// How a point shape's t is evaluated; nil for the affine one (linear: LinearCoefficients
    /// and the kernels' linear path).
    let point: PointShape?
    /// How many numbers the parameters take (a point two).
    let numberCount: Int
    /// Bit i set when number i is a length (≥ 0): checked without walking the parameters.
    let lengthNumbers: UInt8

    init(parameters: [GradientShape.Parameter], point: PointShape?) {
        self.parameters = parameters
        self.point = point
        var count = 0, lengths: UInt8 = 0
        for p in parameters {
            if p.role == .length { lengths |= 1 << count }
            count += p.role.numberCount
        }
        numberCount = count
        lengthNumbers = lengths
    }

    /// True when t wraps every turn whatever the spread (conic).
    var wraps: Bool { point?.wraps ?? false }
}

/// What preparing a gradient reads of its shape kind's row — which of its numbers are lengths,
/// whether t wraps, whether it is a point shape — copied out of the row as plain values
/// (`GradientShape.Kind.summary`): a gradient made per call read the row object three times, a
/// retain and a release each.
struct GradientShapeSummary: Sendable {
    /// Bit i set when number i is a length (≥ 0).
    let lengthNumbers: UInt8
    let wraps: Bool
    /// True when t is a function of the gradient-space point (`GradientShapeRow.point` is set).
    let isPoint: Bool

    init(_ row: GradientShapeRow) {
        lengthNumbers = row.lengthNumbers
        wraps = row.wraps
        isPoint = row.point != nil
    }
}

/// A shape whose t is a function of the gradient-space point P. `n` below is the shape's numbers
/// (`GradientShape.scalars`), `prepared` what `prepare` made of them.
final class PointShape: Sendable {
    /// Up to four Double values the exact t needs besides the numbers, computed once per
    /// gradient. (Four, not eight: the exact model holding them is copied into every gradient
    /// made per call, and at eight it outgrew the 256 bytes memcpy copies in its shortest path.)
    let prepare: @Sendable (_ n: SIMD8<Double>) -> SIMD4<Double>
    /// The exact t (before the spread) at gradient-space point `p`, nil where the pixel gets
    /// nothing.
    let exactT: @Sendable (_ p: Point, _ n: SIMD8<Double>, _ prepared: SIMD4<Double>) -> Double?
    /// The kernel form for pixel space through `inverse` (pixel → gradient space) and `transform`
    /// (its inverse), or nil for a shape that paints nothing; throws, naming the number, for a
    /// shape too extreme for the kernels' precision.
    let kernel: @Sendable (_ n: SIMD8<Double>, _ prepared: SIMD4<Double>, _ inverse: Matrix2D, _ transform: Matrix2D)
        throws(RasterError) -> PointKernelForm?
    /// The kernel shapes (rows of CSheenSIMD.h's SHEEN_GRADIENT_POINT_SHAPES) `kernel` chooses
    /// from, each with its twin's t; the first says whether the shape wraps.
    let twins: [PointTwin]

    /// True when t wraps whatever the spread: the C row's `spreads` column is WRAPS.
    let wraps: Bool

    init(prepare: @escaping @Sendable (_ n: SIMD8<Double>) -> SIMD4<Double>,
         exactT: @escaping @Sendable (_ p: Point, _ n: SIMD8<Double>, _ prepared: SIMD4<Double>) -> Double?,
         kernel: @escaping @Sendable (_ n: SIMD8<Double>, _ prepared: SIMD4<Double>, _ inverse: Matrix2D, _ transform: Matrix2D)
             throws(RasterError) -> PointKernelForm?,
         twins: [PointTwin]) {
        self.prepare = prepare
        self.exactT = exactT
        self.kernel = kernel
        self.twins = twins
        wraps = sheen_gradient_shape_wraps(twins[0].shape) == 1
    }
}

/// A point shape as the kernels take it: the C shape, the gradient-space origin the kernels
/// measure P from, the power of two every length is scaled by (`KernelGradient.scale`) and the
/// job's Float parameters `p`.
struct PointKernelForm {
    let shape: UInt32
    let origin: Point
    let scale: Double
    let p: SIMD16<Float>
}

/// One C point shape's twin: t (before the spread) at the Float point (px, py) from the job's
/// parameters `p`, every step as the C function takes it, or nil where the pixel gets nothing.
struct PointTwin: Sendable {
    let shape: UInt32
    let t: @Sendable (_ p: [Float], _ px: Float, _ py: Float) -> Float?

    /// The twin of C shape `shape`, nil for linear and for a value that is no shape.
    static func of(_ shape: UInt32) -> PointTwin? {
        for kind in GradientShape.Kind.listed {
            if let twin = kind.value.row.point?.twins.first(where: { $0.shape == shape }) { return twin }
        }
        return nil
    }
}
