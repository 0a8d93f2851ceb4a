import SheenRaster
import SheenText

extension LabelProperty {
    /// How a property is read and written where no code of its own is needed: the spec reader,
    /// `--property KEY=VALUE`, the C API's `sheen_label_set_number`, `_flag` and `_word`, and
    /// the animation mixer all go through it. A property with an access needs nothing but its
    /// row, its stored property and its effect.
    public enum Access: Sendable {
        /// A number in the row's range; `animates`: keyframes interpolate it (clamped to the range).
        case number(get: @Sendable (Label) -> Double, set: @Sendable (inout Label, Double) -> Void, animates: Bool)
        /// A whole number in the row's range.
        case count(get: @Sendable (Label) -> Int, set: @Sendable (inout Label, Int) -> Void)
        /// On or off.
        case flag(get: @Sendable (Label) -> Bool, set: @Sendable (inout Label, Bool) -> Void)
        /// A word of a vocabulary (`words` listed); `set` is false for a word it does not know.
        case word(words: [String], get: @Sendable (Label) -> String, set: @Sendable (inout Label, String) -> Bool)

        /// The number at `path`.
        static func number(_ path: WritableKeyPath<Label, Double> & Sendable, animates: Bool = false) -> Access {
            .number(get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 }, animates: animates)
        }

        /// The whole number at `path`.
        static func count(_ path: WritableKeyPath<Label, Int> & Sendable) -> Access {
            .count(get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
        }

        /// The flag at `path`.
        static func flag(_ path: WritableKeyPath<Label, Bool> & Sendable) -> Access {
            .flag(get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
        }

        /// The vocabulary value at `path`, by word (alternate spellings too, any case).
        static func word<V: Vocabulary>(_ path: WritableKeyPath<Label, V> & Sendable) -> Access {
            .word(words: V.listed.map(\.word), get: { $0[keyPath: path].word }) { label, word in
                guard let v = ValueSyntax.value(word, in: V.self) else { return false }
                label[keyPath: path] = v
                return true
            }
        }

        /// The C API's generic setter of this kind of value.
        public var cSetter: String {
            switch self {
            case .number, .count: "sheen_label_set_number"
            case .flag: "sheen_label_set_flag"
            case .word: "sheen_label_set_word"
            }
        }

        /// The property's value in `label`, written as `set` reads it.
        public func value(in label: Label) -> String {
            switch self {
            case let .number(get, _, _): "\(get(label))"
            case let .count(get, _): "\(get(label))"
            case let .flag(get, _): "\(get(label))"
            case let .word(_, get, _): get(label)
            }
        }
    }

    /// The properties with an access, in `all`'s order: what `--property`, the spec reader's
    /// loop and the C API's generic setters take.
    public static let accessible = all.filter { $0.access != nil }

    /// Sets this property of `label` from `text` (a number, a whole number, true/false or a
    /// word, as its access takes), checked against its range; the error says what is wrong,
    /// without the property's name. Nil access: refused.
    package func set(_ text: String, on label: inout Label) throws(LabelSpecError) {
        guard let access else { throw LabelSpecError("has no generic access") }
        switch access {
        case let .number(_, set, _):
            guard let v = Double(text), v.isFinite else { throw LabelSpecError("\"\(text)\" is not a number") }
            set(&label, try checked(v))
        case let .count(_, set):
            guard let v = Int(text) else { throw LabelSpecError("\"\(text)\" is not a whole number") }
            set(&label, Int(try checked(Double(v))))
        case .flag:
            guard let v = Bool(text) else { throw LabelSpecError("\"\(text)\" is not true or false") }
            try self.set(v, on: &label)
        case let .word(words, _, set):
            guard set(&label, text) else { throw LabelSpecError("\(text.quotedExcerpt) is not one of: \(words.joined(separator: ", "))") }
        }
    }

    /// Sets this number or whole-number property of `label` to `value` after checking its range.
    package func set(_ value: Double, on label: inout Label) throws(LabelSpecError) {
        switch access {
        case let .number(_, set, _)?: set(&label, try checked(value))
        case let .count(_, set)?:
            guard value == value.rounded() else { throw LabelSpecError("\(value) is not a whole number") }
            set(&label, Int(try checked(value)))
        default: throw LabelSpecError("is not a number")
        }
    }

    /// Sets this on/off property of `label` to `value`.
    package func set(_ value: Bool, on label: inout Label) throws(LabelSpecError) {
        guard case let .flag(_, set)? = access else { throw LabelSpecError("is not on or off") }
        set(&label, value)
    }

    /// `v` when it lies in the row's range (any finite number without one).
    func checked(_ v: Double) throws(LabelSpecError) -> Double {
        guard v.isFinite else { throw LabelSpecError("\(v) is not a finite number") }
        if let range, !range.contains(v) { throw LabelSpecError("\(v) is not in \(range.interval)") }
        return v
    }
}
