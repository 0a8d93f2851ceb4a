import ArgumentParser
import SheenPNG
import SheenRaster

/// Where the command line's PNG goes, checked before anything is rendered: a `PNGFile` (which says
/// how each kind of path is written) with "-" as standard output, and a name that promises another
/// format refused.
struct OutputTarget {
    let file: PNGFile
    /// The path as the user gave it (for messages).
    var path: String { file.path }

    /// Checks that `path` can take the output; throws `OutputError` (73) naming the problem, or
    /// `ValidationError` (64) for a name that promises another format (`x.jpg`): sheen writes PNG.
    init(_ path: String) throws {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if path != "-", let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let suffix = name[name.index(after: dot)...].lowercased()
            guard suffix == "png" else {
                throw ValidationError("--output \(path): sheen writes PNG files, not .\(suffix); name it .png")
            }
        }
        do {
            file = try PNGFile(path: path, dashIsStandardOutput: true)
        } catch {
            throw OutputError(error)
        }
    }

    /// The directory holding `path` ("." for a bare name).
    static func directory(of path: String) -> String { PNGFile.directory(of: path) }

    /// Writes `bytes` (see `PNGFile.write`); throws `OutputError` (74) naming the path.
    func write(_ bytes: [UInt8]) throws {
        do {
            try file.write(bytes)
        } catch {
            throw OutputError(error)
        }
    }
}

/// Writes `image` as a PNG at `target` (see `OutputTarget`).
func writePNG(_ image: Image, to target: OutputTarget) throws {
    let bytes = try image.withReadOnlyBuffer { try PNG.encode($0) }
    try target.write(bytes)
}

/// Writes `image` as a PNG at `path`, checking it first.
func writePNG(_ image: Image, to path: String) throws {
    try writePNG(image, to: try OutputTarget(path))
}
