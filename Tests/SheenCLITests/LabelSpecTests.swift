import Foundation
import Testing
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText
@testable import sheen

/// `--spec`: a whole label from JSON, equal to the label built with the library; bad fields
/// refused by name, with no file written.
@Suite struct LabelSpecTests {
    func write(_ json: String) throws -> String {
        let path = CLI.temporaryPath("spec.json")
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func decoded(_ path: String) throws -> [UInt8] { try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).bytes }

    func expected(_ label: Label) throws -> [UInt8] { try PNG.decode(try label.image().withReadOnlyBuffer { try PNG.encode($0) }).bytes }

    static let rich = """
    {
      "canvas": [640, 200], "size": 36, "textColor": "#202020", "lines": 0, "lineBreak": "word", "align": "center",
      "runs": [
        {"text": "Rich ", "underline": {"style": "double", "color": "#FF3B30"}, "tracking": 1},
        {"text": "labels", "fill": {"colors": ["#3478F6", "#FF3B30"], "angle": 90, "space": "oklab"},
         "stroke": {"width": 2, "color": "#333333", "placement": "inside"}},
        {"text": " demon\\u00ADstration\\n", "strikethrough": "thick", "baselineOffset": 4, "kerning": false},
        {"text": "Qty\\t12.5", "font": "DejaVu Sans", "size": 24, "background": "#FFE08A",
         "paragraph": {"alignment": "left", "spacingBefore": 6, "tabStops": [{"location": 200, "alignment": "decimal"}]}}
      ],
      "shadows": [{"offset": [0, 3], "blur": 8, "color": "#00000060"}],
      "background": "#FFFFFF", "alpha": 0.85, "hinting": "full"
    }
    """

