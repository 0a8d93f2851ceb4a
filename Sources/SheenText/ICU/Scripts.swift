import CHarfBuzz
import CICU

/// Unicode script of each character (ICU's, kept by `ScalarTable`), as the HarfBuzz script shaping needs.
enum Scripts {
    /// The script of every scalar of `scalars`, with Common and Inherited characters (spaces,
    /// punctuation, combining marks) taking the script of the run they sit in — the preceding
    /// real script, or the following one at the start — so they shape with their neighbours.
    static func resolve(_ scalars: [Unicode.Scalar]) -> [hb_script_t] {
        // ASCII letters are Latin (USCRIPT_LATIN = 25), the rest of ASCII Common: most text is
        // answered without the table; the rest from it, no ICU call per character per layout.
        let raw = scalars.map { s -> Int32 in
            guard s.value >= 0x80 else { return (0x41...0x5A).contains(s.value) || (0x61...0x7A).contains(s.value) ? 25 : 0 }
            return ScalarTable.scriptCode(of: s.value)
        }
        // 0 = USCRIPT_COMMON, 1 = USCRIPT_INHERITED, 103 = USCRIPT_UNKNOWN.
        func isReal(_ code: Int32) -> Bool { code > 1 && code != 103 }
        var resolved = raw
        var last: Int32? = nil
        for i in resolved.indices {
            if isReal(resolved[i]) { last = resolved[i] } else if let last { resolved[i] = last }
        }
        if let firstReal = resolved.first(where: isReal) {
            for i in resolved.indices where !isReal(resolved[i]) { resolved[i] = firstReal }
        }
        // Scripts change rarely along a text: each code is converted where it changes.
        var lastCode: Int32 = -1, lastScript = HB_SCRIPT_COMMON
        return resolved.map { code in
            if code == lastCode { return lastScript }
            lastCode = code
            if isReal(code), let name = sheen_uscript_get_short_name(code) {
                lastScript = hb_script_from_string(name, -1)
            } else {
                lastScript = HB_SCRIPT_COMMON
            }
            return lastScript
        }
    }
}
