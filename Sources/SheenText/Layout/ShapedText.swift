import CHarfBuzz

/// A piece of text itemised (grapheme clusters, fallback faces, bidi levels, scripts) and shaped.
struct ShapedText {
    let piece: TextPiece
    /// Base direction: 0 left to right, 1 right to left.
    let paragraphLevel: UInt8
    /// Grapheme cluster boundaries, including 0 and the end.
    let graphemes: [Int]
    /// Runs in logical order.
    var runs: [ShapedRun]
    /// Advance of every cluster (at its first unit; 0 elsewhere), tracking included.
    let clusterAdvance: [Double]
    /// Prefix sums of `clusterAdvance` (count + 1 values), for O(1) range widths.
    let prefix: [Double]
    /// Offsets of the tab characters, ascending: widths across them depend on the tab stops.
    let tabOffsets: [Int]

    /// Itemises and shapes `piece`. `scale` multiplies every font size and tracking (auto-shrink);
    /// `extraTracking` (pixels, usually negative: tightening) is added after every grapheme cluster.
    /// With `paragraphLevel` nil the base direction comes from the text itself.
    init(_ piece: TextPiece, attributes: [TextAttributes], scale: Double, paragraphLevel: UInt8?,
         extraTracking: Double = 0) throws(TextError) {
        self.piece = piece
        // Below U+0300 no character joins the one before it in a grapheme cluster (the first
        // combining mark is U+0300; CR LF never reaches here, paragraphs split at both), and
        // below U+0590 none is right to left or a bidi control: such text — most interface
        // text — skips ICU's iterators (fixed costs that dominated a short layout).
        let highest = piece.units.max() ?? 0
        let bidi = try BidiLevels(piece.units, paragraphLevel: paragraphLevel, leftToRightOnly: highest < 0x590)
        self.paragraphLevel = bidi.paragraphLevel
        let graphemes = highest < 0x300 ? Array(0...piece.count) : try BreakIterators.graphemeBoundaries(piece.units)
        self.graphemes = graphemes
        let scalars = piece.scalars()
        let scriptPerScalar = Scripts.resolve(scalars.map(\.scalar))
        var scriptPerUnit = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: piece.count)
        for (i, s) in scalars.enumerated() {
            scriptPerUnit[s.offset] = scriptPerScalar[i]
            if s.offset + 1 < piece.count, s.scalar.value > 0xFFFF { scriptPerUnit[s.offset + 1] = scriptPerScalar[i] }
        }

        // One run per maximal sequence of clusters sharing attributes, face, level and script.
        var runs: [ShapedRun] = []
        var scalarIndex = 0
        var runStart = 0
        var current: (attributes: Int, face: FontFace, level: UInt8, script: hb_script_t)?
        func flush(_ end: Int) throws(TextError) {
            guard let c = current, end > runStart else { return }
            let attrs = attributes[c.attributes]
            let size = attrs.font.size * scale
            let tracking = attrs.tracking * scale + extraTracking
            var glyphs = try Shaper.shape(piece.units, range: runStart..<end, face: c.face, size: size,
                                          rightToLeft: c.level & 1 == 1, script: c.script,
                                          kerning: attrs.kerning, ligatures: attrs.ligatures && tracking == 0)
            if tracking != 0 { Self.addTracking(tracking, to: &glyphs, graphemes: graphemes, runEnd: end) }
            runs.append(ShapedRun(range: runStart..<end, level: c.level, attributesIndex: c.attributes,
                                  face: c.face, size: size, glyphs: glyphs))
        }
        for g in 0..<(graphemes.count - 1) {
            let start = graphemes[g], end = graphemes[g + 1]
            let attrIndex = piece.attributes[start]
            let chain = attributes[attrIndex].font.chain
            let face: FontFace
            if scalarIndex + 1 >= scalars.count || scalars[scalarIndex + 1].offset >= end {
                // One scalar: no cluster array to build. A space or a punctuation mark inside a
                // run of a fallback face stays in that face when it has the glyph (as SkShaper's
                // font runs keep the current font): a Korean paragraph is one run, shaped once,
                // not a run per word with its spaces in the primary face between them.
                let scalar = scalars[scalarIndex].scalar
                if let c = current, c.attributes == attrIndex, c.face !== chain.primary, !c.face.hasColor,
                   Self.joinsNeighbours(scalar), c.face.hasGlyph(for: scalar) {
                    face = c.face
                } else {
                    face = Self.face(for: scalar, chain: chain)
                }
                scalarIndex += 1
            } else {
                var clusterScalars: [Unicode.Scalar] = []
                while scalarIndex < scalars.count && scalars[scalarIndex].offset < end {
                    clusterScalars.append(scalars[scalarIndex].scalar); scalarIndex += 1
                }
                face = Self.face(for: clusterScalars, chain: chain)
            }
            let key = (attributes: attrIndex, face: face, level: bidi.levels[start], script: scriptPerUnit[start])
            if let c = current, c.attributes == key.attributes, c.face === key.face, c.level == key.level, c.script == key.script {
                continue
            }
            try flush(start)
            runStart = start
            current = key
        }
        try flush(piece.count)
        self.runs = runs