    /// The same label built with the library.
    static func richLabel() throws -> Label {
        let bold = try Font(named: "DejaVu Sans:bold", size: 36)
        var text = AttributedText("Rich ", attributes: TextAttributes(font: bold, tracking: 1,
                                                                     underline: TextDecoration(.double, color: Color(rgba: 0xFF3B_30FF))))
        text.append("labels", attributes: TextAttributes(font: bold))
        text.append(" demon\u{AD}stration\n", attributes: TextAttributes(font: bold, kerning: false, baselineOffset: 4,
                                                                          strikethrough: TextDecoration(.thick)))
        text.append("Qty\t12.5", attributes: TextAttributes(font: try Font(named: "DejaVu Sans", size: 24),
                                                           backgroundColor: Color(rgba: 0xFFE0_8AFF),
                                                           paragraphStyle: ParagraphStyle(alignment: .left, paragraphSpacingBefore: 6,
                                                                                          tabStops: [TextTab(location: 200, alignment: .decimal)])))
        var label = Label("", font: bold, size: Size(width: 640, height: 200))
        label.textColor = Color(rgba: 0x2020_20FF)
        label.attributedText = text
        label.runStyles = [LabelRunStyle(range: 5..<11,
                                         fill: .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)],
                                                                       geometry: .linear(angle: 90), space: .oklab)),
                                         stroke: LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF)), placement: .inside))]
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        label.textAlignment = .center
        label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0060), offset: Point(0, 3), sigma: 4)]
        label.backgroundColor = Color(rgba: 0xFFFF_FFFF)
        label.alpha = 0.85
        label.hinting = .full
        return label
    }

    @Test func aSpecRendersTheLabelItDescribes() throws {
        let spec = try write(Self.rich), out = CLI.temporaryPath("rich.png")
        defer { try? FileManager.default.removeItem(atPath: spec); try? FileManager.default.removeItem(atPath: out) }
        try CLI.run(["render", "--spec", spec, "-o", out])
        #expect(try decoded(out) == expected(Self.richLabel()))
    }

    @Test func animateSpecFramesAreItsKeyframes() throws {
        let json = """
        {"text": "Fade", "size": 30, "canvas": "200x60", "textColor": "#000000",
         "animation": {"fps": 2, "timing": "linear", "colorSpace": "sRGB",
                       "keyframes": [{"time": 1, "textColor": "#FF0000"}, {"time": 2, "size": 40}]}}
        """
        let spec = try write(json), dir = CLI.temporaryPath("frames")
        defer { try? FileManager.default.removeItem(atPath: spec); try? FileManager.default.removeItem(atPath: dir) }
        try CLI.run(["animate", "--spec", spec, "-o", dir])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == ["contact-sheet.png", "frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png", "frame-0004.png"])
        // Frame 2 (1 s) is the first keyframe's label exactly: all of its ink is red.
        let image = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/frame-0002.png"))))
        var colours = Set<[UInt8]>()
        for p in stride(from: 0, to: image.bytes.count, by: 4) where image.bytes[p + 3] == 255 { colours.insert(Array(image.bytes[p..<p + 3])) }
        #expect(colours == [[255, 0, 0]])
    }

    /// Each mistake is named by its path in the spec; nothing is written.
    @Test(arguments: [
        (##"{"text": "x", "sise": 3}"##, ##"the top level: unknown field "sise""##),
        (##"{"runs": [{"text": "x", "underline": "wavy"}]}"##, ##"runs[0].underline: "wavy" is not one of: single, double, thick"##),
        (##"{"runs": [{"txt": "x"}]}"##, ##"runs[0]: a run needs "text""##),
        (##"{"text": "x", "size": -4}"##, ##"size: -4.0 is not in"##),
        (##"{"text": "x", "fill": {"colors": ["#12"]}}"##, ##"fill.colors[0]"##),
        (##"{"text": "x", "shadows": [{"color": "#000000", "offset": [1]}]}"##, ##"shadows[0].offset: expected 2 numbers"##),
        (##"{"text": "x", "stroke": {"width": 0, "color": "#000000"}}"##, ##"stroke.width: 0.0 is not in"##),
        (##"{"runs": [{"text": "x", "paragraph": {"tabStops": [{"alignment": "right"}]}}]}"##, ##"runs[0].paragraph.tabStops[0]: a tab stop needs "location""##),
        (##"{"text": "x", "animation": {"keyframes": [{"time": 0}]}}"##, ##"animation.keyframes[0].time: 0.0 s is not after"##),
        (##"{"text": "x", "lines": 1.5}"##, ##"lines: 1.5 is not a whole number"##),
        (##"{"text": "x", "hinting": "slight"}"##, ##"hinting: "slight" is not one of: none, light, full"##),
        (##"{"text": "x", "alpha": 2}"##, ##"alpha: 2.0 is not in"##),
        (##"{"text": 5}"##, ##"text: expected a string, found a number"##),
        (##"{"size": 3}"##, ##"needs "text" or "runs""##),
        (##"["x"]"##, ##"the top level must be an object"##),
        (##"{"text": "x""##, ##"is not valid JSON: unexpected end of the document; expected ',' or '}' at line 1, column 13"##),
        ("{\"text\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
         "is not valid JSON: arrays and objects nested more than 512 deep at line 1, column 521"),
        // A value that is unusable is named for what it is, where it is (not as a type mismatch).
        (##"{"runs": [{"text": "a"}, {"text": 1e400}]}"##, ##"the number 1e400 is too large at line 1, column 35"##),
        (##"{"text": "\ud800"}"##, ##"\uD800 is a high surrogate without a low one after it at line 1, column 11"##),
        (##"{"text": "\udc00x"}"##, ##"\uDC00 is a low surrogate without a high one before it"##),
        ("{\"text\": \"a\u{0}b\"}", "a raw control character (U+0000) in a string"),
        (##"{"text": "x", "text": "y"}"##, ##"the key "text" appears twice in one object at line 1, column 15"##),
        (##"{"text": "x"} x"##, ##"unexpected text after the document at line 1, column 15"##),
        (##"{"text": 01}"##, ##"a number may not start with 0 and another digit"##),
        (##"{"text": "\q"}"##, ##"\q is not a JSON escape"##),
        ("{\"text\": \"x\",\n \"size\": tru}", "unexpected 't' where a value should be at line 2, column 10"),
    ])
    func badFieldsAreNamed(json: String, mention: String) throws {
        let spec = try write(json), out = CLI.temporaryPath("bad.png")
        defer { try? FileManager.default.removeItem(atPath: spec) }
        CLI.expectFailure(["render", "--spec", spec, "-o", out], mentions: mention, output: out)
    }

    @Test func labelOptionsBesideASpecAreRefused() throws {
        let spec = try write(##"{"text": "x"}"##), out = CLI.temporaryPath("bad.png")
        defer { try? FileManager.default.removeItem(atPath: spec) }
        CLI.expectFailure(["render", "--spec", spec, "--size", "30", "-o", out], mentions: "remove --size", output: out)
        CLI.expectFailure(["render", "x", "--spec", spec, "-o", out], mentions: "remove the TEXT argument", output: out)
        CLI.expectFailure(["animate", "--spec", spec, "-o", out], mentions: "has no \"animation\"", output: out)
        CLI.expectFailure(["animate", "--spec", spec, "--to-fill", "#000000", "-o", out], mentions: "remove --to-fill", output: out)
    }

    /// Control characters a spec carries into a message (an unknown key with an escape
    /// sequence, a bell) are shown escaped, never sent to the terminal; a long value is cut to its
    /// ends (a 10 MB value once wrote 31 MB to standard error).
    @Test func controlCharactersInMessagesAreEscaped() throws {
        #expect(LabelError.printable("bad \u{1B}[31mkey\u{07} \u{9B}x é") == "bad \\u{1B}[31mkey\\u{7} \\u{9B}x é")
        let long = LabelError.printable("fill: \"" + String(repeating: "z", count: 10_000_000) + "\" is not a colour")
        #expect(long.count <= LabelError.maximumMessageLength + 40)
        #expect(long.hasPrefix("fill: \"zzz") && long.hasSuffix("\" is not a colour"))
        let spec = CLI.temporaryPath("long.json"), out = CLI.temporaryPath("long.png")
        defer { try? FileManager.default.removeItem(atPath: spec) }
        try Data(("{\"text\": \"x\", \"fill\": \"" + String(repeating: "q", count: 1_000_000) + "\"}").utf8).write(to: URL(fileURLWithPath: spec))
        let result = try CLIProcess.run(["render", "--spec", spec, "-o", out])
        #expect(result.status == 64 && result.stderr.utf8.count < 2_000, "\(result.status), \(result.stderr.utf8.count) bytes")
    }
}

/// The command line's options and LabelProperty's table agree: every flag the table names is an
/// option of `sheen render`, and every option property is named as its flag (what a refusal of
/// options beside `--spec` reports).
@Suite struct LabelPropertyFlagTests {
    @Test func everyTableFlagIsAnOption() {
        let help = RenderCommand.helpMessage(columns: 1000)
        for property in LabelProperty.all {
            for flag in (property.flag ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
            where flag.hasPrefix("--") {
                #expect([" ", ",", "\n"].contains { help.contains(flag + $0) }, "\(property.key): \(flag) is not an option")
            }
            for old in property.oldNames where old.hasPrefix("--") { #expect(help.contains(old), "\(old)") }
        }
    }

    @Test func everyOptionPropertyIsNamedAsItsFlag() throws {
        let help = RenderCommand.helpMessage(columns: 1000) + FieldCommand.helpMessage(columns: 1000)
        for flag in try LabelStyleOptions.propertyFlags() + LabelLineOptions.propertyFlags() {
            #expect(help.contains(flag), "\(flag) is not an option")
        }
    }

    /// `--property KEY=VALUE` sets every property with an access as its own flag does, and
    /// refuses an unknown key, a key without access and a value out of range, naming the problem.
    @Test func propertyOptionSetsWhatTheFlagsSet() throws {
        func options(_ args: [String]) throws -> Label { try LabelOptions.parse(["Two lines of text"] + args).makeLabel() }
        let byFlags = try options(["--line-spacing", "4", "--align", "center", "--lines", "3", "--tighten", "--alpha", "0.5",
                                   "--line-height", "1.5", "--baseline", "none", "--clip"])
        let byProperty = try options(["--property", "lineSpacing=4", "--property", "align=center", "--property", "lines=3",
                                      "--property", "tighten=true", "--property", "alpha=0.5", "--property", "lineHeight=1.5",
                                      "--property", "baseline=none", "--property", "clip=true"])
        #expect("\(byFlags.layoutOptions) \(byFlags.alpha) \(byFlags.clipsToBounds)"
                == "\(byProperty.layoutOptions) \(byProperty.alpha) \(byProperty.clipsToBounds)")
        for (bad, says) in [("colour=red", "KEY=VALUE"), ("font=Serif", "KEY=VALUE"), ("lines=100001", "lines"), ("align", "KEY=VALUE"),
                            ("align=sideways", "align")] {
            #expect { try options(["--property", bad]) } throws: { "\($0)".contains(says) }
        }
    }

    /// The old name of a renamed option still works this release.
    @Test func oldHyphenationFlagStillWorks() throws {
        let new = try LabelLineOptions.parse(["--hyphenation", "en_US"]), old = try LabelLineOptions.parse(["--hyphenate", "en_US"])
        #expect(new.hyphenation == "en_US" && old.hyphenation == "en_US")
    }
}
