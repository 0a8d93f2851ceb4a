import Testing
import SheenTestSupport
@testable import SheenRaster

/// The row stores behind structure-aware gradient fills and patterns (fill_rows, copy_rows)
/// write the Swift twin's bytes at every level, copies with ordinary stores and streamed around
/// the cache (the threshold lowered so that small rectangles stream): every row length from 0 to
/// 3 lines and beyond (every head and tail around a 64-byte line), misaligned bases, padded rows,
/// 4- and 1-byte pixels, any phase and period; nothing outside the rows is touched. Serialized:
/// the threshold is process-wide.
@Suite(.serialized)
struct RowStoreTests {
    @Test func fillRowsEqualTheTwin() {
        var rng = SeededGenerator(seed: 0x5_7EA2)
        for caseIndex in 0 ..< 300 {
            let bpp = caseIndex % 3 == 0 ? 1 : 4
            let width = caseIndex < 200 ? caseIndex % 67 : Int.random(in: 0 ... 700, using: &rng)
            let height = Int.random(in: 1 ... 5, using: &rng), count = Int.random(in: 1 ... 7, using: &rng)
            let phase = Int.random(in: 0 ..< 20, using: &rng)
            let padding = Int.random(in: 0 ... 9, using: &rng), misalignment = Int.random(in: 0 ... 63, using: &rng)
            let values = (0 ..< 4 * count).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
            let format: PixelFormat = bpp == 1 ? .a8 : .rgba8Premultiplied
            func run(_ level: SIMDLevel) -> FencedBuffer {
                let b = FencedBuffer(width: width, height: height, format: format, padding: padding, misalignment: misalignment)
                values.withUnsafeBytes { v in
                    fillRows(b.buffer.base, stride: b.bytesPerRow, width: width, height: height, bytesPerPixel: bpp,
                             values: v.baseAddress!, count: count, phase: phase, level: level)
                }
                return b
            }
            expectEveryLevelEqualsTheTwin("case \(caseIndex) width \(width) bpp \(bpp) misalignment \(misalignment)", run)
        }
    }

    @Test func copyRowsEqualTheTwin() {
        for streamed in [false, true] { copyRowsEqualTheTwin(streamed: streamed) }
    }

    private func copyRowsEqualTheTwin(streamed: Bool) {
        var rng = SeededGenerator(seed: streamed ? 0xC0_97E3 : 0xC0_97E2)
        for caseIndex in 0 ..< 300 {
            let rowBytes = caseIndex < 200 ? caseIndex : Int.random(in: 0 ... 2_800, using: &rng)
            let height = Int.random(in: 1 ... 5, using: &rng), period = Int.random(in: 1 ... 3, using: &rng)
            let srcStride = rowBytes + Int.random(in: 0 ... 5, using: &rng)
            let source = (0 ..< srcStride * period + 64).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
            let sourceOffset = Int.random(in: 0 ... 63, using: &rng)
            let padding = Int.random(in: 0 ... 9, using: &rng), misalignment = Int.random(in: 0 ... 63, using: &rng)
            func run(_ level: SIMDLevel) -> FencedBuffer {
                let b = FencedBuffer(width: rowBytes, height: height, format: .a8, padding: padding, misalignment: misalignment)
                source.withUnsafeBytes { s in
                    withStreamingThreshold(streamed ? 1 : Int.max) {
                        copyRows(b.buffer.base, stride: b.bytesPerRow, rowBytes: rowBytes, height: height,
                                 from: s.baseAddress! + sourceOffset, srcStride: srcStride, period: period, level: level)
                    }
                }
                return b
            }
            expectEveryLevelEqualsTheTwin("case \(caseIndex) rowBytes \(rowBytes) misalignment \(misalignment) streamed \(streamed)", run)
        }
    }

    /// The threshold is the CPU's (at least 1 MiB: three quarters of a last-level cache, or 8 MiB
    /// where CPUID does not say) until a test sets it, and is the CPU's again afterwards.
    @Test func thresholdIsTheCPUsUnlessSet() {
        let cpu = streamingThreshold()
        #expect(cpu >= 1 << 20)
        withStreamingThreshold(4096) { #expect(streamingThreshold() == 4096) }
        #expect(streamingThreshold() == cpu)
    }

    /// Each level's buffer from `run` holds the reference level's bytes and an intact fence.
    private func expectEveryLevelEqualsTheTwin(_ label: String, _ run: (SIMDLevel) -> FencedBuffer) {
        let reference = run(.reference)
        let want = withExtendedLifetime(reference) { pixelBytes(reference.buffer) }
        for level in Kernels.supported.dropFirst() {
            let got = run(level)
            #expect(withExtendedLifetime(got) { pixelBytes(got.buffer) == want && got.fenceViolations == 0 }, "\(label) \(level)")
        }
    }
}
