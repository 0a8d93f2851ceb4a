import CFontconfig
import Glibc
import SheenRaster

/// Font lookup through fontconfig. fontconfig's configuration is process-wide; every call goes
/// through one lock because older fontconfig releases are not thread-safe.
enum FontLookup {
    private static let config = Locked<OpaquePointer?>(nil)

    /// The faces fontconfig ranks for `pattern` ("DejaVu Sans:bold", "serif:italic"), best first,
    /// trimmed of fonts that add no coverage (FcFontSort with trim). fontconfig always returns its
    /// closest match, so an unknown family yields the default family rather than an error; an empty
    /// result (a machine without fonts) throws `.fontNotFound`.
    static func sorted(pattern: String) throws(TextError) -> CandidateList {
        let result: Result<CandidateList, TextError> = config.withLock { config in
            if let error = load(&config) { return .failure(error) }
            guard let pat = pattern.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }) else {
                return .failure(.fontNotFound(pattern: pattern))
            }
            defer { FcPatternDestroy(pat) }
            guard FcConfigSubstitute(config, pat, FcMatchPattern) != 0 else {
                return .failure(.library(function: "FcConfigSubstitute"))
            }
            FcDefaultSubstitute(pat)
            var fcResult = FcResultNoMatch
            guard let set = FcFontSort(config, pat, 1, nil, &fcResult) else {
                return .failure(.fontNotFound(pattern: pattern))
            }
            defer { FcFontSetDestroy(set) }
            var candidates: [FallbackCandidate] = []
            var seen = Set<FaceLocation>()
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
                var index: Int32 = 0
                if FcPatternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
                let location = FaceLocation(path: String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)),
                                            index: Int(index))
                guard seen.insert(location).inserted else { continue }
                var charset: OpaquePointer?
                if FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let c = charset {
                    charset = FcCharSetCopy(c)
                } else {
                    charset = nil
                }
                candidates.append(FallbackCandidate(location: location, charset: charset))
            }
            guard !candidates.isEmpty else { return .failure(.fontNotFound(pattern: pattern)) }
            return .success(CandidateList(candidates))
        }
        return try result.get()
    }

    /// Adds the fonts of directory `path` and its subdirectories to those lookups find, for the
    /// rest of the process (fontconfig's application fonts); true when that added any font.
    /// Throws `.unreadableFile` when `path` is not a readable directory and `.library` when
    /// fontconfig cannot scan it.
    static func addDirectory(_ path: String) throws(TextError) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .unreadableFile(path: path, reason: "not a directory")
        }
        // fontconfig takes a relative directory as relative to its configuration, not to the
        // working directory: the caller's path is made absolute first.
        guard let resolved = realpath(path, nil) else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        let absolute = String(cString: resolved)
        free(resolved)
        let result: Result<Bool, TextError> = config.withLock { config in
            if let error = load(&config) { return .failure(error) }
            func applicationFonts() -> Int32 { FcConfigGetFonts(config, FcSetApplication)?.pointee.nfont ?? 0 }
            let before = applicationFonts()
            let added = absolute.withCString { FcConfigAppFontAddDir(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            return added != 0 ? .success(applicationFonts() > before) : .failure(.library(function: "FcConfigAppFontAddDir"))
        }
        return try result.get()
    }

    /// Loads fontconfig's configuration into `config` once. Without a configuration file
    /// (a machine with no fontconfig configuration installed) an empty configuration stands in,
    /// so directories added by `addDirectory` are still found.
    private static func load(_ config: inout OpaquePointer?) -> TextError? {
        if config != nil { return nil }
        guard let loaded = FcInitLoadConfigAndFonts() ?? FcConfigCreate() else {
            return .library(function: "FcConfigCreate")
        }
        config = loaded
        return nil
    }
}


/// Where a face lives: a file and the face's index inside it.
struct FaceLocation: Hashable, Sendable {
    let path: String
    let index: Int
}


/// One candidate of a fontconfig sort: where it is and the characters it covers (fontconfig's
/// charset, so fallback can pick a font without opening it).
struct FallbackCandidate: @unchecked Sendable {
    let location: FaceLocation
    /// An `FcCharSet*` owned by the candidate list (freed with it); read-only after creation.
    let charset: OpaquePointer?
}


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
