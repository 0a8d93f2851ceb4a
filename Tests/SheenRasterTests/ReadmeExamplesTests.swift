import Foundation
import Testing
import SheenRaster

/// The Swift examples of README and docs/guide.md, verbatim, compiled and run here (the SheenText and SheenLabel ones in
/// SheenTextTests/ReadmeTextExamplesTests.swift and SheenLabelTests/ReadmeLabelExamplesTests.swift);
/// `readmeMatchesThisFile` fails when their code and these files drift apart.
@Suite struct ReadmeExamplesTests {
    @Test func fillsACallerOwnedBuffer() throws {
        // A buffer the caller owns: 256×64 pixels, rows padded to 1,040 bytes, any alignment.
        let bytesPerRow = 1040
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * 64, alignment: 1)
        defer { memory.deallocate() }
        let buffer = try RasterBuffer(base: memory, width: 256, height: 64,
                                      bytesPerRow: bytesPerRow, format: .bgra8Premultiplied)

        let gradient = Gradient.linear(from: Point(0, 0), to: Point(256, 0),
                                       colors: [try Color(hex: "#3478F6"), try Color(hex: "#FF3B30")],
                                       space: .oklab)
        try gradient.fill(buffer)

        // B, G, R, A near #3478F6 at the left edge (pixel centres start at t = 0.5 / 256).
        let first = memory.load(as: SIMD4<UInt8>.self)
        #expect(first.w == 0xFF && abs(Int(first.x) - 0xF6) <= 2 && abs(Int(first.z) - 0x34) <= 2)

        do {
            try Gradient.linear(from: Point(0, .nan), to: Point(1, 0), colors: [.black]).fill(buffer)
        } catch {
            print(error)   // start.y is nan; it must be finite
        }
        let error = #expect(throws: RasterError.self) {
            try Gradient.linear(from: Point(0, .nan), to: Point(1, 0), colors: [.black]).fill(buffer)
        }
        #expect(error?.description == "start.y is nan; it must be finite")
    }

    @Test func preparedFillsRectanglesAndPatterns() throws {
        let fill = try GradientFill(Gradient.radial(center: Point(64, 64), radius: 64,
                                                    colors: [.white, try Color(hex: "#3478F680")]))
        let image = try Image(width: 128, height: 128, format: .rgba8Premultiplied)
        try image.withBuffer { buffer in
            try fill.fill(buffer, rect: PixelRect(x: 0, y: 0, width: 64, height: 128))
            try fill.fill(buffer, rect: PixelRect(x: 64, y: 0, width: 64, height: 128))
        }
        let vertical = try GradientFill(.linear(from: Point(0, 0), to: Point(0, 128), colors: [.black, .white]))
        let column = try GradientPattern(vertical, axis: .column, length: 128)   // 512 bytes
        try image.withBuffer { try column.fill($0) }
        #expect(column.byteCount == 512)

        // The two halves joined are the whole.
        let halves = try Image(width: 128, height: 128, format: .rgba8Premultiplied)
        let whole = try Image(width: 128, height: 128, format: .rgba8Premultiplied)
        try halves.withBuffer { buffer in
            try fill.fill(buffer, rect: PixelRect(x: 0, y: 0, width: 64, height: 128))
            try fill.fill(buffer, rect: PixelRect(x: 64, y: 0, width: 64, height: 128))
        }
        try whole.withBuffer { try fill.fill($0) }
        #expect(halves.bytes == whole.bytes)
        #expect(image.pixel(x: 100, y: 0) == [1, 1, 1, 255])   // t = 0.5 / 128 at the top row
    }

    @Test func blursAMaskWithRoomForTheShadow() throws {
        let mask = try Image(width: 200, height: 40, format: .a8)
        try mask.withBuffer { try Gradient.linear(from: Point(0, 0), to: Point(200, 0), colors: [.black]).fill($0) }
        let shadow = try GaussianBlur(sigma: GaussianBlur.sigma(cssRadius: 12))
        let grown = try mask.withReadOnlyBuffer { try shadow.grown($0) }   // 236×76, at offset (−18, −18)
        #expect(grown.image.width == 236 && grown.image.height == 76)
        #expect(grown.offsetX == -18 && grown.offsetY == -18)
        // Opaque in the middle of the bar; across its edge (between x 17 and 18) the two pixels
        // either side are symmetric about half; nearly clear at the margin.
        #expect(grown.image.pixel(x: 118, y: 38) == [255])
        #expect(abs(Int(grown.image.pixel(x: 17, y: 38)[0]) + Int(grown.image.pixel(x: 18, y: 38)[0]) - 255) <= 2)
        #expect(grown.image.pixel(x: 0, y: 38)[0] <= 1)
    }

    @Test func compositesThroughAPlacedMask() throws {
        let fill = try GradientFill(.linear(from: Point(0, 0), to: Point(200, 0), colors: [try Color(hex: "#3478F6"), .white]))
        let canvas = try Image(width: 200, height: 40, format: .bgra8Premultiplied)
        let glyphs = try Image(width: 180, height: 30, format: .a8)   // text coverage from SheenText
        try glyphs.withBuffer { try Gradient.linear(from: Point(0, 0), to: Point(0, 30), colors: [.black]).fill($0) }
        try canvas.withBuffer { dst in
            try dst.composite(.color(try Color(hex: "#FFFFFF")), operator: .source)
            try glyphs.withReadOnlyBuffer { mask in
                try dst.composite(.gradient(fill), operator: .multiply, coverage: .mask(mask, x: 10, y: 5, alpha: 200))
            }
        }
        // Outside the placed mask the white stays; inside, white × gradient = the gradient,
        // lerped by coverage 200/255.
        #expect(canvas.pixel(x: 5, y: 20) == [255, 255, 255, 255])
        let p = canvas.pixel(x: 12, y: 20)   // B, G, R, A
        let g = fill.exactColor(x: 12, y: 20)
        #expect(p[3] == 255)
        #expect(abs(Double(p[2]) - (g.x * 200 + 255 * 55) / 255) <= 1.5, "\(p) \(g)")
        #expect(abs(Double(p[0]) - (g.z * 200 + 255 * 55) / 255) <= 1.5, "\(p) \(g)")
    }

    @Test func readmeMatchesThisFile() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // README keeps one example; docs/guide.md, its long form, the rest.
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            + String(contentsOf: root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let textExamples = here.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SheenTextTests/ReadmeTextExamplesTests.swift")
        let labelExamples = here.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SheenLabelTests/ReadmeLabelExamplesTests.swift")
        let source = try String(contentsOf: here, encoding: .utf8) + String(contentsOf: textExamples, encoding: .utf8)
            + String(contentsOf: labelExamples, encoding: .utf8)
        let normalized = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: "\n")
        // Every Swift block but the manifest snippet (`// Package.swift`), which no test can compile.
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            .filter { !$0.hasPrefix("// Package.swift") }
        #expect(blocks.count == 8)
        for block in blocks {
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(normalized.contains(lines.joined(separator: "\n")), "README/guide block not in this file:\n\(block)")
        }
    }
}
