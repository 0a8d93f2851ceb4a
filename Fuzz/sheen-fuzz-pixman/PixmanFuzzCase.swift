// One fuzz input: a few images (bits of the five formats the drop-in draws, solid fills,
// linear, radial and conical gradients), made on both sides, then one to four calls —
// composites with any operator, source, mask, repeat, transform, filter, clip region, offsets and
// size (1…300 pixels a side), and fills — each made through the drop-in (side A) and through the
// system pixman (side B), images shared between the calls (an image that is the destination and
// also the source or mask of a call is read in place). After each call:
// - no fault (each image's last byte lies before an unmapped page: a read or write past it
//   faults), and the canary band before each image holds;
// - images other than the destination unchanged on both sides;
// - a call the drop-in handed over: side A equals side B byte for byte;
// - a call Sheen drew: nothing changed outside the composite rectangle, the destination and its
//   clip; a drawn call of a kind the reference does not model (a convolution filter, component
//   alpha but under a gradient) must have written what pixman writes (the drop-in hands such
//   calls over, or their region is empty; a transformed bits mask or source is modelled by the system pixman's own
//   sampling of it, a src copy into a8 or a8r8g8b8 — a source's under a point filter or a separable
//   convolution); for
//   solid and bits sources, every pixel where the two sides differ is measured against the exact
//   result of pixman's definition ((S in M) op D, ExactComposite with `.scalesPaint`): a finding
//   when Sheen is off by more than its contract (½ level at full coverage, 1.5 through partial
//   coverage, which an a8 source onto colour is drawn as) and further off than pixman, which is then pixman's deviation, not a finding. Where
//   a source or destination pixel is not valid premultiplied colour (which pixman defines and
//   Sheen does not), the drop-in must write what pixman writes within 2 levels
//   (Tests/Pixman/invalid_colours.c's rule), or, through zero coverage, leave it as it was. Gradient sources and masks are held to the bounds only
//   here: their colours and alpha against pixman's are Tests/Pixman/gradients.c's.
// Then side B's destination takes side A's pixels, so the next call starts from the same picture.

import CSheenPixman
import SheenPixman
import SheenPlatform
import SheenRaster

/// The input's bytes in order; 0 past the end.
struct ByteReader {
    let bytes: [UInt8]
    var at = 0

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }

    /// 0 ..< n from two bytes.
    mutating func below(_ n: Int) -> Int { (Int(byte()) << 8 | Int(byte())) % max(n, 1) }

    /// lo … hi from two bytes.
    mutating func within(_ lo: Int, _ hi: Int) -> Int { lo + below(hi - lo + 1) }
}

/// A small generator for pixel content, seeded from the input.
struct PixelNoise {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
}

/// pixman's operators: every Porter-Duff, disjoint, conjoint and PDF blend operator.
let fuzzOperators: [UInt32] = Array(0x00 ... 0x0d) + Array(0x10 ... 0x1b) + Array(0x20 ... 0x2b) + Array(0x30 ... 0x3e)

enum PixmanFuzzCase {
    /// Largest pixel count of one bits image (one side is 1…300 pixels, the other what keeps
    /// the image within this): keeps an input well under a millisecond.
    static let maximumArea = 2048

    /// Runs one input; nil when it passed, else what broke.
    static func failure(_ input: [UInt8]) -> String? {
        var r = ByteReader(bytes: input)
        var noise = PixelNoise(state: 0x9E37_79B9_7F4A_7C15 ^ (UInt64(r.byte()) << 8 | UInt64(r.byte())) &* 0x2545_F491_4F6C_DD1D | 1)
        var pool: [FuzzImage] = []
        var invalidColours = false
        for _ in 0 ..< 1 + r.below(3) { pool.append(makeBits(&r, &noise, &invalidColours)) }
        for _ in 0 ..< r.below(3) { if let paint = makePaint(&r) { pool.append(paint) } }
        let targets = pool.filter { $0.bits != nil }
        for call in 0 ..< 1 + r.below(4) {
            let dst = targets[r.below(targets.count)]
            let problem = r.below(8) == 7
                ? fill(&r, dst)
                : composite(&r, pool: pool, dst: dst, invalidColours: invalidColours)
            if let problem { return "call \(call): \(problem)" }
            for image in pool {
                if let bits = image.bits, !bits.a.bandIntact { return "call \(call): wrote before the first byte of an image" }
            }
        }
        return nil
    }

