import Foundation
import SheenTestSupport
import Testing
@testable import SheenLabel

/// The label spec read without Foundation: its JSON parser agrees with Foundation's on every
/// document Foundation accepts (random documents, escapes, numbers), refuses what RFC 8259
/// refuses, and a spec makes the label its fields describe.
struct LabelSpecReaderTests {
    /// A random JSON value `depth` levels deep at most, as Foundation objects.
    static func randomValue(_ rng: inout SeededGenerator, depth: Int) -> Any {
        switch Int.random(in: 0 ..< (depth > 0 ? 7 : 5), using: &rng) {
        case 0: return NSNull()
        case 1: return Bool.random(using: &rng)
        case 2:
            // Whole numbers, fractions, tiny and huge magnitudes, negative zero.
            let choices: [Double] = [0, -0.0, 1, -17, 0.5, 1e-300, 6.02e23, -2.5e-7, 123456789012, Double.random(in: -1e6 ... 1e6, using: &rng)]
            return choices[Int.random(in: 0 ..< choices.count, using: &rng)]
        case 3, 4:
            // ASCII, controls (escaped by Foundation), quotes, backslashes, non-BMP scalars.
            let pool: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\t", "é", "€", "\u{FFFF}", "😀", "𝄞", "ก"]
            var s = String.UnicodeScalarView()
            for _ in 0 ..< Int.random(in: 0 ... 8, using: &rng) { s.append(pool[Int.random(in: 0 ..< pool.count, using: &rng)]) }
            return String(s)
        case 5:
            return (0 ..< Int.random(in: 0 ... 4, using: &rng)).map { _ in randomValue(&rng, depth: depth - 1) }
        default:
            var o: [String: Any] = [:]
            for k in 0 ..< Int.random(in: 0 ... 4, using: &rng) { o["k\(k)\(["", "é", "\"", "😀"][k % 4])"] = randomValue(&rng, depth: depth - 1) }
            return o
        }
    }

