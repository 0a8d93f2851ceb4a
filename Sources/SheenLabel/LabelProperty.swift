import SheenRaster
import SheenText

/// One property of a label as every interface names it: the JSON spec's key, the command line's
/// flag, the C API's setter and the Swift property it sets, with the range a number must lie in
/// and the constant that range comes from.
///
/// `LabelProperty.all` is the one list: the spec reader takes its keys and ranges from it,
/// `sheen render` and `sheen field` name the flag of a value the label refused through it,
/// docs/label-spec.md's field table is generated from it (`LabelPropertyTests` fails when that
/// table is stale), and the tests hold the command line's options and sheen.h's setters to it.
/// The spec key is the one name: the flag is its kebab-case form (`lineBreak`: `--line-break`)
/// and the setter its snake-case form (`sheen_label_set_line_break`); the Swift property keeps
/// UILabel's name (`lineBreakMode`). Older names still accepted are in `oldNames`.
public struct LabelProperty: Sendable, Hashable {
    /// Properties are their keys.
    public static func == (a: LabelProperty, b: LabelProperty) -> Bool { a.key == b.key }
    /// Hashes the key.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// The key in a JSON label spec (top level and keyframes): the property's one name.
    public let key: String
    /// The Swift property of `Label` it sets (a path: `font.size`).
    public let swift: String
    /// The command-line flag (`--line-break`), nil where the command line has none.
    public let flag: String?
    /// The C API's setter (`sheen_label_set_line_break`), nil where C has none.
    public let setter: String?
    /// The values a number must lie in (a count's, for an array), nil for a value that is not a
    /// number.
    public let range: ClosedRange<Double>?
    /// Where `range` comes from (`Label.maximumSide`), nil where it is written here.
    public let rangeSource: String?
    /// What it is, one sentence (docs/label-spec.md's "meaning" column).
    public let summary: String
    /// Names kept for one release (a flag, spec key or C setter spelt another way), listed in
    /// CHANGELOG.md.
    public let oldNames: [String]
    /// How the generic surfaces read and write it (see `Access`); nil where it has code of its own.
    public let access: Access?

    init(_ key: String, swift: String, flag: String? = "", setter: String? = "", range: ClosedRange<Double>? = nil,
         source: String? = nil, oldNames: [String] = [], access: Access? = nil, _ summary: String) {
        self.key = key
        self.swift = swift
        self.flag = flag == "" ? "--" + Self.separated(key, by: "-") : flag
        self.setter = setter == "" ? "sheen_label_set_" + Self.separated(key, by: "_") : setter
        self.range = range
        rangeSource = source
        self.summary = summary
        self.oldNames = oldNames
        self.access = access
    }

    /// A property whose value is a word of vocabulary `V`: its summary is `prefix` and the words
    /// with their meanings, from `V`'s table.
    init<V: Vocabulary>(_ key: String, swift: String, flag: String? = "", setter: String? = "", oldNames: [String] = [],
                        words path: WritableKeyPath<Label, V> & Sendable, _ prefix: String = "") {
        let words = V.listed.map { "`\($0.word)`" + ($0.summary.isEmpty ? "" : " (\($0.summary))") }.joined(separator: ", ")
        self.init(key, swift: swift, flag: flag, setter: setter, oldNames: oldNames, access: .word(path), prefix + words)
    }

    /// `camelCase` as `camel-case` (or `camel_case`): a key's flag and setter spellings, and the
    /// command line's flag of an option property.
    package static func separated(_ key: some StringProtocol, by separator: String) -> String {
        key.reduce(into: "") { s, c in s += c.isUppercase ? separator + c.lowercased() : String(c) }
    }

    /// The property named `key`, or one whose Swift property is `key` (nil: neither).
    public static func named(_ key: String) -> LabelProperty? {
        all.first { $0.key == key || $0.swift == key || $0.oldNames.contains(key) }
    }

