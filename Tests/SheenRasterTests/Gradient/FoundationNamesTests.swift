import Foundation
import SheenRaster
import Testing

/// A file importing Foundation beside SheenRaster compiles with SheenRaster's names unqualified:
/// `Matrix2D` (once `AffineTransform`, which Foundation also declares) and the rest of the API a
/// gradient uses.
@Suite struct FoundationNamesTests {
    @Test func gradientTransformsBesideFoundation() throws {
        let turn = Matrix2D.rotation(.pi / 2).concatenating(after: .identity)
        var gradient = Gradient.linear(from: Point(0, 0), to: Point(8, 0), colors: [.black, .white])
        gradient.transform = turn
        let image = try Image(width: 8, height: 8, format: .rgba8Premultiplied)
        try image.withBuffer { try gradient.fill($0) }
        // Turned a quarter: the ramp runs down the rows, so each row is one colour.
        #expect(image.pixel(x: 0, y: 6) == image.pixel(x: 7, y: 6) && image.pixel(x: 0, y: 1) != image.pixel(x: 0, y: 6))
        // Foundation's own type is still there, by its module's name.
        #expect(Foundation.AffineTransform.identity.m11 == 1)
    }
}
