import CFontconfig
import SheenRaster

/// An owned list of fallback candidates (frees their charsets).
final class CandidateList: @unchecked Sendable {
    let items: [FallbackCandidate]
    init(_ items: [FallbackCandidate]) { self.items = items }
    deinit { for item in items { if let c = item.charset { FcCharSetDestroy(c) } } }

    /// True unless fontconfig's charset says the candidate lacks `scalar` (no charset: unknown, true).
    func mayHave(_ index: Int, _ scalar: Unicode.Scalar) -> Bool {
        guard let c = items[index].charset else { return true }
        return FcCharSetHasChar(c, scalar.value) != 0
    }
}
