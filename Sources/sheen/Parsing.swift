import ArgumentParser
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
    static func size(_ text: String, option: String = "--size") throws -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1 ... 16384).contains(w), (1 ... 16384).contains(h) else {
            throw ValidationError("\(option) \"\(text)\" is not WIDTHxHEIGHT with each side 1…16384")
        }
        return (w, h)
    }

    /// `text` cut at its commas outside parentheses, so "rgb(1, 2, 3),#FFF" is two items.
    static func items(_ text: String) -> [String] {
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

    /// "COLOUR[@offset],…" → stops (colours as `color` reads them); without offsets the colours
    /// are spaced evenly.
    static func stops(_ text: String, option: String = "--stops") throws -> [GradientStop] {
        let items = Self.items(text).map { Substring($0).trimmingCharacters(in: " ") }
        guard !items.isEmpty, items.allSatisfy({ !$0.isEmpty }) else {
            throw ValidationError("\(option) \"\(text)\" needs comma-separated colours like \"#3478F6,#FF3B30\"")
        }
        var colors: [Color] = [], offsets: [Double?] = []
        for item in items {
            let pieces = item.split(separator: "@", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else { throw ValidationError("\(option) item \"\(item)\" has more than one @") }
            do { colors.append(try Color(css: String(pieces[0]))) } catch {
                throw ValidationError("\(option): \(error)")
            }
            if pieces.count == 2 {
                guard let o = Double(pieces[1]), o.isFinite else {
                    throw ValidationError("\(option) item \"\(item)\": offset \"\(pieces[1])\" is not a number")
                }
                offsets.append(o)
            } else {
                offsets.append(nil)
            }
        }
        let even = Gradient.evenlySpaced(colors)
        return zip(even, offsets).map { s, o in GradientStop(o ?? s.offset, s.color) }
    }

    /// A colour as CSS writes it — "#RRGGBB[AA]", "#RGB[A]", "rgb(…)", "rgba(…)", a name — → Color.
    static func color(_ text: String, option: String) throws -> Color {
        do { return try Color(css: text) } catch {
            throw ValidationError("\(option): \(error)")
        }
    }

    /// A value from a fixed list of names, matched case-insensitively.
    static func named<T>(_ text: String, option: String, _ table: [(String, T)]) throws -> T {
        if let hit = table.first(where: { $0.0.lowercased() == text.lowercased() }) { return hit.1 }
        throw ValidationError("\(option) \"\(text)\" is not one of: \(table.map(\.0).joined(separator: ", "))")
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
        throw ValidationError("\(option) \"\(text)\" is not one of: \(names)")
    }

    static func numbers(_ text: String, count: Int, option: String, shape: String) throws -> [Double] {
        let v = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: " "))
        }
        guard v.count == count, v.allSatisfy({ $0?.isFinite == true }) else {
            throw ValidationError("\(option) \"\(text)\" is not \(shape) (finite numbers)")
        }
        return v.map { $0! }
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