    // MARK: Images

    /// A bits image of a random format and size (one side 1…300 pixels), row padding 0…12
    /// bytes, filled alike on both sides.
    static func makeBits(_ r: inout ByteReader, _ noise: inout PixelNoise, _ invalid: inout Bool) -> FuzzImage {
        let format = fuzzFormats[r.below(fuzzFormats.count)]
        var width = 1 + r.below(r.byte() < 64 ? 300 : 48)
        var height = 1 + r.below(min(300, maximumArea / width))
        if r.byte() & 1 == 1 { swap(&width, &height) }
        height = min(height, maximumArea / width)
        let bpp = bytesPerPixel(format)
        let stride = (width * bpp + 3) / 4 * 4 + 4 * r.below(4)
        let a = FencedBits(rowBytes: width * bpp, stride: stride, height: height)
        let b = FencedBits(rowBytes: width * bpp, stride: stride, height: height)
        let content = r.below(7)
        if content == 6 { invalid = true }
        let uniform = noise.next()
        for y in 0 ..< height {
            for x in 0 ..< width {
                let p = a.base + y * stride + x * bpp
                let n = content == 3 ? uniform : noise.next()
                var alpha = UInt32(truncatingIfNeeded: n >> 56)
                switch content {
                case 1: alpha = 255
                case 2: alpha = 0
                case 4: alpha = alpha & 1 == 1 ? 255 : 0
                default: break
                }
                if bpp == 1 { p.storeBytes(of: UInt8(alpha), as: UInt8.self); continue }
                var word = alpha << 24
                for shift in [0, 8, 16] {
                    let level = UInt32(truncatingIfNeeded: n >> UInt64(shift + 8)) & 0xFF
                    word |= (content == 6 || isPadded(format) ? level : level % (alpha + 1)) << UInt32(shift)
                }
                if isPadded(format) { word = word & 0x00FF_FFFF | UInt32(truncatingIfNeeded: n >> 32) << 24 }
                p.storeBytes(of: word, toByteOffset: 0, as: UInt32.self)
            }
            // Row padding (none after the last row, which ends at the unmapped page): a pattern
            // the drop-in must leave as it is.
            if y < height - 1 { (a.base + y * stride + width * bpp).initializeMemory(as: UInt8.self, repeating: 0x5A, count: stride - width * bpp) }
        }
        b.copy(from: a)
        let pointerA = UnsafeMutablePointer<UInt32>(OpaquePointer(a.base)), pointerB = UnsafeMutablePointer<UInt32>(OpaquePointer(b.base))
        guard let imageA = sheenPixmanCreateBits(format, Int32(width), Int32(height), pointerA, Int32(stride)),
              let imageB = ReferencePixman.shared.createBits(format, Int32(width), Int32(height), pointerB, Int32(stride)) else {
            fatalError("sheen-fuzz-pixman: pixman made no \(width)×\(height) image")
        }
        return FuzzImage(kind: .bits(format: format, width: width, height: height, a: a, b: b), a: imageA, b: imageB)
    }

