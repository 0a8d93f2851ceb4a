// Status codes and the per-thread error message of the C API: every exported function runs its
// body through `capi`, which turns a thrown Swift error into a sheen_status and keeps the
// error's sentence for sheen_last_error_message().

import CSheenAPI
import SheenLabel
import SheenPNG
import SheenRaster
import SheenText
import SheenPlatform

/// A failure found by the C layer itself (NULL pointers, unknown enumeration values, a handle
/// of the wrong kind), with the status it returns.
struct CAPIError: Error {
    let status: sheen_status
    let message: String

    /// A required pointer was NULL.
    static func null(_ name: String) -> CAPIError { CAPIError(status: SHEEN_ERROR_NULL_POINTER, message: "\(name) is NULL") }

    /// An argument outside what the C API accepts.
    static func invalid(_ message: String) -> CAPIError { CAPIError(status: SHEEN_ERROR_INVALID_ARGUMENT, message: message) }
}

/// The thread's last error message, a malloc'd C string (freed when replaced or when the
/// thread exits).
private let errorKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key) { free($0) }
    precondition(result == 0, "pthread_key_create failed: \(result)")
    return key
}()

/// What sheen_last_error_message() returns before any call on the thread failed.
nonisolated(unsafe) private let noError: UnsafeMutablePointer<CChar> = strdup("")!

/// Keeps `message` as the calling thread's last error, as the CLI prints it (`LabelError.printable`:
/// control characters escaped — an embedded NUL would end the C string early — and at most
/// `LabelError.maximumMessageLength` characters).
func recordError(_ message: String) {
    let old = pthread_getspecific(errorKey)
    pthread_setspecific(errorKey, strdup(LabelError.printable(message)))
    free(old)
}

/// The status a Swift error maps to, and its message.
func classify(_ error: any Error) -> (sheen_status, String) {
    switch error {
    case let error as CAPIError:
        return (error.status, error.message)
    case let error as RasterError:
        switch error {
        case .negativeSize, .bytesPerRowTooSmall, .sizeOverflow, .formatMismatch, .sizeMismatch:
            return (SHEEN_ERROR_INVALID_BUFFER, error.description)
        case .allocationFailed:
            return (SHEEN_ERROR_OUT_OF_MEMORY, error.description)
        case .unsupportedOperator, .simdLevelUnavailable:
            return (SHEEN_ERROR_UNSUPPORTED, error.description)
        default:
            return (SHEEN_ERROR_INVALID_ARGUMENT, error.description)
        }
    case let error as TextError:
        switch error {
        case .unreadableFile, .notAFont, .faceIndexOutOfRange, .fontNotFound, .glyph:
            return (SHEEN_ERROR_FONT, error.description)
        case .freeType, .icu, .library:
            return (SHEEN_ERROR_INTERNAL, error.description)
        case .allocationFailed:
            return (SHEEN_ERROR_OUT_OF_MEMORY, error.description)
        case let .raster(inner):
            return classify(inner)
        default:
            return (SHEEN_ERROR_INVALID_ARGUMENT, error.description)
        }
    case let error as LabelError:
        switch error {
        // A label's text and raster failures keep the status they have on their own.
        case let .text(inner): return classify(inner)
        case let .raster(inner): return classify(inner)
        case .unsupportedDestination: return (SHEEN_ERROR_INVALID_BUFFER, error.description)
        default: return (SHEEN_ERROR_INVALID_ARGUMENT, error.description)
        }
    case let error as PNGError:
        switch error {
        case .allocationFailed: return (SHEEN_ERROR_OUT_OF_MEMORY, error.description)
        case .cannotCreate, .writeFailed: return (SHEEN_ERROR_IO, error.description)
        default: return (SHEEN_ERROR_INVALID_ARGUMENT, error.description)
        }
    default:
        return (SHEEN_ERROR_INTERNAL, "\(error)")
    }
}

/// Runs one C API call: SHEEN_OK, or the error's status with its message recorded.
func capi(_ body: () throws -> Void) -> sheen_status {
    do {
        try body()
        return SHEEN_OK
    } catch {
        let (status, message) = classify(error)
        recordError(message)
        return status
    }
}

/// `sheen_last_error_message` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_last_error_message")
public func sheenLastErrorMessage() -> UnsafePointer<CChar> {
    UnsafePointer(pthread_getspecific(errorKey)?.assumingMemoryBound(to: CChar.self) ?? noError)
}

/// The version the header of this build declares.
nonisolated(unsafe) private let version: UnsafeMutablePointer<CChar> = strdup(SHEEN_VERSION_STRING)!

/// `sheen_version` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_version")
public func sheenVersion() -> UnsafePointer<CChar> { UnsafePointer(version) }

/// `sheen_free` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_free")
public func sheenFree(_ memory: UnsafeMutableRawPointer?) { free(memory) }
