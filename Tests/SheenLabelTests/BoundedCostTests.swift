import Foundation
import SheenLabel
import SheenRaster
import SheenTestSupport
import SheenText
import Testing

/// Small inputs that once cost unbounded time or memory: each is refused with an error naming
/// the value and the limit, or drawn within bounds (the reproductions of an abuse run).
@Suite struct BoundedCostTests {
    func font() throws -> Font { try TestFonts.sans(48) }

    /// Insets that leave no room leave no text: the image is the frame, as drawn without text.
    @Test func insetsThatLeaveNoRoomDrawNoText() throws {
        var l = Label("a", font: try font(), size: Size(width: 1024, height: 160))
        l.insets = EdgeInsets(top: 16384, left: 16384, bottom: 16384, right: 16384)
        l.backgroundColor = Color(rgba: 0x2040_60FF)
        let image = try l.image()
        var empty = l
        empty.text = ""
        #expect(image.width == 1024 && image.height == 160)
        #expect(image.bytes == (try empty.image()).bytes)
        #expect(try l.layout().lines.isEmpty)
    }

    /// A thousand glyphs pulled apart by a tracking of −1000 px would draw over 947,131 × 160
    /// pixels: refused before anything is allocated.
    @Test func aLabelThatDrawsTooFarIsRefused() throws {
        var text = AttributedText()
        text.append(String(repeating: "W", count: 1_000), attributes: TextAttributes(font: try font(), tracking: -1_000))
        var l = Label("", font: try font(), size: Size(width: 1024, height: 160))
        l.attributedText = text
        #expect {
            _ = try l.image()
        } throws: { error in
            guard case let .imageTooLarge(width, _, maximum)? = error as? LabelError else { return false }
            return width > 900_000 && maximum == Label.maximumImagePixels
        }
    }

    /// Two shadows offset to opposite corners would make a 34,843 × 34,844 image: refused.
    @Test func shadowsFarApartAreRefused() throws {
        var l = Label("Hi", font: try font(), size: Size(width: 200, height: 80))
        l.shadows = [LabelShadow(color: .black, offset: Point(16384, 16384), sigma: 256, spread: 256),
                     LabelShadow(color: .black, offset: Point(-16384, -16384), sigma: 256, spread: 256)]
        #expect {
            _ = try l.image()
        } throws: { error in
            if case .imageTooLarge? = error as? LabelError { return true }
            return false
        }
    }

    /// 8,000 combining marks on one letter would stack into a 92,517-pixel-tall mask: refused by
    /// SheenText, naming where the run starts; 128 marks, the limit, still draw.
    @Test func stackedMarksAreLimited() throws {
        let l = Label("a" + String(repeating: "\u{301}", count: 8_000), font: try font(), size: Size(width: 1024, height: 160))
        #expect(throws: LabelError.text(.tooManyMarks(offset: 1, maximum: TextLayout.maximumMarksPerCharacter))) {
            _ = try l.image()
        }
        let most = Label("a" + String(repeating: "\u{301}", count: TextLayout.maximumMarksPerCharacter),
                         font: try TestFonts.sans(8), size: Size(width: 100, height: 40))
        #expect(try most.image().width >= 100)
    }

    /// Shadows and run styles are counted: one past the limit is refused by name; at the limit
    /// they draw.
    @Test func shadowsAndRunStylesAreCounted() throws {
        var l = Label("Glow", font: try font(), size: Size(width: 240, height: 90))
        l.shadows = Array(repeating: LabelShadow(color: Color(rgba: 0x3478_F620), offset: Point(0, 0), sigma: 6),
                          count: Label.maximumShadows + 1)
        #expect(throws: LabelError.tooMany(name: "shadows", count: Label.maximumShadows + 1, maximum: Label.maximumShadows)) {
            _ = try l.image()
        }
        // At the limit, 64 shadows of one shape and σ (one blurred mask between them) pile up:
        // the glow around the text is denser than one shadow's.
        l.shadows.removeLast()
        let many = try l.image()
        var one = l
        one.shadows = [l.shadows[0]]
        let single = try one.image()
        #expect(many.width == single.width && many.height == single.height)
        let alpha = { (image: Image) in stride(from: 3, to: image.bytes.count, by: 4).reduce(0) { $0 + Int(image.bytes[$1]) } }
        #expect(alpha(many) > alpha(single))
        l.runStyles = Array(repeating: LabelRunStyle(range: 0 ..< 1, fill: .color(.black)), count: Label.maximumRunStyles + 1)
        #expect(throws: LabelError.tooMany(name: "runStyles", count: Label.maximumRunStyles + 1, maximum: Label.maximumRunStyles)) {
            _ = try l.image()
        }
    }

    /// 10,000 tabs (40 KB of "1.5\t") lay out in one pass per line, not once per candidate
    /// break (it took more than a minute).
    @Test func tenThousandTabsLayOut() throws {
        let l = Label(String(repeating: "1.5\t", count: 10_000), font: try TestFonts.sans(12), size: Size(width: 1024, height: 160))
        #expect(try l.layout().lines.count >= 1)
        #expect(try l.image().width == 1024)
    }

    /// A font whose em is 16 units (DejaVu Sans with its unitsPerEm rewritten) draws "Hello" at
    /// 48 px with outlines 128 times too large: a bounded image, or a refusal by name.
    @Test func aTinyEmIsBounded() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.sansPath)))
        func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        var head = 0
        for t in 0 ..< u16(4) where Array(bytes[12 + 16 * t ..< 16 + 16 * t]) == Array("head".utf8) { head = u32(12 + 16 * t + 8) }
        #expect(head > 0)
        bytes[head + 18] = 0; bytes[head + 19] = 16
        let label = Label("Hello", font: try Font(face: try FontFace(bytes: bytes), size: 48), size: Size(width: 300, height: 80))
        let outcome: Result<Image, LabelError> = Result { () throws(LabelError) in try label.image() }
        switch outcome {
        case let .success(image): #expect(image.width * image.height <= Label.maximumImagePixels)
        case .failure(.imageTooLarge): break
        case let .failure(error): Issue.record("refused with \(error)")
        }
    }
}
