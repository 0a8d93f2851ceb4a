import SheenPlatform
import SheenRaster

/// Automatic hyphenation with libhyphen — the TeX-pattern hyphenator of LibreOffice and
/// Hunspell, packaged by Debian with dictionaries per language (hyphen-en-us, hyphen-de, …).
/// It is loaded at run time (dlopen) only when a layout asks for hyphenation, so SheenText
/// neither builds against nor requires it; a missing library or dictionary is a
/// `TextError.hyphenationUnavailable` naming what to install.
final class Hyphenator: @unchecked Sendable {
    /// Where Debian installs the dictionaries: hyph_LANG.dic.
    static let dictionaryDirectory = "/usr/share/hyphen"

    private typealias Load = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    private typealias Hyphenate = @convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<CChar>,
                                                  UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?,
                                                  UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>?,
                                                  UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>?) -> Int32

    /// libhyphen's entry points, resolved once per process.
    private struct Library: @unchecked Sendable {
        let load: Load
        let hyphenate: Hyphenate
    }

    private static let library: Result<Library, TextError> = {
        // Debian's soname, an unversioned link, and Homebrew's dylib.
        let names = ["libhyphen.so.0", "libhyphen.so", "libhyphen.0.dylib", "libhyphen.dylib"]
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            return .failure(.hyphenationUnavailable(language: "any language", reason: "libhyphen is not installed (Debian: libhyphen0)"))
        }
        guard let load = dlsym(handle, "hnj_hyphen_load"), let hyphenate = dlsym(handle, "hnj_hyphen_hyphenate2") else {
            return .failure(.hyphenationUnavailable(language: "any language", reason: "libhyphen lacks hnj_hyphen_hyphenate2"))
        }
        return .success(Library(load: unsafeBitCast(load, to: Load.self), hyphenate: unsafeBitCast(hyphenate, to: Hyphenate.self)))
    }()

    /// Longest language name looked up ("de_CH-1901" is 10 bytes).
    static let maximumNameLength = 64

    private static let loaded = Locked<[String: Result<Hyphenator, TextError>]>([:])

    /// The hyphenator for `language` ("en_US", "de_DE", …: the dictionary hyph_LANG.dic), loaded
    /// once per process.
    static func forLanguage(_ language: String) throws(TextError) -> Hyphenator {
        // Not kept: a name no dictionary has must not hold its bytes (10 MB of them) for good.
        guard language.utf8.count <= maximumNameLength else {
            throw .hyphenationUnavailable(language: String(language.prefix(maximumNameLength)) + "…",
                                          reason: "a language name is at most \(maximumNameLength) bytes")
        }
        let result = loaded.withLock { table -> Result<Hyphenator, TextError> in
            if let known = table[language] { return known }
            let made = make(language)
            table[language] = made
            return made
        }
        return try result.get()
    }

    private static func make(_ language: String) -> Result<Hyphenator, TextError> {
        guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" }) else {
            return .failure(.hyphenationUnavailable(language: language, reason: "not a language name such as en_US"))
        }
        let library: Library
        switch Self.library {
        case let .success(l): library = l
        case let .failure(.hyphenationUnavailable(_, reason)): return .failure(.hyphenationUnavailable(language: language, reason: reason))
        case let .failure(e): return .failure(e)
        }
        let path = "\(dictionaryDirectory)/hyph_\(language).dic"
        guard access(path, R_OK) == 0, let dictionary = library.load(path) else {
            return .failure(.hyphenationUnavailable(language: language, reason: "no dictionary \(path) (Debian: hyphen-\(language.lowercased().replacingUnderscores()))"))
        }
        // A dictionary's first line names its encoding; UTF-8 and ISO 8859-1 (Latin-1) are read.
        var latin1 = false
        if let file = fopen(path, "r") {
            var line = [CChar](repeating: 0, count: 64)
            if fgets(&line, 64, file) != nil {
                latin1 = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).uppercased().hasPrefix("ISO8859-1")
            }
            fclose(file)
        }
        return .success(Hyphenator(library: library, dictionary: dictionary, latin1: latin1))
    }

    private let library: Library
    private let dictionary: OpaquePointer
    private let latin1: Bool
    /// libhyphen makes no promise about concurrent calls on one dictionary.
    private let lock = Locked(())

    private init(library: Library, dictionary: OpaquePointer, latin1: Bool) {
        self.library = library; self.dictionary = dictionary; self.latin1 = latin1
    }

    /// UTF-16 offsets inside `units[range]` where a hyphen may break a word: every run of
    /// letters (lower-cased) is hyphenated by the dictionary, which keeps its own minimum
    /// lengths before and after a break (LEFTHYPHENMIN, RIGHTHYPHENMIN). Only words are: a run
    /// of letters inside a token (the text between white space) that is not a word — a URL, an
    /// e-mail address, a path or file name, a number, a word with digits — is left whole, as
    /// LibreOffice and CSS `hyphens: auto` leave it (`isWordToken`).
    func points(in units: [UInt16], _ range: Range<Int>) -> [Int] {
        var out: [Int] = []
        var i = range.lowerBound
        var token: Range<Int>? = nil, tokenIsWord = false
        while i < range.upperBound {
            guard isLetter(units, i) else { i += 1; continue }
            var j = i
            while j < range.upperBound, isLetter(units, j) { j += 1 }
            if token.map({ !$0.contains(i) }) ?? true {
                let found = Self.token(around: i, in: units)
                token = found
                tokenIsWord = found.map { Self.isWordToken(units[$0]) } ?? false
            }
            if tokenIsWord { out += hyphenate(units, i..<j) }
            i = j
        }
        return out
    }

    /// The longest token `isWordToken` looks at, in UTF-16 units each side of a letter: no word
    /// is longer, and the bound keeps a long run without white space (a minified URL) linear.
    static let maximumTokenReach = 256

    /// The units between the white space before and after `offset`; nil when that reaches
    /// further than `maximumTokenReach` (not a word).
    static func token(around offset: Int, in units: [UInt16]) -> Range<Int>? {
        func isSpace(_ u: UInt16) -> Bool { ScalarTraits.of(UInt32(u)).contains(.whitespace) }
        var a = offset, b = offset
        while a > 0, !isSpace(units[a - 1]) { a -= 1; if offset - a > maximumTokenReach { return nil } }
        while b < units.count, !isSpace(units[b]) { b += 1; if b - offset > maximumTokenReach { return nil } }
        return a..<b
    }

    /// True when a token between white space is a word (or words joined by hyphens or
    /// apostrophes), possibly in quotes, brackets or followed by punctuation: after trimming
    /// those, it holds no digit and none of the characters that join URLs, e-mail addresses,
    /// paths and identifiers (`. / \ @ : _ = ? & # ~ % + |`).
    static func isWordToken(_ token: ArraySlice<UInt16>) -> Bool {
        let scalars = String(decoding: token, as: UTF16.self).unicodeScalars
        // Enclosing marks count too: a letter in a combining circle is still part of its word.
        func isLetterOrMark(_ s: Unicode.Scalar) -> Bool { !ScalarTraits.of(s).isDisjoint(with: [.alphabetic, .mark]) }
        // Leading and trailing punctuation (quotes, brackets, a full stop, a comma) belongs to
        // the sentence, not the token.
        guard let first = scalars.firstIndex(where: isLetterOrMark),
              let last = scalars.lastIndex(where: isLetterOrMark) else { return false }
        let joiners: Set<Unicode.Scalar> = [".", "/", "\\", "@", ":", "_", "=", "?", "&", "#", "~", "%", "+", "|"]
        for s in scalars where ScalarTraits.of(s).contains(.numeric) { return false }
        for s in scalars[first...last] where joiners.contains(s) { return false }
        return true
    }

    private func isLetter(_ units: [UInt16], _ i: Int) -> Bool {
        // Surrogate halves count as letters so that astral letters stay inside words.
        guard let s = Unicode.Scalar(units[i]) else { return true }
        return ScalarTraits.of(s).contains(.alphabetic)
    }

    private func hyphenate(_ units: [UInt16], _ word: Range<Int>) -> [Int] {
        guard word.count >= 4, word.count <= 100 else { return [] }
        // Bytes in the dictionary's encoding, and the UTF-16 offset after each byte's character.
        var bytes: [CChar] = [], endOffset: [Int] = []
        let scalars = String(decoding: units[word], as: UTF16.self).lowercased().unicodeScalars
        guard scalars.count == String(decoding: units[word], as: UTF16.self).unicodeScalars.count else { return [] }
        var offset = word.lowerBound
        for s in scalars {
            offset += s.value > 0xFFFF ? 2 : 1
            if latin1 {
                guard s.value < 256 else { return [] }
                bytes.append(CChar(bitPattern: UInt8(s.value))); endOffset.append(offset)
            } else {
                for b in String(s).utf8 { bytes.append(CChar(bitPattern: b)); endOffset.append(offset) }
            }
        }
        let count = bytes.count
        bytes.append(0)  // libhyphen reads the word as a C string (strstr) besides its length
        var marks = [CChar](repeating: 0, count: count + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?, cut: UnsafeMutablePointer<Int32>?
        let status = lock.withLock { _ in
            library.hyphenate(dictionary, bytes, Int32(count), &marks, nil, &rep, &pos, &cut)
        }
        // Non-standard hyphenation (replacements such as German "ff=f") is not used: a break that
        // changes letters is skipped.
        defer {
            if let rep { for k in 0..<count { free(rep[k]) }; free(rep) }
            free(pos); free(cut)
        }
        guard status == 0 else { return [] }
        var points: [Int] = []
        for k in 0..<(count - 1) where marks[k] & 1 == 1 && (rep == nil || rep![k] == nil) {
            // Only between characters: the byte must end its character.
            if endOffset[k] != endOffset[k + 1] { points.append(endOffset[k]) }
        }
        return points
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
