// The exact references across the C boundary — compositing, gradient colour and blur: the oracle for
// C and C++ renderers (and the oracle kit's driver, Oracle/).

import CSheenAPI
import SheenRaster

/// `sheen_exact_composite` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_exact_composite")
public func sheenExactComposite(_ op: Int32, _ rule: Int32, _ format: Int32, _ paint: UnsafePointer<UInt8>?,
                                _ coverage: UnsafePointer<UInt8>?, _ destination: UnsafePointer<UInt8>?, _ count: Int,
                                _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let op = try compositeOperator(op)
        guard let rule = ExactComposite.CoverageRule(rawValue: rule) else {
            throw CAPIError.invalid("rule \(rule) is not a sheen_coverage_rule (0…2)")
        }
        let format = try pixelFormat(format)
        try checkCount(count, perItem: format == .a8 ? 1 : 4)
        guard count > 0 else { return }
        guard let paint else { throw CAPIError.null("paint") }
        guard let destination else { throw CAPIError.null("destination") }
        guard let out else { throw CAPIError.null("out") }
        if format == .a8 {
            for i in 0..<count {
                out[i] = ExactComposite.alpha(op, paint: paint[i], destination: destination[i],
                                              coverage: coverage?[i] ?? 255, rule: rule)
            }
            return
        }
        func pixel(_ p: UnsafePointer<UInt8>, _ i: Int) -> SIMD4<UInt8> {
            format.rgbaOrder(SIMD4(p[4 * i], p[4 * i + 1], p[4 * i + 2], p[4 * i + 3]))
        }
        for i in 0..<count {
            let r = format.rgbaOrder(ExactComposite.pixel(op, paint: pixel(paint, i), destination: pixel(destination, i),
                                                          coverage: coverage?[i] ?? 255, rule: rule))
            out[4 * i] = r.x; out[4 * i + 1] = r.y; out[4 * i + 2] = r.z; out[4 * i + 3] = r.w
        }
    }
}

/// `sheen_exact_gradient` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_exact_gradient")
public func sheenExactGradient(_ gradient: OpaquePointer?, _ points: UnsafePointer<Double>?, _ count: Int,
                               _ premultiplied: Bool, _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let fill = try borrow(gradient, "gradient", as: GradientBox.self).fill
        try checkCount(count, perItem: 4)
        guard count > 0 else { return }
        guard let points else { throw CAPIError.null("points") }
        guard let out else { throw CAPIError.null("out") }
        for i in 0..<2 * count where !points[i].isFinite {
            throw CAPIError.invalid("points[\(i)] = \(points[i]) is not finite")
        }
        for i in 0..<count {
            let c = fill.exactColor(at: Point(points[2 * i], points[2 * i + 1]), premultiplied: premultiplied)
            out[4 * i] = c.x; out[4 * i + 1] = c.y; out[4 * i + 2] = c.z; out[4 * i + 3] = c.w
        }
    }
}

/// `sheen_exact_blur` of the C API; its contract (arguments, units, errors) is documented in sheen.h.
@_cdecl("sheen_exact_blur")
public func sheenExactBlur(_ source: UnsafePointer<sheen_buffer>?, _ sigmaX: Double, _ sigmaY: Double, _ edges: Int32,
                           _ out: UnsafeMutablePointer<Double>?) -> sheen_status {
    capi {
        let buffer = try rasterBuffer(source, "source")
        let blur = try blur(sigmaX, sigmaY, edges)
        guard buffer.width > 0, buffer.height > 0 else { return }
        guard let out else { throw CAPIError.null("out") }
        // Computed in `out` itself (it holds width × height × channels doubles by contract): no
        // image-sized memory of Sheen's own, which a large valid buffer could not get.
        try blur.exactValues(of: buffer.readOnly, into: out)
    }
}

/// Refuses a negative `count`, and one whose `perItem` doubles per item would not fit the
/// address space (the output it fills could not exist; counting it would overflow).
private func checkCount(_ count: Int, perItem: Int) throws {
    guard count >= 0 else { throw CAPIError.invalid("count \(count) is negative") }
    guard count <= Int.max / (perItem * MemoryLayout<Double>.stride) else {
        throw CAPIError.invalid("count \(count) is larger than the address space holds (\(perItem) doubles per item)")
    }
}
