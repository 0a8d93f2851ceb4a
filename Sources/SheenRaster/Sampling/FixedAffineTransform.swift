/// An affine transform in pixman's 16.16 fixed point — `pixman_transform_t` without its projective
/// row — mapping a destination pixel's centre to the position an image is sampled at:
/// x′ = xx·x + xy·y + x0, y′ = yx·x + yy·y + y0, every number a 16.16 value (65536 is 1.0),
/// evaluated with pixman_transform_point_3d's rounding.
public struct FixedAffineTransform: Sendable, Equatable {
    /// The first row: x′'s factors of x and y, and its offset (16.16).
    public var xx: Int32, xy: Int32, x0: Int32
    /// The second row: y′'s factors of x and y, and its offset (16.16).
    public var yx: Int32, yy: Int32, y0: Int32

    /// A transform from its two rows of 16.16 values.
    public init(xx: Int32, xy: Int32, x0: Int32, yx: Int32, yy: Int32, y0: Int32) {
        self.xx = xx; self.xy = xy; self.x0 = x0
        self.yx = yx; self.yy = yy; self.y0 = y0
    }

    /// The identity: each pixel sampled at its own position.
    public static let identity = FixedAffineTransform(xx: 0x10000, xy: 0, x0: 0, yx: 0, yy: 0x10000, y0: 0)

    /// The 16.16 position pixman samples for the pixel whose top-left corner is the integer point
    /// (x, y): the transform of its centre (x + ½, y + ½), each row's products exact and their
    /// fractional part rounded once (pixman_transform_point_31_16_3d). The centre's fraction is ½
    /// in both coordinates, so the rounding adds the same amount to every pixel: the position is
    /// exactly affine in the integer coordinates.
    func position(x: Int, y: Int) -> (x: Int, y: Int) {
        func row(_ a: Int32, _ b: Int32, _ c: Int32) -> Int {
            Int(a) * x + Int(b) * y + Int(c) + (((Int(a) + Int(b)) * 0x8000 + 0x8000) >> 16)
        }
        return (row(xx, xy, x0), row(yx, yy, y0))
    }
}
