import CICU
import Synchronization

/// What layout asks of every character — its `ScalarTraits` and its ICU script — kept in a table
/// made a block of 256 code points at a time, the first time a block is asked about, from the
/// Swift runtime's properties and ICU's `uscript_getScript`, so each answer is exactly theirs.
///
/// A Thai, Arabic or Devanagari paragraph asked the runtime two to five times per character per
/// layout, and ICU once more for the script: a third of a Thai paragraph's layout time. The table
/// answers each with one load.
enum ScalarTable {
    /// The traits of the code point `value` (surrogates and values past U+10FFFF have none).
    static func traits(of value: UInt32) -> ScalarTraits {
        ScalarTraits(rawValue: UInt8(truncatingIfNeeded: entry(value)))
    }

    /// ICU's script code (`UScriptCode`) of the code point `value`: 0 (Common) for surrogates,
    /// values past U+10FFFF and code points ICU answers with an error.
    static func scriptCode(of value: UInt32) -> Int32 {
        let code = entry(value) >> 8
        return code == scriptAsked ? askScript(value) : Int32(code)
    }

    /// A script code too large for the table's byte (none in ICU 72; ICU asked each time).
    private static let scriptAsked: UInt16 = 0xFF

    private static func entry(_ value: UInt32) -> UInt16 {
        guard value <= 0x10FFFF else { return 0 }
        let block = Int(value >> 8)
        var address = table.blocks[block].load(ordering: .acquiring)
        if address == 0 { address = table.fill(block) }
        return UnsafePointer<UInt16>(bitPattern: address).unsafelyUnwrapped[Int(value & 0xFF)]
    }

    /// ICU's answer for `value`, asked now: what the table keeps.
    static func askScript(_ value: UInt32) -> Int32 {
        var status: Int32 = 0
        let code = sheen_uscript_get_script(Int32(bitPattern: value), &status)
        return status <= 0 ? code : 0
    }

    private static let table = Table()

    /// One slot per block of 256 code points: the address of its 256 entries (traits in the low
    /// byte, script in the high) once made, else 0. Blocks are made on first use and never freed
    /// (at most 2.2 MB, for a text touching all of Unicode); two threads making the same block
    /// keep the first one published.
    private final class Table: Sendable {
        /// 4,352 = 0x110000 / 256: every block of Unicode.
        let blocks: InlineArray<4352, Atomic<UInt>>

        init() { blocks = InlineArray { _ in Atomic<UInt>(0) } }

        func fill(_ block: Int) -> UInt {
            let made = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
            for i in 0..<256 {
                let value = UInt32(block << 8 | i)
                guard let scalar = Unicode.Scalar(value) else { made[i] = 0; continue }
                let script = UInt16(clamping: max(0, askScript(value)))
                made[i] = UInt16(ScalarTraits(asking: scalar).rawValue) | min(script, scriptAsked) << 8
            }
            let address = UInt(bitPattern: made)
            let (exchanged, original) = blocks[block].compareExchange(expected: 0, desired: address,
                                                                      ordering: .acquiringAndReleasing)
            if exchanged { return address }
            made.deallocate()
            return original
        }
    }
}
