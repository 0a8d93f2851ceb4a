// Scratch memory for one composite call, 64-byte aligned, on the stack where it fits.
//
// Why not withUnsafeTemporaryAllocation(alignment: 64) directly: Swift (6.3) takes the stack only
// for alignments up to 16 and goes to posix_memalign and free for anything more, on every call —
// for the drop-in pixman's small spans (cairo composites a row of a filled shape at a time) the
// allocation cost more than drawing the span. Asking for 16-byte alignment and 48 bytes more,
// then rounding the base up, keeps the alignment the kernels' scratch rows had and lets Swift put
// the bytes on the stack (whenever it judges the thread's stack has room; the heap otherwise).

/// Runs `body` with `byteCount` bytes of uninitialised scratch memory whose base is 64-byte
/// aligned, valid only during the call.
package func withAlignedScratch<Result>(byteCount: Int, _ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    withUnsafeTemporaryAllocation(byteCount: max(byteCount, 1) + 48, alignment: 16) { buffer in
        let base = UInt(bitPattern: buffer.baseAddress!)
        return body(UnsafeMutableRawPointer(bitPattern: (base + 63) & ~UInt(63))!)
    }
}
