import Foundation
import Testing
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText
@testable import sheen

@Suite struct RenderCommandTests {
    func temporaryPath(_ name: String) -> String { CLI.temporaryPath(name) }
    func run(_ args: [String]) throws { try CLI.run(args) }

    /// The issue's example renders, and equals the same label built with the library.
    @Test func rendersTheDocumentedExample() throws {
        let out = temporaryPath("label.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try run(["render", "Always correct gradient text", "--font", "DejaVu Sans:bold", "--size", "48",
                 "--fill", "#3478F6,#FF3B30", "--extent", "ink", "--stroke", "2,#333333", "--shadow", "0,4,6,#00000080",
                 "--canvas", "1024x160", "-o", out])
        let decoded = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        var label = Label("Always correct gradient text", font: try Font(named: "DejaVu Sans:bold", size: 48),
                          size: Size(width: 1024, height: 160))
        label.fill = .gradient(LabelGradient(colors: [Color(rgba: 0x3478_F6FF), Color(rgba: 0xFF3B_30FF)]), extent: .ink)
        label.stroke = LabelStroke(width: 2, paint: .color(Color(rgba: 0x3333_33FF)))
        label.shadows = [LabelShadow(color: Color(rgba: 0x0000_0080), offset: Point(0, 4), sigma: 6)]
        let expected = try PNG.decode(try label.image().withReadOnlyBuffer { try PNG.encode($0) })
        #expect(decoded.bytes == expected.bytes)
    }

    /// A text file saved by an editor ends in a newline: it is not a second line (the label drew
    /// "from stdin…" before), so the file draws what the text alone draws; two newlines still end
    /// in an empty line.
    @Test func oneTrailingNewlineIsNotALine() throws {
        let file = temporaryPath("text.txt"), out = temporaryPath("file.png"), plain = temporaryPath("plain.png")
        defer { for p in [file, out, plain] { try? FileManager.default.removeItem(atPath: p) } }
        try Data("from stdin\n".utf8).write(to: URL(fileURLWithPath: file))
        try run(["render", "--text-file", file, "--size", "20", "-o", out])
        try run(["render", "from stdin", "--size", "20", "-o", plain])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: plain)))
        let label = Label("from stdin\n", font: try Font(named: "DejaVu Sans", size: 20), size: Size(width: 300, height: 30))
        #expect(try label.layout().lines.map(\.string) == ["from stdin"] && !label.layout().isTruncated)
        var twoLines = label
        twoLines.text = "from stdin\n\n"
        twoLines.numberOfLines = 0
        twoLines.size = Size(width: 300, height: 100)
        #expect(try twoLines.layout().lines.map(\.string) == ["from stdin", ""])
    }

    @Test func everyOptionIsReachable() throws {
        let out = temporaryPath("all.png")
        let textFile = temporaryPath("text.txt")
        defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: textFile) }
        try "Three lines of text\nfrom a file, wrapped and truncated at the end".write(toFile: textFile, atomically: true, encoding: .utf8)
        try run(["render", "--text-file", textFile, "--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                 "--face-index", "0", "--size", "20", "--fill", "#FF9500@0,#AF52DE@1", "--extent", "lines", "--angle", "90",
                 "--gradient", "linear", "--space", "oklab", "--dither", "--stroke", "1.5,#FFFFFF", "--stroke-placement", "centered",
                 "--shadow", "2,2,3,#00000080,1", "--glow", "4,#FFCC00", "--css-blur", "--canvas", "300x90",
                 "--background", "#202020", "--align", "justified", "--vertical", "top", "--lines", "3", "--line-break", "middle",
                 "--min-scale", "0.5", "--tighten", "--baseline", "centers", "--line-height", "1.1", "--line-spacing", "2",
                 "--insets", "4,6,4,6", "--inset-shadows", "--disabled", "--highlight", "#FF0000", "--format", "bgra8Premultiplied",
                 "--alpha", "0.9", "--hinting", "light", "-o", out])
        let image = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(image.width == 300 && image.height == 90)
        for kind in ["radial", "conic"] {
            try run(["render", "Hi", "--gradient", kind, "--canvas", "100x60", "-o", out])
        }
    }

    /// Colours as CSS writes them, wherever a colour is taken: the label equals one made with
    /// the same colours in hex.
    @Test func cssColours() throws {
        let css = temporaryPath("css.png"), hex = temporaryPath("hex.png")
        defer { try? FileManager.default.removeItem(atPath: css); try? FileManager.default.removeItem(atPath: hex) }
        try run(["render", "CSS", "--size", "30", "--canvas", "160x50", "--fill", "rgb(52, 120, 246),tomato",
                 "--stroke", "1.5,rgba(0,0,0,0.5)", "--shadow", "0,2,3,rgb(0 0 0 / 50%)", "--background", "#fff", "-o", css])
        try run(["render", "CSS", "--size", "30", "--canvas", "160x50", "--fill", "#3478F6,#FF6347",
                 "--stroke", "1.5,#00000080", "--shadow", "0,2,3,#00000080", "--background", "#FFFFFF", "-o", hex])
        let a = try Data(contentsOf: URL(fileURLWithPath: css)), b = try Data(contentsOf: URL(fileURLWithPath: hex))
        // rgba's 0.5 is alpha 127.5/255 where #80 is 128/255: compare decoded pixels within a level.
        let ia = try PNG.decode(Array(a)), ib = try PNG.decode(Array(b))
        #expect(ia.width == ib.width && zip(ia.bytes, ib.bytes).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    /// Without --canvas the image is sized to the text (nothing truncated), as pango-view sizes
    /// it: the label of that fitted size, drawn whole.
    @Test func withoutACanvasTheImageFitsTheText() throws {
        let out = temporaryPath("fit.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let text = "A line longer than the old default canvas of 1024 pixels would ever have held whole"
        try run(["render", text, "--size", "32", "--fill", "#000000", "-o", out])
        var label = Label(text, font: try Font(named: "DejaVu Sans:bold", size: 32), size: .zero)
        label.fill = .color(.black)
        label.size = try label.sizeThatFits(.zero)
        #expect(label.size.width > 1024)
        #expect(!(try label.layout().isTruncated))
        let decoded = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(decoded.bytes == (try PNG.decode(try label.image().withReadOnlyBuffer { try PNG.encode($0) })).bytes)
    }

    /// A canvas side of 0 is sized to the text: 400x0 is 400 wide and as tall as the text
    /// wrapped at 400 px needs (it was refused); 0x60 is as wide as the text, 60 tall.
    @Test func aZeroCanvasSideFitsTheText() throws {
        let out = temporaryPath("fit-width.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let text = "A label that wraps over several lines at four hundred pixels"
        try run(["render", text, "--size", "30", "--lines", "0", "--line-break", "word", "--fill", "#000000",
                 "--canvas", "400x0", "-o", out])
        var label = Label(text, font: try Font(named: "DejaVu Sans:bold", size: 30), size: .zero)
        label.fill = .color(.black)
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
        let fit = try label.sizeThatFits(Size(width: 400, height: 0))
        label.size = Size(width: 400, height: fit.height)
        #expect(try label.layout().lines.count >= 3 && !(try label.layout().isTruncated))
        let decoded = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(decoded.bytes == (try PNG.decode(try label.image().withReadOnlyBuffer { try PNG.encode($0) })).bytes)
        try run(["render", "Short", "--size", "30", "--canvas", "0x60", "-o", out])
        let short = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(short.height == 60 && short.width < 200)
    }

    /// Negative numbers are values, not options: `--size -3` is refused for its value.
    @Test func negativeNumbersReachTheirChecks() throws {
        let out = temporaryPath("negative.png")
        CLI.expectFailure(["render", "x", "--size", "-3", "-o", out], mentions: "font size -3.0", output: out)
        CLI.expectFailure(["render", "x", "--lines", "-2", "-o", out], mentions: "--lines", output: out)
        // A negative angle is a fine angle.
        defer { try? FileManager.default.removeItem(atPath: out) }
        try run(["render", "x", "--angle", "-45", "-o", out])
    }

    /// Bad arguments: a clear message naming the problem, a non-zero exit, and no file.
    @Test(arguments: [
        (["x", "--fill", "#12345"], "--fill"),
        (["x", "--canvas", "-1x10"], "--canvas"),
        (["x", "--canvas", "20000x0"], "--canvas"),
        (["x", "--extent", "page"], "--extent"),
        (["x", "--fill", "#000000", "--extent", "bogus"], "--extent"),
        (["x", "--stroke", "1,#000000", "--glow", "2,#000000,1", "--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
          "--face-index=-1"], "face index -1 is out of range 0…0: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf holds 1 face"),
        (["x", "--stroke", "wide,#000000"], "--stroke"),
        (["x", "--stroke", "2,#00000"], "--stroke"),
        (["x", "--stroke", "300,#000000"], "--stroke: stroke.width = 300.0 is not allowed ([1e-06, 256] px)"),
        (["x", "--lines", "100001"], "--lines"),
        (["x", "--shadow", "1,2,#000000"], "--shadow"),
        (["x", "--shadow", "1,2,nan,#000000"], "--shadow"),
        (["x", "--glow", "300,#000000"], "--glow"),
        (["x", "--align", "middle"], "--align"),
        (["x", "--line-break", "hyphen"], "--line-break"),
        (["x", "--hinting", "strong"], "--hinting"),
        (["x", "--background", "rgb(300, 0, 0)"], "--background"),
        (["x", "--fill", "rgb(1,2),#000"], "--fill"),
        (["x", "--alpha", "1.5"], "--alpha"),
        (["x", "--min-scale", "2"], "--min-scale"),
        (["x", "--size", "0"], "font size"),
        (["x", "--size", "100000"], "font size"),
        (["x", "--font-file", "/nonexistent.ttf"], "/nonexistent.ttf"),
        (["x", "--font-file", "/etc/hostname"], "not a usable font"),
        (["x", "--insets", "1,2,3"], "--insets"),
        (["x", "--format", "a8"], "--format"),
        (["x", "--lines", "-1"], "--lines"),
        ([], "no text"),
    ])
    func badArgumentsWriteNothing(extra: [String], mentions: String) throws {
        let out = temporaryPath("bad.png")
        CLI.expectFailure(["render", "-o", out] + extra, mentions: mentions, output: out)
    }
}

@Suite struct AnimateAndDemoCommandTests {
    func temporaryPath(_ name: String) -> String { CLI.temporaryPath(name) }
    func run(_ args: [String]) throws { try CLI.run(args) }

    @Test func animateWritesFramesAndASheet() throws {
        let dir = temporaryPath("frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["animate", "Move", "--size", "20", "--canvas", "120x40", "--fill", "#3478F6,#FF3B30", "--to-fill", "#FF9500,#AF52DE",
                 "--to-size", "28", "--to-stroke", "1,#000000", "--to-shadow", "2,2,2,#00000080", "--to-background", "#FFFFFF",
                 "--duration", "0.5", "--fps", "10", "--timing", "cubic-bezier(0.2,0,0.2,1)", "--color-space", "sRGB",
                 "--sheet-columns", "3", "-o", dir])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == ["contact-sheet.png"] + (0...5).map { "frame-000\($0).png" })
        let sheet = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/contact-sheet.png"))))
        // Every frame has one size, the union of their drawn bounds: the canvas, grown where the
        // final frames' shadow overhangs it.
        let frames = try (0...5).map { try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/frame-000\($0).png")))) }
        let (w, h) = (frames[0].width, frames[0].height)
        #expect(frames.allSatisfy { $0.width == w && $0.height == h })
        #expect(w >= 120 && h >= 40)
        #expect(sheet.width == 3 * w + 4 * 8 && sheet.height == 2 * h + 3 * 8)
        for timing in ["linear", "easeIn", "easeOut", "ease", "spring(0.5,0.4)"] {
            try run(["animate", "x", "--canvas", "40x20", "--size", "10", "--to-size", "12", "--duration", "0.2", "--fps", "5",
                     "--timing", timing, "-o", dir])
        }
    }

    @Test(arguments: [
        (["--timing", "bouncy"], "--timing"),
        (["--timing", "cubic-bezier(2,0,1,1)"], "cubicBezier x1"),
        (["--duration", "0"], "keyframe time"),
        (["--fps", "0"], "fps"),
        (["--to-fill", "#nothex"], "--to-fill"),
        (["--to-size", "-3"], "--to-size"),
        (["--color-space", "hsv"], "--color-space"),
    ])
    func badAnimateArgumentsWriteNothing(extra: [String], mentions: String) throws {
        let dir = temporaryPath("bad-frames")
        CLI.expectFailure(["animate", "x", "--canvas", "40x20", "-o", dir] + extra, mentions: mentions, output: dir)
    }

    /// Entries of a directory, sorted (hidden staging directories included).
    func entries(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test func animateIsAllOrNothing() throws {
        let parent = temporaryPath("animate-parent")
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        // 31 frames of 16384×16384: more pixels than an animation may render, refused after the
        // staging directory is made; nothing may appear, in a new directory or an existing one.
        let tooMany = ["animate", "x", "--canvas", "16384x16384", "--size", "8", "--fps", "30", "--duration", "1"]
        CLI.expectFailure(tooMany + ["-o", parent + "/new/deeper"], mentions: "pixels an animation may render", output: parent + "/new")
        #expect(entries(parent) == [])
        let existing = parent + "/existing"
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: existing + "/notes.txt"))
        do {
            try run(tooMany + ["-o", existing])
            Issue.record("an animation over the pixel limit was written")
        } catch {
            #expect(SheenCommand.message(for: error).contains("4294967296"))
        }
        #expect(entries(existing) == ["notes.txt"])
        // Success adds the frames beside what was there; a trailing slash names the same directory.
        try run(["animate", "x", "--canvas", "20x10", "--size", "8", "--fps", "2", "--duration", "0.5", "-o", existing + "/"])
        #expect(entries(existing) == ["contact-sheet.png", "frame-0000.png", "frame-0001.png", "notes.txt"])
        try run(["animate", "x", "--canvas", "20x10", "--size", "8", "--fps", "2", "--duration", "0.5", "-o", parent + "/a/b/c"])
        #expect(entries(parent + "/a/b/c").count == 3)
        #expect(entries(parent) == ["a", "existing"])
        // Committing into the existing directory again replaces the frames in one exchange: the
        // directory keeps its other files and its permissions, and no staging directory remains.
        #expect(chmod(existing, 0o750) == 0)
        var before = stat()
        #expect(stat(existing, &before) == 0)
        try run(["animate", "y", "--canvas", "20x10", "--size", "8", "--fps", "2", "--duration", "0.5", "-o", existing])
        #expect(entries(existing) == ["contact-sheet.png", "frame-0000.png", "frame-0001.png", "notes.txt"])
        #expect(try String(contentsOfFile: existing + "/notes.txt", encoding: .utf8) == "keep")
        var info = stat()
        #expect(stat(existing, &info) == 0 && info.st_mode & 0o7777 == 0o750)
        // A new directory took the old one's place (the exchange; this machine's ext4 has it).
        #expect(info.st_ino != before.st_ino)
        #expect(entries(parent) == ["a", "existing"])
    }

    /// What cannot be replaced all at once is refused before rendering (a subdirectory to keep:
    /// the frames were once renamed in one by one, and a kill left old and new frames mixed); a
    /// run with fewer frames leaves no old frame behind; a new directory gets the umask's
    /// permissions (it was made 0700).
    @Test func animateReplacesOnlyWhatItCanAtOnce() throws {
        let parent = temporaryPath("animate-atomic")
        try FileManager.default.createDirectory(atPath: parent + "/frames/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let short = ["animate", "x", "--canvas", "20x10", "--size", "8", "--fps", "2", "--duration", "0.5"]
        CLI.expectFailure(short + ["-o", parent + "/frames"], mentions: "holds the directory sub", output: parent + "/frames/frame-0000.png")
        #expect(entries(parent) == ["frames"] && entries(parent + "/frames") == ["sub"])
        try FileManager.default.removeItem(atPath: parent + "/frames/sub")
        try run(["animate", "x", "--canvas", "20x10", "--size", "8", "--fps", "4", "--duration", "1", "-o", parent + "/frames"])
        #expect(entries(parent + "/frames").count == 6)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: parent + "/frames/frame-notes.txt"))
        try run(short + ["-o", parent + "/frames"])
        #expect(entries(parent + "/frames") == ["contact-sheet.png", "frame-0000.png", "frame-0001.png", "frame-notes.txt"])
        let mask = umask(0o027)
        defer { umask(mask) }
        try run(short + ["-o", parent + "/new"])
        var info = stat()
        #expect(stat(parent + "/new", &info) == 0 && info.st_mode & 0o7777 == 0o750)
        #expect(entries(parent) == ["frames", "new"])
    }

    /// Work is budgeted as well as pixels: 30 frames of 1024 × 1024 with 64 shadows each are
    /// within the pixel limit but 2.1 · 10⁹ pixel-layers, refused before any frame renders
    /// (a 103-byte spec like it cost 144 s of CPU).
    @Test func animationWorkIsBudgeted() throws {
        let out = temporaryPath("animate-work")
        let shadows = (0 ..< 64).flatMap { _ in ["--shadow", "0,0,2,#00000010"] }
        CLI.expectFailure(["animate", "x", "--canvas", "1024x1024", "--size", "8", "--fps", "30", "--duration", "0.97"] + shadows + ["-o", out],
                          mentions: "more than the 1073741824 an animation may do", output: out)
    }

    /// A staging directory left by a killed run (its process gone) is removed by the next run
    /// that stages beside it; one of a running process is left alone.
    @Test func abandonedStagingIsRemoved() throws {
        let parent = temporaryPath("animate-stale")
        try FileManager.default.createDirectory(atPath: parent + "/frames", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        // No process has id 2³¹ − 2 (Linux's pid_max is at most 2²²).
        let abandoned = parent + "/.sheen-staging-2147483646-AbCdEf", live = parent + "/.sheen-staging-\(getpid())-XyZxyZ"
        for dir in [abandoned, live] {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
            try Data("partial".utf8).write(to: URL(fileURLWithPath: dir + "/frame-0000.png"))
        }
        try run(["animate", "x", "--canvas", "20x10", "--size", "8", "--fps", "2", "--duration", "0.5", "-o", parent + "/frames"])
        #expect(entries(parent) == [".sheen-staging-\(getpid())-XyZxyZ", "frames"])
    }

    @Test func animateRefusesAFileBeforeRendering() throws {
        let file = temporaryPath("animate-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            try run(["animate", "x", "--canvas", "20x10", "--size", "8", "-o", file])
            Issue.record("a regular file taken as the frame directory")
        } catch let error as OutputError {
            #expect(error.cannotCreate && error.description.contains("not a directory"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("x".utf8))
    }

    @Test func demoRendersEveryScenario() throws {
        let out = temporaryPath("demo.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try run(["demo", "-o", out])
        let image = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(image.width > 1000 && image.height > 700)
    }
}

/// What the shell sees: a problem found while running is one line on standard error, "sheen: …",
/// with exit 64 for bad input and 73 for an output location that cannot take the file.
@Suite struct ExitStatusTests {
    @Test(arguments: [
        (["render", "Hi", "--size", "0.001", "-o", "/tmp/sheen-never-written.png"], Int32(64), "sheen: font: font size 0.001 px"),
        (["animate", "Hi", "--duration", "1e300", "--fps", "1", "-o", "/tmp/sheen-never-written"], 64, "sheen: invalid animation: frame count"),
        (["gradient", "--kind", "conic", "--angle", "nan", "-o", "/tmp/sheen-never-written.png"], 64, "sheen: --angle nan"),
        (["gradient", "-o", "/nonexistent/g.png"], 73, "sheen: cannot write /nonexistent/g.png: directory /nonexistent does not exist"),
    ])
    func runtimeProblemsAreOneLine(args: [String], status: Int32, prefix: String) throws {
        let (exit, stderr) = try CLIProcess.run(args)
        #expect(exit == status)
        #expect(stderr.hasPrefix(prefix), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/sheen-never-written.png"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/sheen-never-written"))
    }

    /// A --font family that is not installed draws in fontconfig's nearest with a warning on
    /// standard error (it was silent, exit 0), and --strict-font refuses it, writing nothing; an
    /// installed family or a generic one draws without a word.
    @Test func anUnknownFontFamilyIsSaid() throws {
        let out = CLI.temporaryPath("font.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let warned = try CLIProcess.run(["render", "Hi", "--font", "NoSuchFamily", "-o", out])
        #expect(warned.status == 0 && FileManager.default.fileExists(atPath: out))
        #expect(warned.stderr.hasPrefix("sheen: warning: --font \"NoSuchFamily\" is not installed"), "\(warned.stderr)")
        try FileManager.default.removeItem(atPath: out)
        let strict = try CLIProcess.run(["render", "Hi", "--font", "NoSuchFamily", "--strict-font", "-o", out])
        #expect(strict.status == 64 && strict.stderr.contains("--strict-font") && !FileManager.default.fileExists(atPath: out))
        // A pattern's control characters reach the terminal escaped, as in every message.
        let escaped = try CLIProcess.run(["render", "Hi", "--font", "No\u{1B}[2JSuch", "-o", out])
        #expect(escaped.status == 0 && escaped.stderr.contains("No\\u{1B}[2JSuch") && !escaped.stderr.contains("\u{1B}"))
        try FileManager.default.removeItem(atPath: out)
        let badSize = try CLIProcess.run(["render", "Hi", "--size", "0", "--strict-font", "-o", out])
        #expect(badSize.status == 64 && !badSize.stderr.contains("family is not installed"), "\(badSize.stderr)")
        for font in ["DejaVu Serif:bold", "sans-serif"] {
            let quiet = try CLIProcess.run(["render", "Hi", "--font", font, "--strict-font", "-o", out])
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(font): \(quiet.stderr)")
        }
    }

    /// Syntax errors keep ArgumentParser's report with the usage, and exit 64.
    @Test func syntaxErrorsShowTheUsage() throws {
        let (exit, stderr) = try CLIProcess.run(["render", "Hi", "--no-such-option", "-o", "/tmp/sheen-never-written.png"])
        #expect(exit == 64)
        #expect(stderr.contains("--no-such-option") && stderr.contains("Usage:"))
    }
}

/// The command line as a new user meets it: a version, text files that must be UTF-8, output
/// names that must be PNG.
@Suite struct CLIPolishTests {
    @Test func reportsItsVersion() throws {
        let (status, _) = try CLIProcess.run(["--version"])
        #expect(status == 0)
        let process = Process()
        process.executableURL = CLIProcess.executable
        process.arguments = ["--version"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == Sheen.version)
    }

    @Test func invalidUTF8TextIsRefused() throws {
        let file = CLI.temporaryPath("bad.txt"), out = CLI.temporaryPath("never.png")
        try Data([0x48, 0x69, 0xFF, 0xFE, 0x21]).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        CLI.expectFailure(["render", "--text-file", file, "-o", out], mentions: "is not UTF-8 text (an invalid byte sequence at byte 2)",
                          output: out)
        try Data("Hé ✓".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: out) }
        try CLI.run(["render", "--text-file", file, "--canvas", "80x30", "--size", "12", "-o", out])
        #expect(FileManager.default.fileExists(atPath: out))
    }

    /// `-o -` writes the PNG to standard output (and nothing named "-").
    @Test func dashIsStandardOutput() throws {
        let process = Process()
        process.executableURL = CLIProcess.executable
        process.arguments = ["render", "Hi", "--canvas", "40x20", "--size", "12", "-o", "-"]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let bytes = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let image = try PNG.decode(bytes)
        #expect(image.width == 40 && image.height == 20)
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("-").path))
    }

    @Test(arguments: ["x.jpg", "x.JPEG", "dir.d/x.webp"])
    func outputNamesMustBePNG(name: String) throws {
        let out = CLI.temporaryPath(name.replacingOccurrences(of: "/", with: "-"))
        CLI.expectFailure(["render", "Hi", "-o", out], mentions: "sheen writes PNG files", output: out)
        CLI.expectFailure(["gradient", "-o", out], mentions: "sheen writes PNG files", output: out)
    }
}
