import SheenRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--dump DIR`: the inputs and outputs of the cases a peer comparison checks, so
/// Scripts/compare-peers.py feeds the peers the very same pixels and holds every output, Sheen's
/// included, to one float64 reference. Each buffer becomes `DIR/<case>.<role>.raw` (rows packed
/// tightly, no padding) and one JSON line in `DIR/manifest.jsonl`:
/// `{"case", "role", "file", "width", "height", "format"}` with format `rgba8Premultiplied`,
/// `bgra8Premultiplied` or `a8`. Roles: `input` (source or destination before the operation),
/// `mask`, `output`; and `text` for a text case's UTF-8 text (format `utf8`, no width or height),
/// which the text-layout peer lays out.
struct Dumper {
    let directory: String

    /// Creates the directory (if missing) and empties its manifest.
    init(directory: String) {
        self.directory = directory
        mkdir(directory, 0o755)
        guard let f = fopen(directory + "/manifest.jsonl", "w") else {
            SheenBench.fail("--dump: cannot write \(directory)/manifest.jsonl", status: 73)
        }
        fclose(f)
    }

    /// Writes `buffer` for `caseName` in `role`.
    func write(_ caseName: String, _ role: String, _ buffer: RasterBuffer) {
        let file = "\(caseName).\(role).raw"
        guard let f = fopen(directory + "/" + file, "wb") else { SheenBench.fail("--dump: cannot write \(file)", status: 73) }
        let rowBytes = buffer.width * buffer.format.bytesPerPixel
        for y in 0 ..< buffer.height where fwrite(buffer.row(y), 1, rowBytes, f) != rowBytes {
            SheenBench.fail("--dump: short write to \(file)", status: 74)
        }
        fclose(f)
        append("{\"case\": \"\(caseName)\", \"role\": \"\(role)\", \"file\": \"\(file)\", "
            + "\"width\": \(buffer.width), \"height\": \(buffer.height), \"format\": \"\(buffer.format.rawValue)\"}\n")
    }

    /// Writes `text` (UTF-8) for `caseName` in role `text`.
    func write(_ caseName: String, text: String) {
        let file = "\(caseName).text.txt"
        guard let f = fopen(directory + "/" + file, "wb") else { SheenBench.fail("--dump: cannot write \(file)", status: 73) }
        let bytes = Array(text.utf8)
        if fwrite(bytes, 1, bytes.count, f) != bytes.count { SheenBench.fail("--dump: short write to \(file)", status: 74) }
        fclose(f)
        append("{\"case\": \"\(caseName)\", \"role\": \"text\", \"file\": \"\(file)\", \"format\": \"utf8\"}\n")
    }

    private func append(_ line: String) {
        guard let m = fopen(directory + "/manifest.jsonl", "a") else { SheenBench.fail("--dump: cannot append to the manifest", status: 73) }
        fputs(line, m)
        fclose(m)
    }
}
