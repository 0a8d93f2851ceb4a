// SHEEN_PIXMAN_STATS=1: at exit, per path (operator × source × mask × destination), the calls and
// pixels Sheen drew and those handed to pixman, with why they were handed, on standard error. A call's pixels are its
// rectangle within the destination, before clip regions and repeat-none clipping, so that drawn
// and handed calls count alike.

import SheenPlatform
import SheenRaster

/// The drop-in's counts, kept only when SHEEN_PIXMAN_STATS is set (to anything but "0").
enum DropInStats {
    /// Calls and pixels of one path, Sheen's and pixman's.
    struct Counts {
        var sheenCalls = 0, sheenPixels = 0, pixmanCalls = 0, pixmanPixels = 0
        /// Handed calls by reason (CompositeCall.Handover's words).
        var reasons: [String: Int] = [:]
    }

    /// Whether counting is on (read once).
    static let isOn: Bool = {
        guard let value = getenv("SHEEN_PIXMAN_STATS"), String(cString: value) != "0" else { return false }
        atexit { DropInStats.report() }
        return true
    }()

    private static let table = Locked<[String: Counts]>([:])

    /// Counts a composite call: drawn by Sheen, or handed to pixman for `reason`.
    static func count(_ call: CompositeCall, handedBecause reason: StaticString?) {
        let (s, m, d) = ImageRegistry.lookup(call.source, call.mask, call.destination)
        let op = PixmanOperator.of(call.op).map { "\($0.name)" } ?? "op 0x" + String(call.op, radix: 16)
        let key = [op, describe(s, present: call.source != nil), describe(m, present: call.mask != nil),
                   describe(d, present: call.destination != nil)].joined(separator: " ")
        var pixels = max(call.width, 0) * max(call.height, 0)
        if let d, case let .bits(_, _, w, h, _) = d.content {
            let clipped = PixelRect(x: call.destinationX, y: call.destinationY, width: max(call.width, 0), height: max(call.height, 0))
                .intersection(PixelRect(x: 0, y: 0, width: w, height: h))
            pixels = clipped.width * clipped.height
        }
        add(key, pixels: pixels, handedBecause: reason.map { "\($0)" })
    }

    /// Counts a glyph run as one call of path "OP source glyphs destination"
    /// (pixman_composite_glyphs_no_mask, whose pixels are its glyphs' boxes) or "OP source
    /// glyph-mask destination" (pixman_composite_glyphs, `throughMask`: the mask's pixels): drawn
    /// by the drop-in, or handed to pixman whole for `reason`.
    static func countGlyphRun(op: UInt32, source: PixmanImage?, destination: PixmanImage?, throughMask: Bool = false, pixels: Int,
                              handedBecause reason: StaticString?) {
        let records = ImageRegistry.lookup(source, nil, destination)
        let name = PixmanOperator.of(op).map { "\($0.name)" } ?? "op 0x" + String(op, radix: 16)
        let key = [name, describe(records.0, present: source != nil), throughMask ? "glyph-mask" : "glyphs",
                   describe(records.2, present: destination != nil)]
            .joined(separator: " ")
        add(key, pixels: pixels, handedBecause: reason.map { "\($0)" })
    }

    /// Counts a pixman_fill drawn by Sheen.
    static func countFill(bpp: Int, pixels: Int) {
        add("fill \(bpp)bpp", pixels: pixels, handedBecause: nil)
    }

    private static func add(_ key: String, pixels: Int, handedBecause reason: String?) {
        table.withLock { t in
            var c = t[key] ?? Counts()
            if let reason {
                c.pixmanCalls += 1; c.pixmanPixels += pixels
                c.reasons[reason, default: 0] += 1
            } else {
                c.sheenCalls += 1; c.sheenPixels += pixels
            }
            t[key] = c
        }
    }

    /// An image as the statistics name it: its format, "solid", "linear-gradient" (radial,
    /// conical; "gradient" for one whose stops were not read), "none" or "unknown"
    /// (an image made without the drop-in seeing it).
    private static func describe(_ record: ImageRecord?, present: Bool) -> String {
        guard present else { return "none" }
        guard let record else { return "unknown" }
        switch record.content {
        case let .bits(format, _, _, _, _): return format?.name ?? "other-format"
        case .solid: return "solid"
        case .gradient: return record.gradient.map { $0.geometry.name + "-gradient" } ?? "gradient"
        }
    }

    /// Prints the table, most pixels first, and the totals.
    static func report() {
        let rows = table.withLock { $0 }.sorted { ($0.value.sheenPixels + $0.value.pixmanPixels) > ($1.value.sheenPixels + $1.value.pixmanPixels) }
        var lines = ["libsheen-pixman statistics (operator source mask destination: calls and pixels drawn by Sheen | handed to pixman)"]
        var total = Counts()
        for (key, c) in rows {
            let why = c.reasons.sorted { $0.value > $1.value }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            lines.append("  \(key): \(c.sheenCalls) calls \(c.sheenPixels) px | \(c.pixmanCalls) calls \(c.pixmanPixels) px"
                         + (why.isEmpty ? "" : " (\(why))"))
            total.sheenCalls += c.sheenCalls; total.sheenPixels += c.sheenPixels
            total.pixmanCalls += c.pixmanCalls; total.pixmanPixels += c.pixmanPixels
        }
        let all = max(total.sheenPixels + total.pixmanPixels, 1)
        lines.append("  total: \(total.sheenCalls) calls \(total.sheenPixels) px | \(total.pixmanCalls) calls \(total.pixmanPixels) px"
                     + " — Sheen drew \(total.sheenPixels * 1000 / all / 10).\(total.sheenPixels * 1000 / all % 10) % of the pixels")
        let text = Array((lines.joined(separator: "\n") + "\n").utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
