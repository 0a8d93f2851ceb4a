// The SIMD blur: two passes of the same shape. Each pass walks strips of 32 values across the
// lines it filters (vectorised across the strip, recursive along it) and writes its result
// transposed, so the second pass is again a walk down columns:
//   pass 1: source rows (bytes)          --filter along y-->  tmp (UInt16, 8.8 levels)
//   pass 2: tmp, strip by strip           --filter along x-->  destination, transposed back
// tmp is laid out in pass 2's strips: block s holds, for x = 0, 1, …, the 32 values
// (y·channels + c) ∈ [32s, 32s + 32) of column x, so pass 2 reads each block front to back (a
// column walk through a row-major tmp missed the cache on every step). The transposes are
// scalar stores from a strip that is still in cache. The 8.8 intermediate adds at most 1/512
// level; pass 1 finishes reading before anything is written to the destination, so source and
// destination may be the same memory.

import Dispatch

/// Everything one blur call needs, shared read-only by its workers.
struct BlurJob: @unchecked Sendable {
    let src: ReadOnlyRasterBuffer
    let dst: RasterBuffer
    let lineX: BlurLine, lineY: BlurLine
    let clamp: Bool
    /// Values per pixel (1 or 4) and its log2.
    let channels: Int, channelShift: Int
    /// The intermediate: `pass2Strips` blocks of `src.width` × 32 UInt16 (see the top of the file).
    let tmp: UnsafeMutablePointer<UInt16>

    var pass1Strips: Int { (src.width * channels + 31) / 32 }
    var pass2Strips: Int { (src.height * channels + 31) / 32 }
    var longestLine: Int { max(src.width, src.height) }

    /// Pass 1 for strip `s`: source values [32s, 32s + 32) of every row, filtered along y.
    func verticalStrip(_ s: Int, _ buf: UnsafeMutablePointer<F32x32>, _ scratch: UnsafeMutablePointer<F32x32>,
                       _ state: UnsafeMutablePointer<Float>) {
        let rowValues = src.width * channels, v0 = s * 32, n = min(32, rowValues - v0)
        let steps = src.height
        for r in 0 ..< steps {
            let p = src.row(r) + v0
            var w = U32x8()
            if n == 32 {
                w = p.loadUnaligned(as: U32x8.self)
            } else {
                withUnsafeMutableBytes(of: &w) { $0.baseAddress!.copyMemory(from: p, byteCount: n) }
            }
            // Group k, lane i holds value 4i + k.
            buf[r] = F32x32(byteLevels(w, 0), byteLevels(w, 8), byteLevels(w, 16), byteLevels(w, 24))
        }
        let result = filtered(buf, scratch, steps, lineY, state)
        // Convert to 8.8 words in place, then write each value's line out transposed: a strided
        // read of the strip (in cache) and a contiguous run in tmp.
        let words = convertInPlace(result, steps, fixed88)
        // Block by block, value by value: each value's 32 / channels steps fill one 64-byte run of
        // tmp, and consecutive values fill consecutive runs, so tmp is written front to back
        // (step-major order scattered stores over every block and ran at half the speed).
        let c = channels, shift = channelShift, block = src.width &* 32, perRun = 32 &>> shift
        var r0 = 0
        while r0 < steps {
            let runs = min(perRun, steps &- r0)
            let blockBase = tmp + (r0 &>> (5 &- shift)) &* block
            for v in 0 ..< n {
                let value = v0 &+ v, channel = value & (c &- 1)
                let run = blockBase + (value &>> shift) &* 32
                // Group k = v % 4, lane i = v / 4: word 8k + i of each 32-word step.
                let from = words + (r0 &* 32 &+ 8 &* (v & 3) &+ (v &>> 2))
                for rr in 0 ..< runs { run[rr &* c &+ channel] = UInt16(truncatingIfNeeded: from[rr &* 32]) }
            }
            r0 &+= perRun
        }
    }

