// `sheen-fuzz-pixman --captures WITH WITHOUT`: the calls a program made, recorded by
// Tests/Pixman/capture.c once through the drop-in (WITH) and once through the system pixman
// (WITHOUT), matched by their inputs; every destination pixel where the two differ is measured
// against the exact result of pixman's definition (PixmanContract), so a CRC program's difference
// is shown to be Sheen's rounding within its contract — or not (Scripts/pixman-crc.sh).

import CSheenPixman
import SheenPixman
import SheenPlatform

/// One recorded composite.
struct CapturedCall {
    /// An image as recorded: bits (pixels and state), a solid colour, or one not recorded.
    enum Image {
        case bits(format: UInt32, width: Int, height: Int, stride: Int, repeatMode: UInt32, tx: Int, ty: Int,
                  translated: Bool, componentAlpha: Bool, pixels: [UInt8])
        case solid(argb: UInt32, componentAlpha: Bool)
        case other
    }

    let arguments: [Int32]   // op, src x, y, mask x, y, dest x, y, width, height
    let source: Image?, mask: Image?, destination: Image?
    /// The record's bytes up to the destination afterwards: its inputs, the key two runs match on.
    let inputs: [UInt8]
    let after: [UInt8]

    /// Every record of a capture file; nil, saying why, when it is not one.
    static func read(_ path: String) -> [CapturedCall]? {
        guard let file = fopen(path, "rb") else { print("cannot read \(path)"); return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0 ..< n]
        }
        var at = 0, calls: [CapturedCall] = []
        func u32() -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        func take(_ n: Int) -> [UInt8]? {
            guard n >= 0, at + n <= bytes.count else { return nil }
            defer { at += n }
            return Array(bytes[at ..< at + n])
        }
        func image() -> Image?? {
            guard let kind = u32() else { return nil }
            switch kind {
            case 0: return .some(nil)
            case 2:
                guard let argb = u32(), let ca = u32() else { return nil }
                return .some(.solid(argb: argb, componentAlpha: ca != 0))
            case 1:
                guard let f = u32(), let w = u32(), let h = u32(), let stride = u32(), let r = u32(), let tx = u32(), let ty = u32(),
                      let translated = u32(), let ca = u32(), let pixels = take(Int(stride) * Int(h)) else { return nil }
                return .some(.bits(format: f, width: Int(w), height: Int(h), stride: Int(stride), repeatMode: r,
                                   tx: Int(Int32(bitPattern: tx)), ty: Int(Int32(bitPattern: ty)), translated: translated != 0,
                                   componentAlpha: ca != 0, pixels: pixels))
            default: return .some(.other)
            }
        }
        while at < bytes.count {
            let start = at
            guard take(4) == Array("PXC1".utf8) else { print("\(path): not a capture at byte \(start)"); return nil }
            var arguments: [Int32] = []
            for _ in 0 ..< 9 { guard let v = u32() else { return nil }; arguments.append(Int32(bitPattern: v)) }
            guard let s = image(), let m = image(), let d = image(), case let .bits(_, _, h, stride, _, _, _, _, _, _)? = d,
                  let after = take(stride * h) else {
                print("\(path): a record ends early at byte \(start)"); return nil
            }
            calls.append(CapturedCall(arguments: arguments, source: s, mask: m, destination: d,
                                      inputs: Array(bytes[start ..< at - stride * h]), after: after))
        }
        return calls
    }
}

