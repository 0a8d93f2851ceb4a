/// The shape of a gradient: how a pixel's position becomes the parameter t.
public enum GradientShape: Hashable, Sendable {
    /// t = 0 at `start`, 1 at `end`, constant along lines perpendicular to start→end.
    /// A zero-length line paints nothing (Canvas 2D rule).
    case linear(start: Point, end: Point)
    /// Two-point conical ("radial") gradient: t is the largest value for which the pixel lies on
    /// the circle interpolated between (startCenter, startRadius) at t = 0 and
    /// (endCenter, endRadius) at t = 1 with a non-negative radius; pixels on no such circle stay
    /// transparent. Equal centres with startRadius 0 give the familiar circular gradient; a start
    /// circle inside the end circle gives the focal case. Identical circles paint nothing.
    case radial(startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double)
    /// Sweep gradient around `center`: t = angle / 2π, the angle measured from `startAngle`
    /// (radians; 0 points along +x) in the direction that turns +x towards +y (clockwise on screen).
    case conic(center: Point, startAngle: Double)
}
