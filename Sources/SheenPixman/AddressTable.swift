// The drop-in's tables from addresses to what it knows of them.

/// An open-addressing table keyed by addresses (images, glyphs): a composite looks up three
/// images per call and a glyph run each of its glyphs, and a Dictionary's seeded hashing of each
/// cost more than a 1 × 1 composite itself. Linear probing from a Fibonacci hash of the address;
/// a removed slot is a tombstone until the table is rebuilt (when live and removed slots fill
/// half of it). Keys 0 and 1 mark empty and removed slots: no object lives at those addresses.
struct AddressTable<Value> {
    private static var empty: UInt { 0 }
    private static var removed: UInt { 1 }
    private var keys = [UInt](repeating: 0, count: 64)
    private var values = [Value?](repeating: nil, count: 64)
    private var used = 0   // live and removed slots

    private func start(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - keys.count.trailingZeroBitCount))
    }

    /// The slot holding `key`, or nil.
    private func slot(of key: UInt) -> Int? {
        let mask = keys.count - 1
        var i = start(key)
        while keys[i] != Self.empty {
            if keys[i] == key { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    /// The value of `key`, or nil.
    func find(_ key: UInt) -> Value? { slot(of: key).flatMap { values[$0] } }

    /// Sets the value of `key`.
    mutating func insert(_ key: UInt, _ record: Value) {
        if let i = slot(of: key) { values[i] = record; return }
        if 2 * (used + 1) > keys.count { rebuild() }
        let mask = keys.count - 1
        var i = start(key)
        while keys[i] != Self.empty && keys[i] != Self.removed { i = (i + 1) & mask }
        if keys[i] == Self.empty { used += 1 }
        keys[i] = key
        values[i] = record
    }

    /// Forgets `key`; returns its value.
    @discardableResult
    mutating func remove(_ key: UInt) -> Value? {
        guard let i = slot(of: key) else { return nil }
        keys[i] = Self.removed
        defer { values[i] = nil }
        return values[i]
    }

    /// Changes the value of `key`, where there is one, where it is stored.
    mutating func modify(_ key: UInt, _ change: (inout Value) -> Void) {
        guard let i = slot(of: key), values[i] != nil else { return }
        change(&values[i]!)
    }

    /// Rehashes the live records into a table at least four times their number.
    private mutating func rebuild() {
        let live = zip(keys, values).compactMap { k, v in k > Self.removed ? v.map { (k, $0) } : nil }
        var size = 64
        while size < 4 * (live.count + 1) { size *= 2 }
        keys = [UInt](repeating: Self.empty, count: size)
        values = [Value?](repeating: nil, count: size)
        used = 0
        for (k, v) in live { insert(k, v) }
    }
}