enum CaptureComparison {
    /// Compares the two captures; returns the process's exit status (0: every differing pixel
    /// within Sheen's contract, or nearer the exact result than pixman's).
    static func run(with withPath: String, without withoutPath: String) -> Int32 {
        guard let with = CapturedCall.read(withPath), let without = CapturedCall.read(withoutPath) else { return 2 }
        var pixman: [[UInt8]: [UInt8]] = [:]
        for call in without { pixman[call.inputs] = call.after }
        var matched = 0, differing = 0, pixels = 0, unmodelled = 0, beyond = 0
        var worstSheen = 0.0, worstPixman = 0.0
        var first: String?
        for call in with {
            guard let theirs = pixman[call.inputs] else { continue }
            matched += 1
            guard theirs != call.after else { continue }
            differing += 1
            guard case let .bits(format, width, height, stride, _, _, _, _, _, before)? = call.destination,
                  fuzzFormats.contains(format), let op = sheenOperator(forPixmanOperator: UInt32(call.arguments[0])) else {
                unmodelled += 1; continue
            }
            let bpp = bytesPerPixel(format)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let at = y * stride + x * bpp
                    let channels = bpp == 1 ? 3 ..< 4 : (isPadded(format) ? 0 ..< 3 : 0 ..< 4)
                    let a = call.after.withUnsafeBytes { readPixel($0.baseAddress! + at, format) }
                    let b = theirs.withUnsafeBytes { readPixel($0.baseAddress! + at, format) }
                    guard channels.contains(where: { a[$0] != b[$0] }) else { continue }
                    pixels += 1
                    let dx = x - Int(call.arguments[5]), dy = y - Int(call.arguments[6])
                    guard let s = sample(call.source, dx + Int(call.arguments[1]), dy + Int(call.arguments[2])),
                          let m = call.mask == nil ? 255 : sample(call.mask, dx + Int(call.arguments[3]), dy + Int(call.arguments[4]))?.w
                    else { unmodelled += 1; continue }
                    let d = before.withUnsafeBytes { readPixel($0.baseAddress! + at, format) }
                    let exact = PixmanContract.exact(op, source: s, coverage: m, destination: d, alphaOnly: bpp == 1)
                    var a8OntoColour = false
                    if bpp == 4, case let .bits(f, _, _, _, _, _, _, _, _, _)? = call.source { a8OntoColour = f == UInt32(SHEEN_PIXMAN_A8) }
                    let tolerance = PixmanContract.tolerance(coverage: m, a8OntoColour: a8OntoColour)
                    for c in channels {
                        let errorA = abs(Double(a[c]) - exact[c]), errorB = abs(Double(b[c]) - exact[c])
                        worstSheen = max(worstSheen, errorA); worstPixman = max(worstPixman, errorB)
                        if errorA > tolerance && errorA > errorB {
                            beyond += 1
                            if first == nil {
                                first = "op 0x\(String(call.arguments[0], radix: 16)) pixel (\(x), \(y)) channel \(c): Sheen \(a[c]), pixman \(b[c]), exact \(exact[c]) (source \(s), coverage \(m), destination \(d))"
                            }
                        }
                    }
                }
            }
        }
        print("calls matched \(matched) of \(with.count), \(differing) differ from pixman's; \(pixels) pixels differ"
              + (unmodelled > 0 ? " (\(unmodelled) calls or pixels the reference does not model)" : "")
              + String(format: "; largest error against the exact result: Sheen %.3f, pixman %.3f levels", worstSheen, worstPixman)
              + "; Sheen beyond its contract and further off than pixman: \(beyond)")
        if let first { print("  first: \(first)") }
        return beyond == 0 && matched > 0 ? 0 : 1
    }

    /// What pixman samples of a recorded source or mask at (x, y) of its space; nil where the
    /// reference does not model it (a transform other than a translation, component alpha, a
    /// format other than the five, an image not recorded).
    private static func sample(_ image: CapturedCall.Image?, _ x: Int, _ y: Int) -> SIMD4<UInt8>? {
        switch image {
        case let .bits(format, width, height, stride, repeatMode, tx, ty, translated, ca, pixels)?:
            guard translated, !ca, fuzzFormats.contains(format) else { return nil }
            return pixels.withUnsafeBytes {
                pixmanSample(x + tx, y + ty, format: format, pixels: $0.baseAddress!, width: width, height: height, stride: stride,
                             repeatMode: repeatMode)
            }
        case let .solid(argb, ca)?:
            guard !ca else { return nil }
            return SIMD4(UInt8(argb >> 16 & 0xFF), UInt8(argb >> 8 & 0xFF), UInt8(argb & 0xFF), UInt8(argb >> 24))
        default:
            return nil
        }
    }
}