    /// A solid fill or a gradient (1…5 stops, anywhere in or out of 0…1, coincident ones, 16-bit
    /// colours), made alike on both sides; nil when pixman makes none.
    static func makePaint(_ r: inout ByteReader) -> FuzzImage? {
        let pixman = ReferencePixman.shared
        func colour(_ r: inout ByteReader, premultiplied: Bool) -> SheenPixmanColor {
            let a = UInt16(r.below(65536))
            func level(_ r: inout ByteReader) -> UInt16 { premultiplied ? UInt16(r.below(Int(a) + 1)) : UInt16(r.below(65536)) }
            return SheenPixmanColor(red: level(&r), green: level(&r), blue: level(&r), alpha: a)
        }
        func point(_ r: inout ByteReader) -> SheenPixmanPointFixed {
            SheenPixmanPointFixed(x: Int32(r.within(-80, 380) << 16 | r.below(65536)), y: Int32(r.within(-80, 380) << 16 | r.below(65536)))
        }
        let kind = r.below(4)
        if kind == 0 {
            var c = colour(&r, premultiplied: r.byte() < 240)
            guard let a = sheenPixmanCreateSolidFill(&c), let b = pixman.createSolidFill(&c) else { return nil }
            return FuzzImage(kind: .solid(SIMD4(UInt8(c.red >> 8), UInt8(c.green >> 8), UInt8(c.blue >> 8), UInt8(c.alpha >> 8))), a: a, b: b)
        }
        var stops: [SheenPixmanGradientStop] = []
        let outside = r.byte() < 64
        var x: Int32 = outside ? Int32(r.within(-32768, 65536)) : 0
        for _ in 0 ..< 1 + r.below(5) {
            stops.append(SheenPixmanGradientStop(x: x, color: colour(&r, premultiplied: false)))
            if r.byte() >= 48 { x += Int32(r.below(outside ? 65536 : 32768)) }
        }
        var p1 = point(&r), p2 = point(&r)
        let created: (OpaquePointer?, OpaquePointer?)
        switch kind {
        case 1:
            created = (sheenPixmanCreateLinearGradient(&p1, &p2, stops, Int32(stops.count)), pixman.createLinear(&p1, &p2, stops, Int32(stops.count)))
        case 2:
            let r1 = Int32(r.below(200) << 16 | r.below(65536)), r2 = Int32(r.below(300) << 16 | r.below(65536))
            created = (sheenPixmanCreateRadialGradient(&p1, &p2, r1, r2, stops, Int32(stops.count)),
                       pixman.createRadial(&p1, &p2, r1, r2, stops, Int32(stops.count)))
        default:
            let angle = Int32(r.within(-720, 720) << 16)
            created = (sheenPixmanCreateConicalGradient(&p1, angle, stops, Int32(stops.count)), pixman.createConical(&p1, angle, stops, Int32(stops.count)))
        }
        guard let a = created.0, let b = created.1 else {
            if let a = created.0 { _ = sheenPixmanUnref(a) }
            if let b = created.1 { _ = pixman.unref(b) }
            return nil
        }
        return FuzzImage(kind: .gradient, a: a, b: b)
    }

    // MARK: State