        var advance = [Double](repeating: 0, count: piece.count)
        for run in runs { for g in run.glyphs where g.cluster < advance.count { advance[g.cluster] += g.advance } }
        clusterAdvance = advance
        var sums = [Double](repeating: 0, count: piece.count + 1)
        for i in 0..<piece.count { sums[i + 1] = sums[i] + advance[i] }
        prefix = sums
        tabOffsets = piece.units.indices.filter { piece.units[$0] == 0x09 }
    }

    /// The units `range` (on grapheme boundaries) as a line of their own, cut from this shaping
    /// without shaping again — or nil when HarfBuzz marks a cut as unsafe (kerning or a ligature
    /// across it, contextual forms), and the line must be shaped on its own. Bidi levels stay the
    /// paragraph's, which is what UAX #9 asks for (levels are resolved per paragraph, then lines
    /// are reordered).
    func slice(_ range: Range<Int>) -> ShapedText? {
        if range == 0..<piece.count { return self }
        for cut in [range.lowerBound, range.upperBound] where !isSafeCut(cut) { return nil }
        let a = range.lowerBound
        var cutRuns: [ShapedRun] = []
        var r = runs.isEmpty ? 0 : runIndex(containing: a)
        while r < runs.count && runs[r].range.lowerBound < range.upperBound {
            let run = runs[r]
            let glyphs = run.glyphs[Self.glyphs(of: run, in: range)].map { g in
                ShapedGlyph(id: g.id, cluster: g.cluster - a, advance: g.advance, dx: g.dx, dy: g.dy, unsafeToBreak: g.unsafeToBreak)
            }
            cutRuns.append(ShapedRun(range: max(run.range.lowerBound, a) - a..<min(run.range.upperBound, range.upperBound) - a,
                                     level: run.level, attributesIndex: run.attributesIndex, face: run.face, size: run.size,
                                     glyphs: glyphs))
            r += 1
        }
        let g0 = Self.lowerBound(graphemes.count) { graphemes[$0] < a }
        let g1 = Self.lowerBound(graphemes.count) { graphemes[$0] <= range.upperBound }
        return ShapedText(piece: piece.slice(range), paragraphLevel: paragraphLevel,
                          graphemes: graphemes[g0..<g1].map { $0 - a },
                          runs: cutRuns, clusterAdvance: Array(clusterAdvance[range]))
    }

    /// Whether a line may start or end at `offset` (a grapheme boundary) with the glyphs this
    /// shaping gave: the piece's ends, a run's start, or a cluster HarfBuzz did not mark unsafe to
    /// break (no kerning, ligature or contextual form across it).
    func isSafeCut(_ offset: Int) -> Bool {
        guard offset > 0, offset < piece.count else { return true }
        let run = runs[runIndex(containing: offset)]
        if run.range.lowerBound == offset { return true }
        let atCut = run.glyphs[Self.glyphs(of: run, in: offset..<offset + 1)]
        return !atCut.isEmpty && !atCut.contains { $0.cluster != offset || $0.unsafeToBreak }
    }

    /// The end of the run holding unit `offset` when that run is embedded deeper than the
    /// paragraph (right-to-left text in a left-to-right paragraph, or the reverse), else nil: a
    /// line ending inside such a run reorders differently from the whole line.
    func embeddedRunEnd(at offset: Int) -> Int? {
        guard offset < piece.count, !runs.isEmpty else { return nil }
        let run = runs[runIndex(containing: offset)]
        return run.level > paragraphLevel ? run.range.upperBound : nil
    }

    /// An empty shaping, holding no memory: what a composed line keeps once it is placed.
    static let released = ShapedText(piece: TextPiece(), paragraphLevel: 0, graphemes: [0], runs: [], clusterAdvance: [])

    /// Index of the run holding unit `offset` (runs tile the piece in logical order).
    private func runIndex(containing offset: Int) -> Int {
        max(0, Self.lowerBound(runs.count) { runs[$0].range.upperBound <= offset })
    }

    /// The glyphs of `run` whose clusters lie in `clusters`. HarfBuzz keeps clusters monotonic
    /// (ascending in left-to-right runs, descending in right-to-left ones), so this is a binary search.
    private static func glyphs(of run: ShapedRun, in clusters: Range<Int>) -> Range<Int> {
        let g = run.glyphs
        if run.level & 1 == 0 {
            return lowerBound(g.count) { g[$0].cluster < clusters.lowerBound }..<lowerBound(g.count) { g[$0].cluster < clusters.upperBound }
        }
        return lowerBound(g.count) { g[$0].cluster >= clusters.upperBound }..<lowerBound(g.count) { g[$0].cluster >= clusters.lowerBound }
    }

    /// The first index in 0..<count for which `before` is false (`before` must be true, then false).
    static func lowerBound(_ count: Int, _ before: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(mid) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    init(piece: TextPiece, paragraphLevel: UInt8, graphemes: [Int], runs: [ShapedRun], clusterAdvance: [Double],
         tabsResolved: Bool = false) {
        self.piece = piece
        self.paragraphLevel = paragraphLevel
        self.graphemes = graphemes
        self.runs = runs
        self.clusterAdvance = clusterAdvance
        var sums = [Double](repeating: 0, count: clusterAdvance.count + 1)
        for i in clusterAdvance.indices { sums[i + 1] = sums[i] + clusterAdvance[i] }
        prefix = sums
        tabOffsets = tabsResolved ? [] : piece.units.indices.filter { piece.units[$0] == 0x09 }
    }

    /// Width in pixels of the units `range` (cluster-aligned) as a line of their own, shaped in
    /// this context: tabs advance to the paragraph's stops, measured from the range's start.
    func width(_ range: Range<Int>) -> Double {
        if tabs(in: range).isEmpty { return prefix[range.upperBound] - prefix[range.lowerBound] }
        return tabStopLayout(range).width
    }

    /// Total advance width in pixels.
    var width: Double { width(0..<piece.count) }

    /// The face for one grapheme cluster: a colour face for a cluster shown as emoji (when one is
    /// installed), else the primary face when it has every scalar that needs a glyph, else the
    /// face the fallback chain picks for the cluster's base character.
    static func face(for scalars: [Unicode.Scalar], chain: FontChain) -> FontFace {
        if FontChain.wantsEmoji(scalars), let color = chain.colorFace(for: scalars) { return color }
        if FontChain.covers(chain.primary, scalars) { return chain.primary }
        guard let base = scalars.first(where: { !FontChain.isIgnorable($0) }) else { return chain.primary }
        return chain.face(for: base)
    }

    /// White space and the punctuation that ends or joins words — spaces, ! , - . / : ; ?,
    /// dashes, "…", CJK commas and stops. Such a character stays in the face of the run around
    /// it. Brackets and quotation marks do not: a pair must come from one face, and "한국어(Korean)"
    /// opens after Hangul and closes after Latin.
    static func joinsNeighbours(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x21, 0x2C...0x2F, 0x3A, 0x3B, 0x3F, 0xA0, 0x2010...0x2015, 0x2026, 0x3000...0x3002:
            return true
        default:
            return false
        }
    }

    /// `face(for:chain:)` of a cluster of one scalar, without the array.
    static func face(for scalar: Unicode.Scalar, chain: FontChain) -> FontFace {
        // Below U+2000 only © and ® can be emoji, and neither is one by default; no CJK or
        // Hangul letter is one, or ignorable.
        if FontChain.isPlainSyllabic(scalar.value) { return chain.face(for: scalar) }
        if scalar.value >= 0x2000 || scalar.value == 0xA9 || scalar.value == 0xAE { return face(for: [scalar], chain: chain) }
        if chain.primary.hasGlyph(for: scalar) || FontChain.isIgnorable(scalar) { return chain.primary }
        return chain.face(for: scalar)
    }

    /// Adds `tracking` once per grapheme cluster to the first glyph (in buffer order) of the
    /// HarfBuzz cluster holding it; a ligature covering n clusters gets n × tracking.
    private static func addTracking(_ tracking: Double, to glyphs: inout [ShapedGlyph], graphemes: [Int], runEnd: Int) {
        let clusterStarts = Set(glyphs.map(\.cluster)).sorted()
        var firstGlyph: [Int: Int] = [:]
        for (i, g) in glyphs.enumerated() where firstGlyph[g.cluster] == nil { firstGlyph[g.cluster] = i }
        // From the run's first cluster, found by bisection: a paragraph of many runs (bidi text
        // changes direction every few words) walked its graphemes from the start for each run.
        let first = clusterStarts.first ?? runEnd
        var g = lowerBound(graphemes.count) { graphemes[$0] < first }
        for (k, c) in clusterStarts.enumerated() {
            let next = k + 1 < clusterStarts.count ? clusterStarts[k + 1] : runEnd
            while g < graphemes.count && graphemes[g] < c { g += 1 }
            var count = 0
            while g < graphemes.count && graphemes[g] < next { count += 1; g += 1 }
            if let i = firstGlyph[c] { glyphs[i].advance += tracking * Double(max(count, 1)) }
        }
    }
}
