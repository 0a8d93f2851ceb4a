/// An affine map in the CoreGraphics convention: (x, y) → (a·x + c·y + tx, b·x + d·y + ty).
/// (Named as Blend2D's BLMatrix2D: Foundation has an `AffineTransform`, and a file importing
/// both would find that name ambiguous.)
public struct Matrix2D: Hashable, Sendable {
    /// Coefficients of the map (x, y) → (a·x + c·y + tx, b·x + d·y + ty).
    public var a, b, c, d, tx, ty: Double

    /// Makes a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity map.
    public static let identity = Matrix2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (tx, ty) pixels.
    public static func translation(_ tx: Double, _ ty: Double) -> Matrix2D {
        Matrix2D(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by (sx, sy) about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> Matrix2D {
        Matrix2D(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `radians` about the origin; positive turns +x towards +y (clockwise on screen).
    public static func rotation(_ radians: Double) -> Matrix2D {
        let (s, c) = (libmSin(radians), libmCos(radians))
        return Matrix2D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` applied after `first`: p → self(first(p)).
    public func concatenating(after first: Matrix2D) -> Matrix2D {
        Matrix2D(a: a * first.a + c * first.b, b: b * first.a + d * first.b,
                        c: a * first.c + c * first.d, d: b * first.c + d * first.d,
                        tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    /// The map applied to a point.
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The inverse map; throws `RasterError.singularTransform` when the determinant is zero or
    /// not finite, `.nonFinite` when a coefficient is NaN or infinite.
    public func inverted() throws(RasterError) -> Matrix2D {
        // One test on the common path (a gradient made per call inverts its transform); the
        // component is named only when one is not finite.
        if !(a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite) {
            for (name, v) in [("transform.a", a), ("transform.b", b), ("transform.c", c),
                              ("transform.d", d), ("transform.tx", tx), ("transform.ty", ty)] {
                try RasterError.requireFinite(v, name)
            }
        }
        let det = a * d - b * c
        if det == 0 || !det.isFinite || !(1 / det).isFinite { throw RasterError.singularTransform(determinant: det) }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Matrix2D(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}

/// The former name of `Matrix2D`, kept for one release. It clashes with Foundation's
/// `AffineTransform` wherever both are imported; use `Matrix2D`.
@available(*, deprecated, renamed: "Matrix2D")
public typealias AffineTransform = Matrix2D