    /// Changes `image`'s repeat, transform, filter or component alpha on both sides, as the input says.
    static func restate(_ r: inout ByteReader, _ image: FuzzImage) {
        let pixman = ReferencePixman.shared
        if r.byte() & 1 == 1 {
            let mode = UInt32(r.below(4))
            sheenPixmanSetRepeat(image.a, mode); pixman.setRepeat(image.b, mode)
            image.repeatMode = mode
        }
        let transform = r.below(12)
        if transform >= 6 {
            let one: Int32 = 1 << 16
            var m = SheenPixmanTransform(matrix: ((one, 0, 0), (0, one, 0), (0, 0, one)))
            var translation: (x: Int, y: Int)? = nil
            switch transform {
            case 6, 7, 8:
                translation = (r.within(-12, 12), r.within(-12, 12))
                m.matrix.0.2 = Int32(translation!.x) << 16; m.matrix.1.2 = Int32(translation!.y) << 16
            case 9:   // a translation by a fraction of a pixel
                m.matrix.0.2 = Int32(r.within(-12, 12) << 16 + r.within(1, 65535)); m.matrix.1.2 = Int32(r.within(-3, 3) << 16)
            case 10:  // scale and shear
                m.matrix.0.0 = Int32(r.within(1 << 14, 4 << 16)); m.matrix.0.1 = Int32(r.within(-65536, 65536))
                m.matrix.1.1 = Int32(r.within(1 << 14, 4 << 16)); m.matrix.1.0 = Int32(r.within(-65536, 65536))
            default:  // projective
                m.matrix.2.0 = Int32(r.within(1, 2048)); m.matrix.2.1 = Int32(r.within(-2048, 2048))
            }
            _ = withUnsafePointer(to: &m) { sheenPixmanSetTransform(image.a, $0) }
            _ = withUnsafePointer(to: &m) { pixman.setTransform(image.b, $0) }
            image.translation = translation
        } else if transform == 5 {
            _ = sheenPixmanSetTransform(image.a, nil); _ = pixman.setTransform(image.b, nil)
            image.translation = (0, 0)
        }
        let filter = r.below(16)
        if filter < 5 {
            // fast, good, best, nearest, bilinear: at a whole-pixel translation each samples a pixel
            // centre as that pixel.
            let code = UInt32(filter)
            _ = sheenPixmanSetFilter(image.a, code, nil, 0); _ = pixman.setFilter(image.b, code, nil, 0)
            image.pointFilter = true; image.separable = false
        } else if filter == 5 {
            // A 3 × 3 box convolution.
            let params: [Int32] = [3 << 16, 3 << 16] + Array(repeating: (1 << 16) / 9, count: 9)
            let ok = sheenPixmanSetFilter(image.a, UInt32(SHEEN_PIXMAN_FILTER_CONVOLUTION), params, Int32(params.count))
            _ = pixman.setFilter(image.b, UInt32(SHEEN_PIXMAN_FILTER_CONVOLUTION), params, Int32(params.count))
            if ok != 0 { image.pointFilter = false; image.separable = false }
        } else if filter == 6 {
            // A separable convolution (cairo's downscaling filter; the drop-in's
            // sample_convolution): 1–4 taps and 0–4 phase bits each way, each phase's weights
            // summing to about 1.0, now and then one negative (outside what Sheen draws: pixman's).
            let cw = r.within(1, 4), ch = r.within(1, 4), xb = r.within(0, 4), yb = r.within(0, 4)
            var params: [Int32] = [Int32(cw) << 16, Int32(ch) << 16, Int32(xb) << 16, Int32(yb) << 16]
            for (taps, bits) in [(cw, xb), (ch, yb)] {
                for _ in 0 ..< 1 << bits {
                    let raw = (0 ..< taps).map { _ in Int32(r.byte()) + 1 }
                    let total = raw.reduce(0, +)
                    var weights = raw.map { $0 * 65536 / total }
                    weights[taps - 1] += 65536 - weights.reduce(0, +)
                    if r.byte() < 8 { weights[0] = -weights[0] }
                    params += weights
                }
            }
            let code = UInt32(SHEEN_PIXMAN_FILTER_SEPARABLE_CONVOLUTION)
            let ok = sheenPixmanSetFilter(image.a, code, params, Int32(params.count))
            _ = pixman.setFilter(image.b, code, params, Int32(params.count))
            if ok != 0 { image.pointFilter = false; image.separable = true }
        }
        if r.byte() < 24 {
            let on: Int32 = image.componentAlpha ? 0 : 1
            sheenPixmanSetComponentAlpha(image.a, on); pixman.setComponentAlpha(image.b, on)
            image.componentAlpha = on != 0
        }
    }

