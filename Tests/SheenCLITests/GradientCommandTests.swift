import Foundation
import Testing
import SheenPNG
import SheenRaster
@testable import sheen

@Suite struct GradientCommandTests {
    func temporaryPath(_ name: String) -> String { CLI.temporaryPath(name) }
    func run(_ args: [String]) throws { try CLI.run(args) }

    @Test func rendersTheDocumentedExample() throws {
        let out = temporaryPath("out.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try run(["gradient", "--kind", "linear", "--from", "0,0", "--to", "512,0", "--stops", "#3478F6,#FF3B30",
                 "--space", "oklab", "--spread", "pad", "--size", "512x128", "-o", out])
        let image = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(image.width == 512 && image.height == 128)
        #expect(image.pixel(x: 0, y: 0) == [0x34, 0x78, 0xF6, 255])
        #expect(image.pixel(x: 511, y: 127) == [0xFF, 0x3B, 0x30, 255])
    }

    /// `--canvas` sizes the image as it does for `render`; `--size`, the old name, still works,
    /// and `--start-angle` is the conic's angle as `--angle` was.
    @Test func newNamesAndOldOnesDrawTheSame() throws {
        let a = temporaryPath("canvas.png"), b = temporaryPath("size.png")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        try run(["gradient", "--kind", "conic", "--start-angle", "-30", "--canvas", "64x48", "-o", a])
        try run(["gradient", "--kind", "conic", "--angle", "-30", "--size", "64x48", "-o", b])
        let ia = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: a))))
        let ib = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: b))))
        #expect(ia.width == 64 && ia.height == 48 && ia.bytes == ib.bytes)
    }

    /// `--parameter NAME=VALUE` sets any parameter of the kind by its row's name (pixels,
    /// degrees): the same image as the kind's own options; a name the kind lacks is refused.
    @Test func aParameterByNameIsTheKindsOption() throws {
        let a = temporaryPath("byname.png"), b = temporaryPath("byoption.png")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        try run(["gradient", "--kind", "radial", "--parameter", "endRadius=17", "--parameter", "startCenter=9,8",
                 "--canvas", "40x30", "-o", a])
        try run(["gradient", "--kind", "radial", "--end-radius", "17", "--from", "9,8", "--canvas", "40x30", "-o", b])
        let ia = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: a))))
        let ib = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: b))))
        #expect(ia.bytes == ib.bytes)
        try run(["gradient", "--kind", "conic", "--parameter", "startAngle=-30", "--canvas", "40x30", "-o", a])
        try run(["gradient", "--kind", "conic", "--start-angle", "-30", "--canvas", "40x30", "-o", b])
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        #expect(throws: (any Error).self) { try run(["gradient", "--kind", "conic", "--parameter", "endRadius=3", "-o", a]) }
        #expect(throws: (any Error).self) { try run(["gradient", "--kind", "conic", "--parameter", "startAngle=nan", "-o", a]) }
    }

    @Test func everyOptionIsReachable() throws {
        let out = temporaryPath("all.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try run(["gradient", "--kind", "radial", "--from", "10,10", "--to", "20,12", "--start-radius", "2",
                 "--end-radius", "30", "--stops", "#000000@0,#FFFFFF80@0.7", "--space", "linearSRGB",
                 "--spread", "reflect", "--interpolation", "straight", "--transform", "1,0,0,1,3,4",
                 "--dither", "--size", "40x30", "--format", "bgra8Premultiplied", "-o", out])
        try run(["gradient", "--kind", "conic", "--center", "20,15", "--angle", "90", "--size", "40x30",
                 "--format", "a8", "-o", out])
        #expect(FileManager.default.fileExists(atPath: out))
    }

    /// Bad arguments: a clear error naming the problem, and no file written.
    @Test(arguments: [
        (["--stops", "#12345"], "#12345"),
        (["--stops", "#123456@x"], "offset"),
        (["--size", "0x10"], "--size"),
        (["--size", "wide"], "--size"),
        (["--from", "1,nan"], "--from"),
        (["--kind", "diamond"], "--kind"),
        (["--space", "hsl"], "--space"),
        (["--spread", "mirror"], "--spread"),
        (["--kind", "radial", "--end-radius=-4"], "endRadius"),
        (["--transform", "0,0,0,0,0,0"], "not invertible"),
        (["--kind", "conic", "--angle", "nan"], "--angle nan"),
        (["--kind", "radial", "--start-radius", "inf"], "--start-radius"),
    ])
    func badArgumentsWriteNothing(extra: [String], mentions: String) throws {
        let out = temporaryPath("bad.png")
        CLI.expectFailure(["gradient", "-o", out] + extra, mentions: mentions, output: out)
    }

    @Test func galleryRenders() throws {
        let out = temporaryPath("gallery.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try run(["gallery", "-o", out])
        let image = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(image.width == 4 * 256 + 5 * 8)
    }
}
