/// One worker's strip buffers, in one allocation: the strip and the filtered strip
/// (`longestLine` steps of 32 Floats each) and the recursion's state.
struct BlurWorkspace: @unchecked Sendable {
    let buf: UnsafeMutablePointer<F32x32>
    let scratch: UnsafeMutablePointer<F32x32>
    let state: UnsafeMutablePointer<Float>

    init(longestLine: Int) throws(RasterError) {
        let stripBytes = try byteCount(longestLine, stride: MemoryLayout<F32x32>.stride)
        let raw = try allocateBytes(try byteCount(stripBytes, stride: 2) + stripStateFloats * MemoryLayout<Float>.stride,
                                    alignment: 64)
        buf = raw.bindMemory(to: F32x32.self, capacity: longestLine)
        scratch = (raw + stripBytes).bindMemory(to: F32x32.self, capacity: longestLine)
        state = (raw + 2 * stripBytes).bindMemory(to: Float.self, capacity: stripStateFloats)
    }

    func free() { freeBytes(UnsafeMutableRawPointer(buf)) }
}
