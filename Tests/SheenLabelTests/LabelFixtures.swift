import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText

enum LabelFixtures {
    static let blue = Color(rgba: 0x3478_F6FF)
    static let red = Color(rgba: 0xFF3B_30FF)

    /// The W5 label: gradient over the ink, 2 px stroke, soft shadow, 1024×160, centred
    /// (as sheen-bench and the peers draw it; nothing overhangs the frame).
    static func styled() throws -> Label {
        var label = try leftAligned()
        label.textAlignment = .center
        return label
    }

    /// The same label with natural (left) alignment: the "A"'s stroke and the shadow overhang
    /// the frame's left edge.
    static func leftAligned() throws -> Label {
        var label = Label("Always correct gradient text", font: try TestFonts.bold(), size: Size(width: 1024, height: 160))
        label.fill = .gradient(LabelGradient(colors: [blue, red]), extent: .ink)
        label.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF)))
        label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 6)]
        return label
    }

    /// RGBA bytes of pixel (x, y) of an RGBA8 image.
    static func rgba(_ image: Image, _ x: Int, _ y: Int) -> SIMD4<Int> {
        let p = image.pixel(x: x, y: y)
        return SIMD4(Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
    }

    static func close(_ a: SIMD4<Int>, _ b: SIMD4<UInt8>, within levels: Int) -> Bool {
        let d = a &- SIMD4<Int>(Int(b.x), Int(b.y), Int(b.z), Int(b.w))
        return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w)) <= levels
    }
}