    /// Sets, clears or keeps `image`'s clip region (and its flags) on both sides.
    static func reclip(_ r: inout ByteReader, _ image: FuzzImage, width: Int, height: Int) {
        let pixman = ReferencePixman.shared
        let choice = r.below(8)
        if choice == 0 {
            _ = sheenPixmanSetClipRegion32(image.a, nil); _ = pixman.setClipRegion32(image.b, nil)
            image.clip = nil
        } else if choice <= 2 {
            var boxes: [SheenPixmanBox32] = []
            for _ in 0 ..< r.below(5) {
                let x1 = r.within(-8, width + 4), y1 = r.within(-8, height + 4)
                boxes.append(SheenPixmanBox32(x1: Int32(x1), y1: Int32(y1), x2: Int32(x1 + r.within(0, width)), y2: Int32(y1 + r.within(0, height))))
            }
            var region = SheenPixmanRegion32(extents: SheenPixmanBox32(x1: 0, y1: 0, x2: 0, y2: 0), data: nil)
            guard pixman.regionInitRects(&region, boxes, Int32(boxes.count)) != 0 else { return }
            let okA = sheenPixmanSetClipRegion32(image.a, &region), okB = pixman.setClipRegion32(image.b, &region)
            pixman.regionFini(&region)
            guard okA != 0, okB != 0 else { return }
            image.clip = boxes.filter { $0.x1 < $0.x2 && $0.y1 < $0.y2 }
            if choice == 2 {
                sheenPixmanSetHasClientClip(image.a, 1); pixman.setHasClientClip(image.b, 1)
                sheenPixmanSetSourceClipping(image.a, 1); pixman.setSourceClipping(image.b, 1)
                image.clientClip = true; image.sourceClipping = true
            }
        }
    }

    // MARK: Calls

    /// A pixman_fill of a random rectangle inside `dst` on both sides: equal bytes afterwards.
    static func fill(_ r: inout ByteReader, _ dst: FuzzImage) -> String? {
        guard let bits = dst.bits else { return nil }
        let x = r.below(bits.width), y = r.below(bits.height)
        let w = r.within(0, bits.width - x), h = r.within(0, bits.height - y)
        let filler = UInt32(truncatingIfNeeded: r.below(65536) << 16 | r.below(65536))
        let bpp = Int32(bytesPerPixel(bits.format) * 8), stride = Int32(bits.a.stride / 4)
        let okA = sheenPixmanFill(UnsafeMutablePointer(OpaquePointer(bits.a.base)), stride, bpp, Int32(x), Int32(y), Int32(w), Int32(h), filler)
        let okB = ReferencePixman.shared.fill(UnsafeMutablePointer(OpaquePointer(bits.b.base)), stride, bpp, Int32(x), Int32(y), Int32(w), Int32(h), filler)
        if okA != okB { return "pixman_fill returned \(okA), pixman's \(okB)" }
        if !bits.a.same(as: bits.b) { return "pixman_fill \(w)×\(h) at (\(x), \(y)), \(bpp) bpp: the drop-in's bytes differ from pixman's" }
        return nil
    }