    /// A generated value as a JSONValue, for comparison.
    static func converted(_ v: Any) -> JSONValue {
        switch v {
        case is NSNull: return .null
        case let b as Bool: return .bool(b)
        case let n as Double: return .number(n)
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(converted))
        case let o as [String: Any]: return .object(o.mapValues(converted))
        default: fatalError("unexpected \(type(of: v))")
        }
    }

    @Test func parsesWhatFoundationWrites() throws {
        var rng = SeededGenerator(seed: 0x15_0E)
        for _ in 0 ..< 400 {
            let value = Self.randomValue(&rng, depth: 4)
            let options: JSONSerialization.WritingOptions = Bool.random(using: &rng) ? [.fragmentsAllowed, .prettyPrinted] : [.fragmentsAllowed]
            let data = try JSONSerialization.data(withJSONObject: value, options: options)
            // Foundation reads its own document back as the value it wrote (so the document is
            // valid JSON), and so does this parser.
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            #expect(try JSONValue.parse([UInt8](data)) == Self.converted(value), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test(arguments: [
        (#""\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\""#, JSONValue.string("é😀/\u{8}\u{C}\n\r\t\"\\")),
        ("-0.5e+2", .number(-50)), ("0", .number(0)), ("1E3", .number(1000)), (" [ ] ", .array([])), ("{}", .object([:])),
        ("[true,false,null]", .array([.bool(true), .bool(false), .null])),
    ])
    func acceptsRFC8259(text: String, value: JSONValue) throws {
        #expect(try JSONValue.parse(Array(text.utf8)) == value)
    }

    @Test(arguments: [
        ("", "unexpected end of the document at line 1, column 1"), ("[1,]", "unexpected ']' where a value should be"),
        ("{\"a\" 1}", "expected ':' after a key"), ("{a: 1}", "expected a key in double quotes"), ("01", "may not start with 0"),
        ("1.", "a digit after '.'"), ("-", "a digit after '-'"), ("1e", "a digit in its exponent"), ("+1", "unexpected '+'"),
        ("NaN", "unexpected 'N'"), ("1e999", "the number 1e999 is too large"), ("\"\\x\"", "\\x is not a JSON escape"),
        ("\"\\u12\"", "\\u needs four hex digits"), ("\"\\udc00\"", "low surrogate without a high one"),
        ("\"\\ud800\\u0041\"", "followed by \\u0041, not a low one"), ("\"a\nb\"", "raw control character (U+000A)"),
        ("[1] [2]", "unexpected text after the document at line 1, column 5"), ("{\"a\":1,\"a\":2}", "appears twice"),
        ("[\n  tru\n]", "at line 2, column 3"), ("\"é\u{1}\"", "at line 1, column 3"),
        (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), "nested more than 512 deep"),
    ])
    func refusesWithWhereAndWhat(text: String, mention: String) {
        #expect {
            _ = try JSONValue.parse(Array(text.utf8))
        } throws: { error in
            "\(error)".contains(mention)
        }
    }

    @Test func refusesBytesThatAreNotUTF8() {
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse([0xEF, 0xBB, 0xBF, 0x31]) }   // a byte-order mark
    }

    /// A spec saved with a UTF-8 byte-order mark reads as the same spec without it; a mark
    /// anywhere else is still an error.
    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        let json = Array(#"{"text": "BOM", "canvas": "120x40"}"#.utf8)
        let plain = try LabelSpec(json: json), marked = try LabelSpec(json: [0xEF, 0xBB, 0xBF] + json)
        #expect(marked.label.text == plain.label.text && marked.label.size == plain.label.size)
        #expect(throws: LabelSpecError.self) { _ = try LabelSpec(json: Array(json.prefix(1)) + [0xEF, 0xBB, 0xBF] + json.dropFirst()) }
    }

    @Test func aSpecMakesTheLabelItsFieldsDescribe() throws {
        let spec = try LabelSpec(json: """
            {"runs": [{"text": "Sale ", "color": "tomato"}, {"text": "50%", "size": 30, "underline": "double"}],
             "font": "DejaVu Sans", "size": 20, "canvas": "300x60", "align": "center", "lines": 2,
             "fill": {"kind": "radial", "colors": ["#3478F6", "#FF3B30"], "extent": "frame"},
             "shadows": [{"color": "#00000080", "offset": [1, 2], "blur": 4}], "alpha": 0.5}
            """)
        var label = Label("", font: try Font(named: "DejaVu Sans", size: 20), size: Size(width: 300, height: 60))
        var text = AttributedText()
        var sale = TextAttributes(font: label.font)
        sale.color = try Color(css: "tomato")
        text.append("Sale ", attributes: sale)
        var half = TextAttributes(font: try label.font.withSize(30))
        half.underline = TextDecoration(.double)
        text.append("50%", attributes: half)
        label.attributedText = text
        label.textAlignment = .center
        label.numberOfLines = 2
        label.fill = .gradient(LabelGradient(colors: [try Color(css: "#3478F6"), try Color(css: "#FF3B30")],
                                             geometry: .radial(center: Point(0.5, 0.5), radius: 0.5)), extent: .frame)
        label.shadows = [LabelShadow(color: try Color(css: "#00000080"), offset: Point(1, 2), sigma: GaussianBlur.sigma(cssRadius: 4))]
        label.alpha = 0.5
        #expect(try spec.label.image().bytes == label.image().bytes)
        #expect(spec.animation == nil)
    }

    /// A gradient given by its raster parameters' names is that shape whole, in unit
    /// coordinates (angles in degrees), the others at their standard values — for every kind of
    /// the shape table; a parameter of another kind is refused.
    @Test func aGradientByItsParametersIsThatShape() throws {
        func geometry(_ fill: String) throws -> LabelGradient.Geometry? {
            let spec = try LabelSpec(json: #"{"text": "Shape", "canvas": "120x40", "fill": \#(fill)}"#)
            guard case let .gradient(g, _)? = spec.label.fill else { return nil }
            return g.geometry
        }
        #expect(try geometry(#"{"kind": "radial", "colors": ["red", "blue"], "startRadius": 0.1, "endCenter": [0.6, 0.5]}"#)
                == .shape(.radial(startCenter: Point(0.5, 0.5), startRadius: 0.1, endCenter: Point(0.6, 0.5), endRadius: 0.5)))
        #expect(try geometry(#"{"kind": "conic", "colors": ["red", "blue"], "startAngle": 90, "center": [0.2, 0.3]}"#)
                == .shape(.conic(center: Point(0.2, 0.3), startAngle: Double.pi / 2)))
        for kind in GradientShape.Kind.listed {
            // A parameter the short spellings do not use; a kind without one has no short
            // spelling, and all its parameters are read by name.
            let p = try #require(kind.value.parameters.last { !LabelSpec.shortGradientKeys.contains($0.name) }
                                 ?? kind.value.parameters.last)
            let value = p.role == .point ? "[0.25, 0.75]" : "0.25"
            let got = try geometry(#"{"kind": "\#(kind.word)", "colors": ["red", "blue"], "\#(p.name)": \#(value)}"#)
            let number = p.role == .angle ? 0.25 * Double.pi / 180 : 0.25
            let expected = GradientShape.standard(kind.value, in: Rect(x: 0, y: 0, width: 1, height: 1))
                .setting(p.name, to: p.role == .point ? [0.25, 0.75] : [number])
            #expect(got == expected.map { .shape($0) }, "\(kind.word).\(p.name)")
        }
        #expect(throws: LabelSpecError.self) {
            _ = try geometry(#"{"kind": "conic", "colors": ["red", "blue"], "startAngle": 1, "endRadius": 0.3}"#)
        }
    }

    @Test func withoutACanvasTheLabelFitsItsText() throws {
        let spec = try LabelSpec(json: #"{"text": "Fits", "font": "DejaVu Sans", "size": 24}"#)
        let fitted = try spec.label.sizeThatFits(Size(width: 0, height: 0))
        #expect(spec.label.size == Size(width: max(1, fitted.width), height: max(1, fitted.height)))
    }

    @Test func anAnimationIsReadWithItsKeyframes() throws {
        let spec = try LabelSpec(json: """
            {"text": "Go", "textColor": "#000000",
             "animation": {"keyframes": [{"time": 0.5, "textColor": "#FF0000"}, {"time": 1, "alpha": 0}],
                           "fps": 24, "timing": "ease-in-out", "colorSpace": "oklab"}}
            """.replacingOccurrences(of: "ease-in-out", with: "easeInOut"))
        let a = try #require(spec.animation)
        #expect(a.keyframes.map(\.time) == [0, 0.5, 1])
        #expect(a.keyframes[1].label.textColor == Color(red: 1, green: 0, blue: 0))
        #expect(a.keyframes[2].label.alpha == 0 && a.keyframes[2].label.textColor == Color(red: 1, green: 0, blue: 0))
        #expect(a.fps == 24 && a.timing == .easeInOut && a.colorSpace == .oklab)
    }

    @Test(arguments: [
        (##"{"text": "x", "colour": "#000000"}"##, #"the top level: unknown field "colour""#),
        (##"{"text": "x", "fill": {"colors": ["#12"]}}"##, "fill.colors[0]"),
        (##"{"text": "x", "font": "No Such Family For Sure", "fontFile": "/x.ttf"}"##, #"font: give "font" or "fontFile", not both"#),
        (##"{"text": "x", "fontFile": "/nonexistent/font.ttf"}"##, "font:"),
        (##"{"text": "x", "animation": {"keyframes": [], "timing": "bouncy"}}"##, "animation.keyframes: needs at least one keyframe"),
        (##"{"text": "x", "animation": {"keyframes": [{"time": 1}], "timing": "bouncy"}}"##, #"animation.timing "bouncy" is not one of"#),
        (##"{"text": "x", "canvas": "0x5"}"##, "canvas:"),
        ("[1]", "the top level must be an object, found an array"),
        (##"{"text": "x""##, "not valid JSON: unexpected end of the document"),
    ])
    func refusalsNameTheField(json: String, mention: String) {
        #expect {
            _ = try LabelSpec(json: json)
        } throws: { error in
            (error as? LabelSpecError)?.message.contains(mention) == true
        }
    }
}
