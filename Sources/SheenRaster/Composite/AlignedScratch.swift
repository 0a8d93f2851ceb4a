// Scratch memory for one composite call, 64-byte aligned, on the stack when it is small.
//
// Why not withUnsafeTemporaryAllocation(alignment: 64) directly: Swift (6.3) takes the stack only
// for alignments up to 16 and goes to posix_memalign and free for anything more, on every call —
// for the drop-in pixman's small spans (cairo composites a row of a filled shape at a time) the
// allocation cost more than drawing the span. Asking for 16-byte alignment and 48 bytes more,
// then rounding the base up, keeps the alignment the kernels' scratch rows had and puts the bytes
// on the stack. Only up to `stackBytes`: past 1,024 bytes Swift asks the runtime whether the
// stack has room (swift_stdlib_isStackAllocationSafe), which on Linux reads the thread's stack
// bounds through pthread_getattr_np — for the main thread by parsing /proc/self/maps, on every
// call (it made a 256-pixel-wide gradient span several times slower); larger scratch is the
// heap's, whose cost a wide job pays back.

/// The most scratch bytes taken on the stack: Swift's own limit for a stack allocation it makes
/// without asking the runtime, less the rounding.
private let stackBytes = 1024 - 48

/// Runs `body` with `byteCount` bytes of uninitialised scratch memory whose base is 64-byte
/// aligned, valid only during the call.
package func withAlignedScratch<Result>(byteCount: Int, _ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    if byteCount > stackBytes {
        let heap = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
        defer { heap.deallocate() }
        return body(heap)
    }
    return withUnsafeTemporaryAllocation(byteCount: max(byteCount, 1) + 48, alignment: 16) { buffer in
        let base = UInt(bitPattern: buffer.baseAddress!)
        return body(UnsafeMutableRawPointer(bitPattern: (base + 63) & ~UInt(63))!)
    }
}
