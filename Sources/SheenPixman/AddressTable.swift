// The drop-in's tables from addresses to what it knows of them.

/// An open-addressing table keyed by addresses (images, glyphs): a composite looks up three
/// images per call and a glyph run each of its glyphs, and a Dictionary's seeded hashing of each
/// cost more than a 1 × 1 composite itself. Linear probing from a Fibonacci hash of the address;
/// a removal shifts the entries after it back into place (no tombstones: cairo makes and frees
/// images by the thousand, and tombstones lengthened every probe until the table was rebuilt).
/// The table doubles when live entries fill half of it. Key 0 marks an empty slot: no object
/// lives at that address. The slots are raw memory the table owns (not copyable, so that no two
/// tables share them): an Array's bounds and uniqueness checks on each probe and store had cost
/// a glyph's look-up and an image's record as much as the probing itself.
struct AddressTable<Value>: ~Copyable {
    /// A key and its value side by side: a look-up reads one slot, not a key from one array and its
    /// value from another (a glyph's entry is 56 bytes, its slot 64 — one cache line: a glyph
    /// run's look-ups missed the cache twice a glyph, the keys' line and the entries').
    private struct Slot {
        var key: UInt
        var value: Value?
    }

    private static var empty: UInt { 0 }
    private var slots: UnsafeMutablePointer<Slot>
    /// The number of slots: a power of two.
    private var capacity: Int
    private var count = 0

    /// An empty table of 64 slots.
    init() {
        capacity = 64
        slots = Self.allocate(capacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// `capacity` empty slots from a cache line's boundary: a slot of 64 bytes (a glyph's) is then
    /// one line, and one of 16 (an image's) never straddles two.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Slot> {
        let slots = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Slot>.stride * capacity,
                                                     alignment: max(64, MemoryLayout<Slot>.alignment))
            .bindMemory(to: Slot.self, capacity: capacity)
        slots.initialize(repeating: Slot(key: Self.empty, value: nil), count: capacity)
        return slots
    }

    /// The slot whose probe sequence `key` starts at.
    @inline(__always)
    private func start(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - capacity.trailingZeroBitCount))
    }

    /// The slot holding `key`, or nil.
    @inline(__always)
    private func slot(of key: UInt) -> Int? {
        let mask = capacity - 1
        var i = start(key)
        while slots[i].key != Self.empty {
            if slots[i].key == key { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    /// The value of `key`, or nil.
    @inline(__always)
    func find(_ key: UInt) -> Value? { slot(of: key).flatMap { slots[$0].value } }

    /// Sets the value of `key` (not 0).
    mutating func insert(_ key: UInt, _ record: Value) {
        precondition(key != Self.empty, "AddressTable keys are addresses, never 0")
        if 2 * (count + 1) > capacity { grow() }
        let mask = capacity - 1
        var i = start(key)
        while slots[i].key != Self.empty {
            if slots[i].key == key { slots[i].value = record; return }
            i = (i + 1) & mask
        }
        slots[i].key = key
        slots[i].value = record
        count += 1
    }

    /// Forgets `key`; returns its value. Each entry after it in the run of occupied slots whose
    /// probe starts at or before the freed slot (cyclically) moves back into it, so that every
    /// entry stays reachable from its start without a marker left behind.
    @discardableResult
    mutating func remove(_ key: UInt) -> Value? {
        guard var hole = slot(of: key) else { return nil }
        let removed = slots[hole].value.take()
        let mask = capacity - 1
        var j = hole
        while true {
            j = (j + 1) & mask
            if slots[j].key == Self.empty { break }
            let home = start(slots[j].key)
            // The entry at j stays where its start lies cyclically in (hole, j].
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if stays { continue }
            slots[hole].key = slots[j].key
            slots[hole].value = slots[j].value.take()
            hole = j
        }
        slots[hole].key = Self.empty
        count -= 1
        return removed
    }

    /// Changes the value of `key`, where there is one, where it is stored; returns whether there was.
    @discardableResult
    mutating func modify(_ key: UInt, _ change: (inout Value) -> Void) -> Bool {
        guard let i = slot(of: key), slots[i].value != nil else { return false }
        change(&slots[i].value!)
        return true
    }

    /// Rehashes the entries into a table twice the size.
    private mutating func grow() {
        let old = slots, oldCapacity = capacity
        capacity = 2 * oldCapacity
        slots = Self.allocate(capacity)
        count = 0
        for i in 0 ..< oldCapacity where old[i].key != Self.empty {
            if let v = old[i].value.take() { insert(old[i].key, v) }
        }
        old.deinitialize(count: oldCapacity)
        old.deallocate()
    }
}
