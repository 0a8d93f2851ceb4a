import Foundation
import SheenPNG
import SheenRaster
import SheenTestSupport
import Testing

/// Every public entry point of SheenRaster (and PNG) with the integers that break size
/// arithmetic — Int.max, Int.min, 1 << 62, 1 << 44, negative — in every size, stride, offset,
/// length and thread count, in a release build where overflow still traps: each call throws (or,
/// for a placement that covers nothing, does nothing), and the destination stays as it was.
/// Enabled by SHEEN_LONG_TESTS=1 (Scripts/test.sh).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SHEEN_LONG_TESTS"] == "1"))
struct ExtremeSizesLongTests {
    static let extremes: [Int] = [.max, .max - 1, .min, .min + 1, 1 << 62, 1 << 44, -(1 << 44), -1]
    static let sizes: [Int] = extremes + [0, 1, 3]

    @Test func imagesAndViewsRefuseSizesTheyCannotHold() throws {
        for format in PixelFormat.allCases {
            for w in Self.sizes {
                for h in Self.sizes where Self.extremes.contains(w) || Self.extremes.contains(h) {
                    if let image = try? Image(width: w, height: h, format: format) {
                        Issue.record("Image \(w)×\(h) \(format) made: \(image.width)×\(image.height)")
                    }
                    let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
                    defer { memory.deallocate() }
                    for bpr in Self.sizes {
                        // A view is the caller's claim about its memory: any layout whose extent
                        // fits in Int is taken; negative sizes, short rows and overflow are not.
                        let bpp = format.bytesPerPixel
                        let (row, rowOverflow) = w.multipliedReportingOverflow(by: bpp)
                        let (rows, rowsOverflow) = bpr.multipliedReportingOverflow(by: h > 0 ? h - 1 : 0)
                        let invalid = w < 0 || h < 0 || rowOverflow || rowsOverflow || (w > 0 && h > 0 && bpr < row)
                            || (w > 0 && h > 0 && rows.addingReportingOverflow(row).overflow)
                        let made = (try? RasterBuffer(base: memory, width: w, height: h, bytesPerRow: bpr, format: format)) != nil
                        if invalid { #expect(!made, "\(w)×\(h) stride \(bpr) \(format) accepted") }
                    }
                }
            }
        }
    }

    /// Fills, composites and blurs with extreme rectangles, offsets, lengths and thread counts:
    /// an error or nothing drawn, the fences intact.
    @Test func placementsAndCountsNeverOverflow() throws {
        let fill = try GradientFill(.linear(from: Point(0, 0), to: Point(30, 0), colors: [.black, .white]))
        let mask = try Image(width: 5, height: 4, format: .a8)
        mask.withBuffer { b in for y in 0 ..< 4 { b.row(y).initializeMemory(as: UInt8.self, repeating: 200, count: 5) } }
        let source = try Image(width: 6, height: 3, format: .rgba8Premultiplied)
        for length in Self.extremes + [0] {
            #expect(throws: RasterError.self) { _ = try GradientPattern(fill, axis: .row, length: length) }
            #expect(throws: RasterError.self) { _ = try GradientPattern(fill, axis: .column, length: length, format: .bgra8Premultiplied) }
        }
        for format in [PixelFormat.rgba8Premultiplied, .a8] {
            for a in Self.sizes {
                for b in Self.sizes {
                    let fenced = FencedBuffer(width: 24, height: 10, format: format, padding: 8, misalignment: 1, fill: 0x33)
                    // Placed at (a, b): far away, nothing may change.
                    let far = !(-30 ... 30).contains(a) || !(-30 ... 30).contains(b)
                    let before = fenced.allBytes
                    _ = try? fill.fill(fenced.buffer, rect: PixelRect(x: a, y: b, width: 8, height: 8))
                    mask.withReadOnlyBuffer { m in
                        _ = try? fenced.buffer.composite(.color(.white), coverage: .mask(m, x: a, y: b))
                    }
                    source.withReadOnlyBuffer { s in
                        if format != .a8 { _ = try? fenced.buffer.composite(.image(s, x: a, y: b)) }
                    }
                    if far { #expect(fenced.allBytes == before, "\(format) placed at \(a), \(b) changed pixels") }
                    // Sized a × b: clipped to the buffer, never beyond it.
                    _ = try? fill.fill(fenced.buffer, rect: PixelRect(x: 2, y: 2, width: a, height: b))
                    _ = try? fill.fill(fenced.buffer, rect: PixelRect(x: a, y: 0, width: b, height: 4))
                    _ = try? fenced.buffer.cropped(to: PixelRect(x: a, y: b, width: a, height: b)).composite(.color(.white))
                    #expect(fenced.fenceViolations == 0, "\(format) \(a), \(b)")
                }
                let fenced = FencedBuffer(width: 24, height: 10, format: format, padding: 8, misalignment: 1, fill: 0x33)
                let before = fenced.allBytes
                // Fewer than one thread is an error; any number above the rows is as many as help.
                if a < 1 {
                    #expect(throws: RasterError.self) { try GaussianBlur(sigma: 2).apply(in: fenced.buffer, threads: a) }
                    #expect(fenced.allBytes == before)
                } else {
                    try GaussianBlur(sigma: 2).apply(in: fenced.buffer, threads: a)
                    #expect(fenced.fenceViolations == 0)
                }
            }
        }
    }

    /// A PNG whose header claims an extreme size is refused before anything is allocated.
    @Test func pngHeadersClaimingExtremeSizes() throws {
        let image = try Image(width: 2, height: 2, format: .rgba8Premultiplied)
        let bytes = try image.withReadOnlyBuffer { try PNG.encode($0) }
        for (w, h) in [(UInt32.max, 1), (1, UInt32.max), (0x7FFF_FFFF, 0x7FFF_FFFF), (65536, 65536), (30000, 30000), (0, 5)] as [(UInt32, UInt32)] {
            var forged = bytes
            for i in 0 ..< 4 {
                forged[16 + i] = UInt8(truncatingIfNeeded: w >> (24 - 8 * UInt32(i)))
                forged[20 + i] = UInt8(truncatingIfNeeded: h >> (24 - 8 * UInt32(i)))
            }
            #expect(throws: PNGError.self, "\(w)×\(h)") { _ = try PNG.decode(forged) }
        }
    }
}
