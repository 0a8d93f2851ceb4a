import CFontconfig
import SheenRaster

/// One candidate of a fontconfig sort: where it is and the characters it covers (fontconfig's
/// charset, so fallback can pick a font without opening it).
struct FallbackCandidate: @unchecked Sendable {
    let location: FaceLocation
    /// An `FcCharSet*` owned by the candidate list (freed with it); read-only after creation.
    let charset: OpaquePointer?
}
