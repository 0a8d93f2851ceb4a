import CSheenSIMD

// A KernelGradient as the C kernels' SheenGradientJob (CSheenSIMD.h).

extension KernelGradient {
    /// SheenGradientJob's code for a spread.
    static func jobSpread(_ spread: GradientSpread) -> UInt32 {
        switch spread {
        case .pad: return UInt32(SHEEN_GRADIENT_PAD)
        case .repeat: return UInt32(SHEEN_GRADIENT_REPEAT)
        case .reflect: return UInt32(SHEEN_GRADIENT_REFLECT)
        }
    }

    /// The job for a span of pixels (destination, rectangle and format filled in by the caller's
    /// arguments), valid inside `body` only.
    func withJob<R>(dst: UnsafeMutableRawPointer, stride: Int, x: Int, y: Int, width: Int, height: Int,
                    bytesPerPixel: Int, bgra: Bool, dither dithered: Bool,
                    _ body: (inout SheenGradientJob) -> R) -> R {
        var job = SheenGradientJob()
        job.dst = dst.assumingMemoryBound(to: UInt8.self)
        job.dstStride = stride
        job.x = x; job.y = y; job.width = width; job.height = height
        job.bytesPerPixel = UInt32(bytesPerPixel)
        switch geometry {
        case let .point(shape, wraps):
            job.shape = shape
            job.spread = wraps ? UInt32(SHEEN_GRADIENT_WRAPPED) : Self.jobSpread(spread)
        case .linear, .empty:
            // An empty gradient never reaches a kernel (KernelGradient.shade).
            job.shape = UInt32(SHEEN_GRADIENT_LINEAR)
            job.spread = Self.jobSpread(spread)
        }
        job.dither = dithered ? 1 : 0
        job.opaque = ramp.opaque ? 1 : 0
        job.quadratic = ramp.quadratic ? 1 : 0
        withUnsafeMutableBytes(of: &job.g) { raw in
            for k in 0 ..< 6 { raw.storeBytes(of: g[k], toByteOffset: 8 * k, as: Double.self) }
        }
        withUnsafeMutableBytes(of: &job.p) { raw in
            for k in 0 ..< 9 { raw.storeBytes(of: params[k], toByteOffset: 4 * k, as: Float.self) }
        }
        job.segments = UInt32(ramp.count)
        job.cellCount = UInt32(ramp.cells.count)
        job.cellSteps = UInt32(ramp.cellSteps)
        let pieces = bgra ? ramp.piecesBGRA : ramp.piecesRGBA
        var lanes = (laneX, laneY)
        return withUnsafeBytes(of: &lanes) { lanes in
            Self.ditherTable.withUnsafeBufferPointer { dt in
                ramp.bounds.withUnsafeBufferPointer { b in
                    pieces.withUnsafeBufferPointer { p in
                        ramp.cells.withUnsafeBufferPointer { c in
                            job.laneX = lanes.baseAddress?.assumingMemoryBound(to: Float.self)
                            job.laneY = job.laneX.map { $0 + MemoryLayout<SIMD16<Float>>.stride / 4 }
                            job.ditherTable = dithered ? dt.baseAddress : nil
                            job.bounds = b.baseAddress; job.pieces = p.baseAddress; job.cells = c.baseAddress
                            return body(&job)
                        }
                    }
                }
            }
        }
    }
}
