import SheenRaster

/// The small value syntaxes the label spec and the `sheen` command line share: "WxH" sizes,
/// colour-stop lists, number lists, names and timing functions. Each refusal quotes the bad text
/// after `name` (an option such as "--size", or a spec field) and says what was expected.
package enum ValueSyntax {
    /// "WxH" → (width, height), each 1…16384.
    package static func size(_ text: String, name: String, zeroFits: Bool = false) throws(LabelSpecError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let least = zeroFits ? 0 : 1
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (least ... 16384).contains(w), (least ... 16384).contains(h) else {
            throw LabelSpecError("\(name) \"\(text)\" is not WIDTHxHEIGHT with each side \(least)…16384"
                                 + (zeroFits ? " (0: sized to the text)" : ""))
        }
        return (w, h)
    }

    /// `text` cut at its commas outside parentheses, so "rgb(1, 2, 3),#FFF" is two items.
    package static func items(_ text: String) -> [String] {
        var out: [String] = [], current = "", depth = 0
        for c in text {
            switch c {
            case "(": depth += 1; current.append(c)
            case ")": depth = max(0, depth - 1); current.append(c)
            case "," where depth == 0: out.append(current); current = ""
            default: current.append(c)
            }
        }
        out.append(current)
        return out
    }

    /// "COLOUR[@offset],…" → stops (colours as `Color(css:)` reads them); without offsets the
    /// colours are spaced evenly.
    package static func stops(_ text: String, name: String) throws(LabelSpecError) -> [GradientStop] {
        let items = Self.items(text).map { trimmed($0[...]) }
        guard !items.isEmpty, items.allSatisfy({ !$0.isEmpty }) else {
            throw LabelSpecError("\(name) \"\(text)\" needs comma-separated colours like \"#3478F6,#FF3B30\"")
        }
        var colors: [Color] = [], offsets: [Double?] = []
        for item in items {
            let pieces = item.split(separator: "@", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else { throw LabelSpecError("\(name) item \"\(item)\" has more than one @") }
            do { colors.append(try Color(css: String(pieces[0]))) } catch {
                throw LabelSpecError("\(name): \(error)")
            }
            if pieces.count == 2 {
                guard let o = Double(pieces[1]), o.isFinite else {
                    throw LabelSpecError("\(name) item \"\(item)\": offset \"\(pieces[1])\" is not a number")
                }
                offsets.append(o)
            } else {
                offsets.append(nil)
            }
        }
        let even = Gradient.evenlySpaced(colors)
        return zip(even, offsets).map { s, o in GradientStop(o ?? s.offset, s.color) }
    }

    /// "a,b,…" → exactly `count` finite numbers; `shape` describes them in the refusal.
    package static func numbers(_ text: String, count: Int, name: String, shape: String) throws(LabelSpecError) -> [Double] {
        let v = text.split(separator: ",", omittingEmptySubsequences: false).map { Double(trimmed($0)) }
        guard v.count == count, v.allSatisfy({ $0?.isFinite == true }) else {
            throw LabelSpecError("\(name) \"\(text)\" is not \(shape) (finite numbers)")
        }
        return v.map { $0! }
    }

    /// A value from a fixed list of names, matched case-insensitively.
    package static func named<T>(_ text: String, name: String, _ table: [(String, T)]) throws(LabelSpecError) -> T {
        if let hit = table.first(where: { $0.0.lowercased() == text.lowercased() }) { return hit.1 }
        throw LabelSpecError("\(name) \(text.quotedExcerpt) is not one of: \(table.map(\.0).joined(separator: ", "))")
    }

    /// The value of vocabulary `T` whose word (or alternate spelling) is `text`, matched
    /// case-insensitively; nil for none.
    package static func value<T: Vocabulary>(_ text: String, in _: T.Type) -> T? {
        T.vocabulary.first { $0.word.lowercased() == text.lowercased() }?.value
    }

    /// The value of vocabulary `T` named `text` (see `value(_:in:)`), or an error naming `name`
    /// and listing the words.
    package static func named<T: Vocabulary>(_ text: String, name: String, _: T.Type) throws(LabelSpecError) -> T {
        if let v = value(text, in: T.self) { return v }
        throw LabelSpecError("\(name) \(text.quotedExcerpt) is not one of: \(T.listed.map(\.word).joined(separator: ", "))")
    }

    /// A timing function: linear, easeIn, easeOut, easeInOut, ease, cubic-bezier(x1,y1,x2,y2)
    /// or spring(dampingRatio,response); spaces are ignored.
    package static func timing(_ text: String, name: String) throws(LabelSpecError) -> TimingFunction {
        let t = String(text.filter { $0 != " " })
        func arguments(_ prefix: String, _ count: Int) throws(LabelSpecError) -> [Double]? {
            guard t.lowercased().hasPrefix(prefix + "("), t.hasSuffix(")") else { return nil }
            let inner = String(t.dropFirst(prefix.count + 1).dropLast())
            return try numbers(inner, count: count, name: name, shape: "\(prefix)(\(count) numbers)")
        }
        if let v = try arguments("cubic-bezier", 4) { return .cubicBezier(x1: v[0], y1: v[1], x2: v[2], y2: v[3]) }
        if let v = try arguments("spring", 2) { return .spring(dampingRatio: v[0], response: v[1]) }
        return try named(t, name: name, [("linear", TimingFunction.linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
                                         ("easeInOut", .easeInOut), ("ease", .ease)])
    }

    /// `s` without the spaces at either end.
    package static func trimmed(_ s: Substring) -> String {
        var s = s
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