    /// A composite on both sides, checked as the file's header says.
    static func composite(_ r: inout ByteReader, pool: [FuzzImage], dst: FuzzImage, invalidColours: Bool) -> String? {
        guard let target = dst.bits else { return nil }
        let op = r.byte() < 200 ? [UInt32](Array(0x00 ... 0x0c) + Array(0x30 ... 0x3e))[r.below(28)] : fuzzOperators[r.below(fuzzOperators.count)]
        let src = pool[r.below(pool.count)]
        let maskChoice = r.below(pool.count + 2)
        let mask = maskChoice < pool.count ? pool[maskChoice] : nil
        restate(&r, src)
        if let mask, mask !== src { restate(&r, mask) }
        reclip(&r, dst, width: target.width, height: target.height)
        let span = max(target.width, target.height)
        var srcX = r.within(-16, span + 16), srcY = r.within(-16, span + 16)
        var maskX = r.within(-16, span + 16), maskY = r.within(-16, span + 16)
        let destX = r.within(-8, target.width), destY = r.within(-8, target.height)
        // A call that reads the destination's own memory reads it in place: pixman copies
        // overlapping rows with memcpy otherwise (undefined; AddressSanitizer stops the run
        // inside pixman).
        for image in [src, mask].compactMap({ $0 }) where image === dst {
            if image.translation.map({ $0 != (0, 0) }) ?? true || image.repeatMode != UInt32(SHEEN_PIXMAN_REPEAT_NONE) {
                _ = sheenPixmanSetTransform(image.a, nil); _ = ReferencePixman.shared.setTransform(image.b, nil)
                sheenPixmanSetRepeat(image.a, UInt32(SHEEN_PIXMAN_REPEAT_NONE)); ReferencePixman.shared.setRepeat(image.b, UInt32(SHEEN_PIXMAN_REPEAT_NONE))
                image.translation = (0, 0); image.repeatMode = UInt32(SHEEN_PIXMAN_REPEAT_NONE)
            }
            if image === src { srcX = destX; srcY = destY } else { maskX = destX; maskY = destY }
        }
        let width = r.within(0, target.width + 8), height = r.within(0, target.height + 8)
        // A transformed bits mask (point filter, no component alpha) as pixman samples it: its
        // src copy by the system pixman into an a8 image over the call's rectangle — what the
        // drop-in's drawing through it is held to.
        var maskSamples: [UInt8]? = nil
        if let mask, mask !== dst, mask.bits != nil, mask.translation == nil, mask.pointFilter, !mask.componentAlpha, width > 0, height > 0 {
            var samples = [UInt8](repeating: 0, count: ((width + 3) & ~3) * height)
            samples.withUnsafeMutableBytes {
                let pixman = ReferencePixman.shared
                let a8 = pixman.createBits(UInt32(SHEEN_PIXMAN_A8), Int32(width), Int32(height), $0.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                           Int32((width + 3) & ~3))
                pixman.composite32(1 /* PIXMAN_OP_SRC */, mask.b, nil, a8, Int32(maskX), Int32(maskY), 0, 0, 0, 0, Int32(width), Int32(height))
                _ = pixman.unref(a8)
            }
            maskSamples = samples
        }
        // A transformed bits source likewise (a point filter or a separable convolution): its src
        // copy by the system pixman into an a8r8g8b8 image over the call's rectangle (the drop-in
        // samples a scaled 32-bit image so).
        var sourceSamples: [UInt32]? = nil
        if src !== dst, src.bits != nil, src.translation == nil, src.pointFilter || src.separable, width > 0, height > 0 {
            var samples = [UInt32](repeating: 0, count: width * height)
            samples.withUnsafeMutableBufferPointer {
                let pixman = ReferencePixman.shared
                let argb = pixman.createBits(UInt32(SHEEN_PIXMAN_A8R8G8B8), Int32(width), Int32(height), $0.baseAddress!, Int32(4 * width))
                pixman.composite32(1 /* PIXMAN_OP_SRC */, src.b, nil, argb, Int32(srcX), Int32(srcY), 0, 0, 0, 0, Int32(width), Int32(height))
                _ = pixman.unref(argb)
            }
            sourceSamples = samples
        }

        let before = [UInt8](UnsafeRawBufferPointer(target.a.bytes))
        let drawnBefore = sheenPixmanDrawnCalls()
        sheenPixmanComposite32(op, src.a, mask?.a, dst.a, Int32(srcX), Int32(srcY), Int32(maskX), Int32(maskY),
                               Int32(destX), Int32(destY), Int32(width), Int32(height))
        let drawn = sheenPixmanDrawnCalls() != drawnBefore
        ReferencePixman.shared.composite32(op, src.b, mask?.b, dst.b, Int32(srcX), Int32(srcY), Int32(maskX), Int32(maskY),
                                           Int32(destX), Int32(destY), Int32(width), Int32(height))
        let call = "op 0x\(String(op, radix: 16)) \(describe(src)) mask \(mask.map(describe) ?? "none") → \(describe(dst)) "
            + "src (\(srcX), \(srcY)) mask (\(maskX), \(maskY)) dest (\(destX), \(destY)) \(width)×\(height)\(drawn ? " drawn by Sheen" : "")"
        for image in pool where image !== dst {
            if let bits = image.bits, !bits.a.same(as: bits.b) { return "\(call): changed an image other than the destination" }
        }
        guard drawn else {
            return target.a.same(as: target.b) ? nil : "\(call): handed to pixman, yet the destination differs from pixman's"
        }
        defer { target.b.copy(from: target.a) }
        // A gradient through a component-alpha mask is drawn by Sheen (CompositeCall's
        // componentCoverage) and held to the bounds, as any gradient source is.
        let gradientSource: Bool = { if case .gradient = src.kind { return true } else { return false } }()
        for image in [src, mask].compactMap({ $0 }) where image.bits != nil && !(image === mask && maskSamples != nil)
            && !(image === src && sourceSamples != nil) {
            // (A call whose region is empty counts as drawn with nothing written: pixman's too.)
            if image.translation == nil || !image.pointFilter || (image === mask && image.componentAlpha && !gradientSource),
               !target.a.same(as: target.b) {
                return "\(call): drawn by Sheen though a bits \(image === mask ? "mask" : "source") is transformed, convolved or component alpha"
            }
        }
        return before.withUnsafeBytes { snapshot in
            check(call: call, op: op, src: src, mask: mask, dst: dst, snapshot: snapshot.baseAddress!,
                  origin: (srcX - destX, srcY - destY), maskOrigin: (maskX - destX, maskY - destY),
                  rect: (destX, destY, width, height), maskSamples: maskSamples, sourceSamples: sourceSamples,
                  invalidColours: invalidColours)
        }
    }

