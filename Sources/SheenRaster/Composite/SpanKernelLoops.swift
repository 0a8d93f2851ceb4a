// The integer compositing span kernels: one destination row span at a time, 32 bytes per block
// (eight 32-bit pixels or thirty-two A8 pixels), generic over the operator, the paint and the
// coverage so each combination compiles to its own straight loop. The tail (fewer than 32 bytes)
// runs the same block code on zero-padded stack copies, so nothing outside the span is read or
// written.
//
// Coverage 0 leaves the destination unchanged for every operator (scaled paint: op(0, D) = D for
// the operators that scale; lerp: D), so blocks whose coverage is all 0 are skipped outright;
// blocks whose coverage is all 255 skip the coverage arithmetic.

// MARK: 32-bit destinations

/// The operator on eight pixels, full coverage.
@inline(__always)
func blendPixels<Op: LaneOperator>(_: Op.Type, _ s: ByteBlock, _ d: ByteBlock) -> ByteBlock {
    let sa = broadcastAlpha(s.odd), da = broadcastAlpha(d.odd)
    var o = Op.channel(s.odd, sa, d.odd, da)
    if Op.usesUnionAlpha { o = replacingAlpha(o, with: unionAlpha(sa, da)) }
    return ByteBlock(even: Op.channel(s.even, sa, d.even, da), odd: o)
}

/// The operator on eight pixels through coverage lanes `c`.
@inline(__always)
func blendPixels<Op: LaneOperator>(_ op: Op.Type, _ s: ByteBlock, _ d: ByteBlock, coverage c: U16x16) -> ByteBlock {
    let ic = 255 &- c
    if Op.lerpsOpaquePaint {
        // Opaque paint pixels: the once-rounded lerp of S and D (CompositeReference.pixel);
        // a block of them all (text, opaque gradients) skips the scaled form entirely.
        let (allOpaque, anyOpaque) = opacity(s.odd)
        if allOpaque { return lerpBlock(s, d, c, ic) }
        let scaled = blendPixels(op, scaledBlock(s, c), d)
        if !anyOpaque { return scaled }
        let l = lerpBlock(s, d, c, ic), opaque = broadcastAlpha(s.odd) .== 255
        return ByteBlock(even: scaled.even.replacing(with: l.even, where: opaque), odd: scaled.odd.replacing(with: l.odd, where: opaque))
    }
    if Op.scalesPaint {
        return blendPixels(op, scaledBlock(s, c), d)
    }
    return lerpBlock(blendPixels(op, s, d), d, c, ic)
}

/// Whether all / any of the eight pixels whose odd lanes are `o` are opaque, by scalar bit tests
/// (the stdlib's `all`/`any` on SIMD masks stay out-of-line calls, DESIGN.md, "Speed without flags"): viewed as
/// four 64-bit words, each alpha sits in bits 16–23 or 48–55; adding 1 to it reaches bit 24 or 56
/// exactly when it is 255.
@inline(__always)
func opacity(_ o: U16x16) -> (all: Bool, any: Bool) {
    let q = unsafeBitCast(o, to: SIMD4<UInt64>.self)
    let alphas: UInt64 = 0x00FF_0000_00FF_0000, one: UInt64 = 0x0001_0000_0001_0000, carry: UInt64 = 0x0100_0000_0100_0000
    let u0 = (q[0] & alphas) &+ one, u1 = (q[1] & alphas) &+ one
    let u2 = (q[2] & alphas) &+ one, u3 = (q[3] & alphas) &+ one
    return ((u0 & u1 & u2 & u3) & carry == carry, (u0 | u1 | u2 | u3) & carry != 0)
}

/// One block of eight pixels at `dst` (pixel index `index` of the span).
@inline(__always)
func compositePixelBlock<Op: LaneOperator, C: CoverageBlocks>(
    _ op: Op.Type, _ s: ByteBlock, _ dst: UnsafeMutableRawPointer, _ coverage: C, _ index: Int
) {
    if C.isFull {
        blendPixels(op, s, ByteBlock(loading: dst)).store(dst)
        return
    }
    let w = coverage.word(index)
    if w == 0 { return }
    let d = ByteBlock(loading: dst)
    if w == ~0 {
        blendPixels(op, s, d).store(dst)
    } else {
        blendPixels(op, s, d, coverage: coverage.pixelLanes(index)).store(dst)
    }
}

/// Composites `count` 32-bit pixels at `dst`.
@inline(__always)
func compositeSpan32<Op: LaneOperator, P: PaintBlocks, C: CoverageBlocks>(
    _ op: Op.Type, _ paint: P, _ coverage: C, _ dst: UnsafeMutableRawPointer, _ count: Int
) {
    var i = 0
    while i &+ 8 <= count {
        compositePixelBlock(op, paint.block(i &* 4), dst + i &* 4, coverage, i)
        i &+= 8
    }
    if i < count {
        let n = count &- i
        let s = paint.tail(i &* 4, n &* 4)
        var tmp = SIMD32<UInt8>()
        withUnsafeMutableBytes(of: &tmp) { t in
            let p = t.baseAddress!
            p.copyMemory(from: dst + i &* 4, byteCount: n &* 4)
            coverage.withTail(i, n) { compositePixelBlock(op, s, p, $0, i) }
            (dst + i &* 4).copyMemory(from: p, byteCount: n &* 4)
        }
    }
}