    /// Pass 2 for strip `s`: tmp values [32s, 32s + 32) of every tmp row, filtered along x.
    func horizontalStrip(_ s: Int, _ buf: UnsafeMutablePointer<F32x32>, _ scratch: UnsafeMutablePointer<F32x32>,
                         _ state: UnsafeMutablePointer<Float>) {
        let rowValues = src.height * channels, v0 = s * 32, n = min(32, rowValues - v0)
        let steps = src.width
        for x in 0 ..< steps {
            let p = UnsafeRawPointer(tmp + (s &* src.width &+ x) &* 32)
            let lo = p.loadUnaligned(as: U32x8.self)
            let hi = p.loadUnaligned(fromByteOffset: 32, as: U32x8.self)
            // Groups 0/1 hold values 2i / 2i + 1, groups 2/3 hold 16 + 2i / 17 + 2i.
            let mask = U32x8(repeating: 0xFFFF)
            buf[x] = F32x32(wordLevels(lo & mask), wordLevels(lo &>> 16),
                             wordLevels(hi & mask), wordLevels(hi &>> 16))
        }
        let result = filtered(buf, scratch, steps, lineX, state)
        let words = convertInPlace(result, steps, level8)
        // Value 2i + j (j < 2) is word 8j + i; value 16 + 2i + j is word 16 + 8j + i.
        @inline(__always) func word(_ v: Int) -> Int { 16 &* (v &>> 4) &+ 8 &* (v & 1) &+ ((v & 15) &>> 1) }
        if channels == 1 {
            for v in 0 ..< n {
                let row = dst.row(v0 &+ v), from = words + word(v)
                for x in 0 ..< steps { row.storeBytes(of: UInt8(truncatingIfNeeded: from[x &* 32]), toByteOffset: x, as: UInt8.self) }
            }
        } else {
            for j in 0 ..< n &>> 2 {
                let row = dst.row((v0 &>> 2) &+ j)
                let c0 = words + word(4 &* j), c1 = words + word(4 &* j &+ 1)
                let c2 = words + word(4 &* j &+ 2), c3 = words + word(4 &* j &+ 3)
                for x in 0 ..< steps {
                    // Rounding each channel alone could put a colour one level above its alpha.
                    let o = x &* 32, alpha = c3[o]
                    let px = min(c0[o], alpha) | min(c1[o], alpha) &<< 8 | min(c2[o], alpha) &<< 16 | alpha &<< 24
                    row.storeBytes(of: px, toByteOffset: x &* 4, as: UInt32.self)
                }
            }
        }
    }

    /// The strip after `line`: `buf` itself for σ = 0, else `scratch` holding the filtered values.
    @inline(__always)
    func filtered(_ buf: UnsafeMutablePointer<F32x32>, _ scratch: UnsafeMutablePointer<F32x32>, _ steps: Int,
                          _ line: BlurLine, _ state: UnsafeMutablePointer<Float>) -> UnsafeMutablePointer<F32x32> {
        if line.isIdentity { return buf }
        filterStrip(UnsafeRawPointer(buf).assumingMemoryBound(to: Float.self),
                    UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Float.self),
                    count: steps, line, clamp: clamp, state: state)
        return scratch
    }

    /// Runs pass 1 or 2 over `strips` with one worker's own strip buffers.
    func work(pass: Int, strips: Range<Int>, _ space: BlurWorkspace) {
        for s in strips {
            if pass == 1 {
                verticalStrip(s, space.buf, space.scratch, space.state)
            } else {
                horizontalStrip(s, space.buf, space.scratch, space.state)
            }
        }
    }

    /// Runs both passes, on `threads` workers (bands of strips; the result does not depend on it).
    /// Every buffer is allocated before anything is read or written, so a refused allocation
    /// throws with the destination untouched.
    func run(threads: Int) throws(RasterError) {
        var spaces: [BlurWorkspace] = []
        defer { for space in spaces { space.free() } }
        for _ in 0 ..< threads { spaces.append(try BlurWorkspace(longestLine: longestLine)) }
        if threads <= 1 {
            work(pass: 1, strips: 0 ..< pass1Strips, spaces[0])
            work(pass: 2, strips: 0 ..< pass2Strips, spaces[0])
            return
        }
        let workers = spaces
        for (pass, total) in [(1, pass1Strips), (2, pass2Strips)] {
            // Every worker of pass 1 finishes before pass 2 starts: pass 2 reads all of tmp.
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                work(pass: pass, strips: (total * t / threads) ..< (total * (t + 1) / threads), workers[t])
            }
        }
    }
}

