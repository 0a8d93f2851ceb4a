// The linear shape's row: t affine in the pixel position, evaluated by LinearCoefficients and the
// kernels' own linear path (GradientRows.h), not through a point function.

enum LinearShape {
    static let row = GradientShapeRow(
        parameters: [.init("start", .point, 0, 0), .init("end", .point, 1, 0)],
        point: nil)
}