    /// The pixel-by-pixel check of a call Sheen drew (see the file's header); `maskSamples`, a
    /// transformed mask as pixman samples it over `rect` (rows `rect.w` rounded up to 4 apart);
    /// `sourceSamples`, a transformed source so (a8r8g8b8, rows `rect.w` apart).
    static func check(call: String, op: UInt32, src: FuzzImage, mask: FuzzImage?, dst: FuzzImage, snapshot: UnsafeRawPointer,
                      origin: (Int, Int), maskOrigin: (Int, Int), rect: (x: Int, y: Int, w: Int, h: Int),
                      maskSamples: [UInt8]?, sourceSamples: [UInt32]?, invalidColours: Bool) -> String? {
        guard let target = dst.bits else { return nil }
        let bpp = bytesPerPixel(target.format), stride = target.a.stride
        // Bytes outside every row's pixels (the padding) must be as they were.
        for y in 0 ..< target.height - 1 {
            let padding = y * stride + target.width * bpp ..< (y + 1) * stride
            if memcmp(target.a.base + padding.lowerBound, snapshot + padding.lowerBound, padding.count) != 0 { return "\(call): wrote into row \(y)'s padding" }
        }
        let valuesChecked = src.bits != nil || { if case .solid = src.kind { return true } else { return false } }()
        let maskModelled: Bool = {
            guard let mask else { return true }
            if case .gradient = mask.kind { return false }
            return true
        }()
        let sheenOp = sheenOperator(forPixmanOperator: op)
        let colourBytes = isPadded(target.format) ? 3 : bpp
        for y in 0 ..< target.height {
            for x in 0 ..< target.width {
                let at = y * stride + x * bpp
                let pa = target.a.base + at, pb = target.b.base + at
                let inside = x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h && dst.clipContains(x, y)
                    && (!src.clipsAsSource || src.clipContains(x + origin.0, y + origin.1))
                    && (mask.map { !$0.clipsAsSource || $0.clipContains(x + maskOrigin.0, y + maskOrigin.1) } ?? true)
                guard inside else {
                    if memcmp(pa, snapshot + at, bpp) != 0 { return "\(call): wrote pixel (\(x), \(y)) outside the composite region" }
                    continue
                }
                guard valuesChecked, maskModelled, memcmp(pa, pb, colourBytes) != 0 else { continue }
                guard let sheenOp else { return "\(call): drawn by Sheen with an operator it has no row for" }
                let s = sourceSamples.map { samples in
                    withUnsafeBytes(of: samples[(y - rect.y) * rect.w + x - rect.x]) { readPixel($0.baseAddress!, UInt32(SHEEN_PIXMAN_A8R8G8B8)) }
                } ?? src.sample(x + origin.0, y + origin.1, pixels: src === dst ? snapshot : UnsafeRawPointer(src.bits?.a.base) ?? snapshot)
                let m: UInt8 = maskSamples.map { $0[(y - rect.y) * ((rect.w + 3) & ~3) + x - rect.x] } ?? mask.map { $0.sample(x + maskOrigin.0, y + maskOrigin.1, pixels: $0 === dst ? snapshot : UnsafeRawPointer($0.bits?.a.base) ?? snapshot).w } ?? 255
                let d = readPixel(snapshot + at, target.format)
                let a = readPixel(pa, target.format), b = readPixel(pb, target.format)
                let channels = bpp == 1 ? 3 ..< 4 : (isPadded(target.format) ? 0 ..< 3 : 0 ..< 4)
                let invalid = invalidColours && (any(s, above: s.w) || any(d, above: d.w))
                if invalid {
                    // Through zero coverage a bounded operator leaves the destination as it is
                    // ((S·0) op D = D); pixman's HSL modes change such pixels when they are not
                    // premultiplied — pixman's deviation, not Sheen's.
                    if m == 0 && a == d { continue }
                    for c in channels where abs(Int(a[c]) - Int(b[c])) > 2 {
                        return "\(call): pixel (\(x), \(y)) of colours that are not premultiplied: \(a) where pixman writes \(b) (source \(s), coverage \(m), destination \(d))"
                    }
                    continue
                }
                let exact = PixmanContract.exact(sheenOp, source: s, coverage: m, destination: d, alphaOnly: bpp == 1)
                let a8OntoColour = src.bits.map { $0.format == UInt32(SHEEN_PIXMAN_A8) } == true && bpp == 4
                let tolerance = PixmanContract.tolerance(coverage: m, a8OntoColour: a8OntoColour)
                for c in channels {
                    let errorA = abs(Double(a[c]) - exact[c]), errorB = abs(Double(b[c]) - exact[c])
                    if errorA > tolerance && errorA > errorB {
                        return "\(call): pixel (\(x), \(y)) channel \(c): Sheen wrote \(a[c]), exact \(exact[c]) (pixman \(b[c])); source \(s), coverage \(m), destination \(d)"
                    }
                }
            }
        }
        return nil
    }

    /// Whether a colour level of `p` exceeds `alpha`.
    static func any(_ p: SIMD4<UInt8>, above alpha: UInt8) -> Bool { p.x > alpha || p.y > alpha || p.z > alpha }

    /// The image as a failure message names it.
    static func describe(_ image: FuzzImage) -> String {
        let state = "repeat \(image.repeatMode)\(image.translation.map { $0 == (0, 0) ? "" : " translated \($0)" } ?? " transformed")"
            + (image.pointFilter ? "" : " convolved") + (image.componentAlpha ? " ca" : "") + (image.clip.map { " clip \($0.count) boxes" } ?? "")
        switch image.kind {
        case let .bits(format, width, height, _, _): return "bits 0x\(String(format, radix: 16)) \(width)×\(height) \(state)"
        case .solid(let c): return "solid \(c)"
        case .gradient: return "gradient \(state)"
        }
    }
}
