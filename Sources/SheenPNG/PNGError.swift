/// The one error type of SheenPNG: why an image could not be written as PNG, PNG bytes could not
/// be read, or a PNG file could not be written. Every case names the sizes, the path, or libpng's
/// or the system's own message involved.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `encode` was given an image with no pixels.
    case emptyImage(width: Int, height: Int)
    /// `encode` was given an image with a side over `PNG.maximumEncodedSide`.
    case imageTooLarge(width: Int, height: Int, maximumSide: Int)
    /// libpng refused to write the image; `reason` is its message.
    case encodingFailed(reason: String)
    /// The bytes do not start a PNG libpng can read; `reason` is its message.
    case unreadable(reason: String)
    /// The header declares a side outside 1…65536 pixels.
    case sizeOutOfRange(width: Int, height: Int)
    /// The header declares more than `PNG.maximumPixelCount` pixels.
    case tooManyPixels(width: Int, height: Int, maximum: Int)
    /// The header declares more pixels than `byteCount` bytes could hold at deflate's largest
    /// expansion: a forged or truncated file.
    case sizeExceedsData(width: Int, height: Int, byteCount: Int)
    /// libpng failed while reading the image data; `reason` is its message.
    case corrupt(reason: String)
    /// Memory for the decoded image could not be allocated.
    case allocationFailed(bytes: Int)
    /// `PNGFile`: `path` cannot take a file at all (no such directory, not writable, a directory
    /// or socket, a loop of symbolic links); `reason` says which. Nothing was written.
    case cannotCreate(path: String, reason: String)
    /// `PNGFile`: writing `path` failed part-way (`reason`: what failed and the system's error).
    /// A regular file is left as it was; a device or FIFO may have received part of the bytes.
    case writeFailed(path: String, reason: String)

    /// What went wrong, in words.
    public var message: String { description }

    /// A sentence that names the problem.
    public var description: String {
        switch self {
        case let .emptyImage(w, h): return "cannot encode an empty \(w)×\(h) image as PNG"
        case let .imageTooLarge(w, h, side):
            return "cannot encode a \(w)×\(h) image as PNG: a side is over libpng's limit of \(side) pixels"
        case let .encodingFailed(reason): return "PNG encoding failed: \(reason)"
        case let .unreadable(reason): return "not a readable PNG: \(reason)"
        case let .sizeOutOfRange(w, h): return "PNG size \(w)×\(h) is outside 1…65536"
        case let .tooManyPixels(w, h, maximum): return "PNG size \(w)×\(h) is over \(maximum) pixels"
        case let .sizeExceedsData(w, h, count): return "PNG header claims \(w)×\(h) pixels, more than its \(count) bytes can hold"
        case let .corrupt(reason): return "corrupt PNG: \(reason)"
        case let .cannotCreate(path, reason), let .writeFailed(path, reason): return "cannot write \(path): \(reason)"
        case let .allocationFailed(bytes):
            return bytes == Int.max ? "cannot allocate the decoded image: its byte count overflows Int"
                : "cannot allocate \(bytes) bytes for the decoded image"
        }
    }
}