/// Converts `steps` strip steps in place with `convert`, returning the strip viewed as words (32
/// per step, in the same lane order).
@inline(__always)
private func convertInPlace(_ strip: UnsafeMutablePointer<F32x32>, _ steps: Int,
                            _ convert: (F32x8) -> U32x8) -> UnsafeMutablePointer<UInt32> {
    for r in 0 ..< steps {
        let q = strip[r]
        UnsafeMutableRawPointer(strip + r).storeBytes(of: Words32(convert(q.a), convert(q.b), convert(q.c), convert(q.d)),
                                                      as: Words32.self)
    }
    return UnsafeMutableRawPointer(strip).assumingMemoryBound(to: UInt32.self)
}

/// Byte k of each word (shift 8k) as Float levels, through the 2^23 bit trick.
@inline(__always)
private func byteLevels(_ w: U32x8, _ shift: UInt32) -> F32x8 {
    wordLevels((w &>> shift) & U32x8(repeating: 0xFF))
}

/// Words below 2^23 as Floats, exactly.
@inline(__always)
private func wordLevels(_ w: U32x8) -> F32x8 {
    unsafeBitCast(w | U32x8(repeating: 0x4B00_0000), to: F32x8.self) - F32x8(repeating: roundingMagic)
}

/// Levels → round(levels · 256) in [0, 65280], the 8.8 intermediate.
@inline(__always)
private func fixed88(_ v: F32x8) -> U32x8 {
    let scaled = lanesMin(lanesMax(v * 256, .zero), F32x8(repeating: 65280))
    return roundedBits(scaled) & U32x8(repeating: 0xFFFF)
}

/// 8.8 values → round(v / 256) in [0, 255].
@inline(__always)
private func level8(_ v: F32x8) -> U32x8 {
    let levels = lanesMin(lanesMax(v * (1 / 256), .zero), F32x8(repeating: 255))
    return roundedBits(levels) & U32x8(repeating: 0xFF)
}


/// Four word vectors, laid out like `F32x32`, for converting a strip in place.
struct Words32 {
    var a: U32x8, b: U32x8, c: U32x8, d: U32x8
    @inline(__always) init(_ a: U32x8, _ b: U32x8, _ c: U32x8, _ d: U32x8) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }
}


/// One worker's strip buffers, in one allocation: the strip and the filtered strip
/// (`longestLine` steps of 32 Floats each) and the recursion's state.
struct BlurWorkspace: @unchecked Sendable {
    let buf: UnsafeMutablePointer<F32x32>
    let scratch: UnsafeMutablePointer<F32x32>
    let state: UnsafeMutablePointer<Float>

    init(longestLine: Int) throws(RasterError) {
        let stripBytes = try byteCount(longestLine, stride: MemoryLayout<F32x32>.stride)
        let raw = try allocateBytes(try byteCount(stripBytes, stride: 2) + stripStateFloats * MemoryLayout<Float>.stride,
                                    alignment: 64)
        buf = raw.bindMemory(to: F32x32.self, capacity: longestLine)
        scratch = (raw + stripBytes).bindMemory(to: F32x32.self, capacity: longestLine)
        state = (raw + 2 * stripBytes).bindMemory(to: Float.self, capacity: stripStateFloats)
    }

    func free() { freeBytes(UnsafeMutableRawPointer(buf)) }
}
