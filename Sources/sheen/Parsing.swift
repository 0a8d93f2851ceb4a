import ArgumentParser
import SheenLabel
import SheenRaster

/// Parsers for the CLI's small value syntaxes. Each throws a `ValidationError` that quotes the
/// bad text and says what was expected, so a typo gets a clear message and no output file.
enum Parse {
    /// "x,y" → Point.
    static func point(_ text: String, option: String) throws -> Point {
        let v = try numbers(text, count: 2, option: option, shape: "x,y")
        return Point(v[0], v[1])
    }

    /// "WxH" → (width, height), each 1…16384.
    static func size(_ text: String, option: String = "--size", zeroFits: Bool = false) throws -> (Int, Int) {
        try validating { () throws(LabelSpecError) in try ValueSyntax.size(text, name: option, zeroFits: zeroFits) }
    }

    /// "COLOUR[@offset],…" → stops (colours as `color` reads them); without offsets the colours
    /// are spaced evenly.
    static func stops(_ text: String, option: String = "--stops") throws -> [GradientStop] {
        try validating { () throws(LabelSpecError) in try ValueSyntax.stops(text, name: option) }
    }

    /// A colour as CSS writes it — "#RRGGBB[AA]", "#RGB[A]", "rgb(…)", "rgba(…)", a name — → Color.
    static func color(_ text: String, option: String) throws -> Color {
        do { return try Color(css: text) } catch {
            throw ValidationError("\(option): \(error)")
        }
    }

    /// A value from a fixed list of names, matched case-insensitively.
    static func named<T>(_ text: String, option: String, _ table: [(String, T)]) throws -> T {
        try validating { () throws(LabelSpecError) in try ValueSyntax.named(text, name: option, table) }
    }

    /// A word of vocabulary `T` given to `option`.
    static func named<T: Vocabulary>(_ text: String, option: String, _: T.Type) throws -> T {
        try validating { () throws(LabelSpecError) in try ValueSyntax.named(text, name: option, T.self) }
    }

    /// "a,b,c,d,tx,ty" → Matrix2D.
    static func transform(_ text: String) throws -> Matrix2D {
        let v = try numbers(text, count: 6, option: "--transform", shape: "a,b,c,d,tx,ty")
        return Matrix2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    /// A value of a `CaseIterable` string enum, matched case-insensitively.
    static func choice<T: CaseIterable & RawRepresentable>(_ text: String, option: String) throws -> T
    where T.RawValue == String {
        if let v = T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return v }
        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError("\(option) \(text.quotedExcerpt) is not one of: \(names)")
    }

    /// "a,b,…" → exactly `count` finite numbers; `shape` describes them in the refusal.
    static func numbers(_ text: String, count: Int, option: String, shape: String) throws -> [Double] {
        try validating { () throws(LabelSpecError) in try ValueSyntax.numbers(text, count: count, name: option, shape: shape) }
    }

    /// `parse()`'s value, its refusal as the command line's usage error (exit 64).
    static func validating<T>(_ parse: () throws(LabelSpecError) -> T) throws -> T {
        do { return try parse() } catch { throw ValidationError(error.message) }
    }
}
