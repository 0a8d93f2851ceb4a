// Pixel memory for one side of a fuzzed pixman image: its last row ends on the last byte before an
// unmapped page, and a canary band lies before its first, so a read or write past the image's last
// byte faults and a write before its first is seen.

import SheenPlatform

/// `height` rows of `stride` bytes (the last only `width × bytes per pixel` long) in their own
/// mapping, ending against a PROT_NONE page, after a band of canary bytes.
final class FencedBits {
    static let canary: UInt8 = 0xA5
    static let guardBytes = 64
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    let stride: Int
    let height: Int
    /// Bytes from the first row's start to the last row's last pixel byte.
    let count: Int
    let base: UnsafeMutableRawPointer
    private let storage: UnsafeMutableRawPointer
    private let total: Int

    init(rowBytes: Int, stride: Int, height: Int) {
        self.stride = stride; self.height = height
        count = (height - 1) * stride + rowBytes
        let page = FencedBits.page
        let data = (FencedBits.guardBytes + count + page - 1) / page * page
        total = data + page
        guard let mapped = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else {
            fatalError("sheen-fuzz-pixman: mmap of \(total) bytes failed")
        }
        storage = mapped
        precondition(mprotect(storage + data, page, PROT_NONE) == 0, "sheen-fuzz-pixman: mprotect failed")
        base = storage + data - count
        (base - FencedBits.guardBytes).initializeMemory(as: UInt8.self, repeating: FencedBits.canary, count: FencedBits.guardBytes)
    }

    deinit { munmap(storage, total) }

    /// Whether the band before the first row still holds the canary.
    var bandIntact: Bool {
        let band = UnsafeRawBufferPointer(start: base - FencedBits.guardBytes, count: FencedBits.guardBytes)
        return band.allSatisfy { $0 == FencedBits.canary }
    }

    /// The image's bytes, row padding included.
    var bytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: base, count: count) }

    /// Whether `other` holds the same bytes.
    func same(as other: FencedBits) -> Bool { count == other.count && memcmp(base, other.base, count) == 0 }

    /// Copies `other`'s bytes (of the same layout) into this one.
    func copy(from other: FencedBits) { base.copyMemory(from: other.base, byteCount: count) }
}