    /// The property a `LabelError.invalidParameter` or `TextError.invalidParameter` name refers
    /// to: the Swift property at the start of its path (`shadows[2].sigma`: `shadows`).
    public static func of(parameter name: String) -> LabelProperty? {
        let root = name.prefix { $0 != "[" && $0 != "." && $0 != " " }
        return all.first { $0.swift == root || $0.swift.hasPrefix(root + ".") }
    }

    /// The index in an array property's path (`shadows[2].sigma`: 2), nil where it has none.
    public static func index(inParameter name: String) -> Int? {
        guard let open = name.firstIndex(of: "["), let close = name[open...].firstIndex(of: "]") else { return nil }
        return Int(name[name.index(after: open) ..< close])
    }

    /// Every label property, in docs/label-spec.md's order.
    public static let all: [LabelProperty] = [
        LabelProperty("text", swift: "text", flag: "TEXT (argument), --text-file",
                      "plain text (give `text` or `runs`)"),
        LabelProperty("runs", swift: "attributedText", flag: nil, setter: "sheen_label_append_run",
                      "attributed text: an array of runs (below)"),
        LabelProperty("font", swift: "font", "a fontconfig pattern (default `DejaVu Sans:bold`); runs default to the label's font"),
        LabelProperty("fontFile", swift: "font", setter: "sheen_font_create_file",
                      "a font file (TTF, OTF, TTC) instead of `font`"),
        LabelProperty("faceIndex", swift: "font", setter: "sheen_font_create_file", range: 0 ... 65535,
                      "the face inside a collection (TTC)"),
        LabelProperty("size", swift: "font.size", setter: "sheen_font_create_named", range: Font.minimumSize ... Font.maximumSize,
                      source: "Font.minimumSize…Font.maximumSize", "the font size in pixels (default 48)"),
        LabelProperty("canvas", swift: "size", range: 0 ... Label.maximumSide, source: "Label.maximumSide",
                      oldNames: ["sheen_label_set_size"],
                      "the label's frame, `\"WxH\"` or `[w, h]` (default: the size that fits the text, as `sheen render` without `--canvas`)"),
        LabelProperty("textColor", swift: "textColor", flag: nil,
                      "the colour of runs without one, applied before the object's runs (so it does not recolour them); in a keyframe without `runs` it recolours the whole text, as UIKit's `textColor` does"),
        LabelProperty("fill", swift: "fill", "the label's paint: a colour or a gradient over its \(GradientExtent.wordList) (`extent`)"),
        LabelProperty("stroke", swift: "stroke", range: 0 ... LabelStroke.maximumWidth, source: "LabelStroke.maximumWidth",
                      "a stroke outside, centred on or inside the glyphs; its width in pixels"),
        LabelProperty("shadows", swift: "shadows", flag: "--shadow, --glow", setter: "sheen_label_add_shadow",
                      range: 0 ... Double(Label.maximumShadows), source: "Label.maximumShadows",
                      "blurred shadows and glows, cast by fill and stroke together; at most this many"),
        LabelProperty("background", swift: "backgroundColor", "colour painted over the frame"),
        LabelProperty("align", swift: "textAlignment", oldNames: ["sheen_label_set_alignment"], words: \.textAlignment),
        LabelProperty("vertical", swift: "verticalAlignment", words: \.verticalAlignment),
        LabelProperty("lines", swift: "numberOfLines", range: Double(TextLayoutOptions.numberOfLinesRange.lowerBound) ... Double(Label.maximumLines),
                      source: "TextLayoutOptions.numberOfLinesRange", access: .count(\.numberOfLines),
                      "maximum lines, 0 = unlimited (default 1)"),
        LabelProperty("lineBreak", swift: "lineBreakMode", words: \.lineBreakMode),
        LabelProperty("minScale", swift: "minimumScaleFactor", range: TextLayoutOptions.minimumScaleFactorRange,
                      source: "TextLayoutOptions.minimumScaleFactorRange", oldNames: ["sheen_label_set_adjusts_font_size"],
                      access: .number(get: { $0.minimumScaleFactor }, set: { $0.minimumScaleFactor = $1; $0.adjustsFontSizeToFitWidth = $1 > 0 },
                                      animates: false),
                      "auto-shrink down to this scale (0: off)"),
        LabelProperty("tighten", swift: "allowsDefaultTighteningForTruncation", access: .flag(\.allowsDefaultTighteningForTruncation),
                      "tighten letter spacing before truncating"),
        LabelProperty("hyphenation", swift: "hyphenationLanguage", oldNames: ["--hyphenate"],
                      "hyphenate words that do not fit, in this language (`\"en_US\"`: libhyphen's dictionaries, Debian hyphen-LANG)"),
        LabelProperty("baseline", swift: "baselineAdjustment", words: \.baselineAdjustment, "shrunk text: "),
        LabelProperty("lineHeight", swift: "lineHeightMultiple", range: TextLayoutOptions.lineHeightMultipleRange,
                      source: "TextLayoutOptions.lineHeightMultipleRange", access: .number(\.lineHeightMultiple, animates: true),
                      "line height multiple"),
        LabelProperty("lineSpacing", swift: "lineSpacing", range: TextLayoutOptions.lineSpacingRange,
                      source: "TextLayoutOptions.lineSpacingRange", access: .number(\.lineSpacing, animates: true),
                      "extra pixels between lines"),
        LabelProperty("insets", swift: "insets", range: 0 ... Label.maximumSide, source: "Label.maximumSide",
                      "`[top, left, bottom, right]` pixels"),
        LabelProperty("insetShadows", swift: "insetsTextForShadows", access: .flag(\.insetsTextForShadows),
                      "inset the text so its shadows fit the frame"),
        LabelProperty("clip", swift: "clipsToBounds", oldNames: ["sheen_label_set_clips_to_bounds"], access: .flag(\.clipsToBounds),
                      "clip everything drawn to the frame"),
        LabelProperty("enabled", swift: "isEnabled", flag: "--disabled", access: .flag(\.isEnabled), "a disabled label draws at half its alpha"),
        LabelProperty("alpha", swift: "alpha", range: Label.alphaRange, source: "Label.alphaRange", access: .number(\.alpha, animates: true),
                      "opacity of the whole label: drawn, then faded as one group (default 1; animates)"),
        LabelProperty("highlight", swift: "highlightedTextColor", "draw highlighted in this colour"),
        LabelProperty("hinting", swift: "hinting", words: \.hinting, "glyph hinting (default `none`): "),
    ]

    /// docs/label-spec.md's table of label fields, made from `all`.
    public static var markdownTable: String {
        func code(_ s: String?) -> String {
            guard let s else { return "–" }
            return s.split(separator: ",").map { "`\($0.drop { $0 == " " })`" }.joined(separator: ", ")
        }
        var lines = ["| field | meaning | range | command line | C | Swift (`Label`) |", "|---|---|---|---|---|---|"]
        for p in all {
            let range = p.range.map { r in "\(ClosedRange.written(r.lowerBound))…\(ClosedRange.written(r.upperBound))" + (p.rangeSource.map { " (`\($0)`)" } ?? "") }
            var flag = p.key == "text" ? "the argument, `--text-file`" : code(p.flag)
            var setter = code(p.setter)
            if let access = p.access {
                // Every property with an access is also set through the generic surfaces.
                flag = (p.flag == nil ? "" : flag + ", ") + "`--property \(p.key)=…`"
                setter = (p.setter == nil ? "" : setter + ", ") + "`\(access.cSetter)(\"\(p.key)\")`"
            }
            lines.append("| `\(p.key)` | \(p.summary) | \(range ?? "") | \(flag) | \(setter) | `\(p.swift)` |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