// MARK: A8 destinations

/// The operator on 32 alpha values: `channel` with s = sa, d = da.
@inline(__always)
func blendAlphas<Op: LaneOperator>(_: Op.Type, _ s: ByteBlock, _ d: ByteBlock) -> ByteBlock {
    ByteBlock(even: Op.channel(s.even, s.even, d.even, d.even), odd: Op.channel(s.odd, s.odd, d.odd, d.odd))
}

@inline(__always)
func compositeAlphaBlock<Op: LaneOperator, C: CoverageBlocks>(
    _ op: Op.Type, _ s: ByteBlock, _ dst: UnsafeMutableRawPointer, _ coverage: C, _ index: Int
) {
    if C.isFull || coverage.allFull32(index) {
        blendAlphas(op, s, ByteBlock(loading: dst)).store(dst)
        return
    }
    if coverage.allZero32(index) { return }
    let d = ByteBlock(loading: dst)
    let c = coverage.byteLanes(index)
    if Op.scalesPaint {
        blendAlphas(op, ByteBlock(even: roundDiv255(s.even &* c.even), odd: roundDiv255(s.odd &* c.odd)), d).store(dst)
    } else {
        let r = blendAlphas(op, s, d)
        ByteBlock(even: roundDiv255(r.even &* c.even &+ d.even &* (255 &- c.even)),
                  odd: roundDiv255(r.odd &* c.odd &+ d.odd &* (255 &- c.odd))).store(dst)
    }
}

/// Composites `count` A8 pixels at `dst`.
@inline(__always)
func compositeSpan8<Op: LaneOperator, P: PaintBlocks, C: CoverageBlocks>(
    _ op: Op.Type, _ paint: P, _ coverage: C, _ dst: UnsafeMutableRawPointer, _ count: Int
) {
    var i = 0
    while i &+ 32 <= count {
        compositeAlphaBlock(op, paint.block(i), dst + i, coverage, i)
        i &+= 32
    }
    if i < count {
        let n = count &- i
        let s = paint.tail(i, n)
        var tmp = SIMD32<UInt8>()
        withUnsafeMutableBytes(of: &tmp) { t in
            let p = t.baseAddress!
            p.copyMemory(from: dst + i, byteCount: n)
            coverage.withTail(i, n) { compositeAlphaBlock(op, s, p, $0, i) }
            (dst + i).copyMemory(from: p, byteCount: n)
        }
    }
}

// MARK: The opaque solid sourceOver fast path: over_n_8_8888

/// `over_n_8_8888` at the portable level (named as the kernel is everywhere — table entry, C
/// body, sheen-bench cases — so the name greps across levels), one row:
/// sourceOver of one opaque pixel through a coverage row: blocks with coverage all 0 are skipped,
/// all 255 are stored directly, and the rest compute the lerp round((S·c + D·(255 − c)) / 255),
/// rounded once (CompositeReference.pixel).
func over_n_8_8888_span(_ pixel: UInt32, _ mask: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ count: Int) {
    let s = ByteBlock(pixel: pixel)
    let solid = SIMD8<UInt32>(repeating: pixel)
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: coverageChunk + 8) { expanded in
        let lanes = expanded.baseAddress!
        @inline(__always) func block(_ d: UnsafeMutableRawPointer, _ m: UnsafeRawPointer, _ c: UnsafeRawPointer) {
            let w = m.loadUnaligned(as: UInt64.self)
            if w == 0 { return }
            if w == ~0 { d.storeBytes(of: solid, as: SIMD8<UInt32>.self); return }
            let c = c.loadUnaligned(as: U16x16.self), ic = 255 &- c
            let v = ByteBlock(loading: d)
            lerpBlock(s, v, c, ic).store(d)
        }
        var start = 0
        while start < count {
            let n = min(coverageChunk, count &- start)
            let m = mask + start, d = dst + start &* 4
            expandCoverage(m, lanes, n)
            var i = 0
            while i &+ 8 <= n {
                block(d + i &* 4, m + i, UnsafeRawPointer(lanes + i))
                i &+= 8
            }
            if i < n {
                let k = n &- i
                for j in k ..< 8 { lanes[i &+ j] = 0 }
                var tmp = SIMD32<UInt8>()
                withUnsafeMutableBytes(of: &tmp) { t in
                    let p = t.baseAddress!
                    p.copyMemory(from: d + i &* 4, byteCount: k &* 4)
                    withPaddedCopy(m + i, k) { block(p, $0, UnsafeRawPointer(lanes + i)) }
                    (d + i &* 4).copyMemory(from: p, byteCount: k &* 4)
                }
            }
            start &+= n
        }
    }
}
