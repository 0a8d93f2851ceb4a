// The blur's job, at every level (the C kernels of CSheenSIMD/BlurBody.h, or the twins'
// blurJobReference): Swift validates, computes the coefficients, allocates the intermediate and
// the workers' scratch, and splits each pass across workers.

import CSheenSIMD
import Dispatch

extension BlurLine {
    /// The 16 coefficients in the order BlurBody.h reads them.
    var coefficients: [Float] {
        [n00, n01, n10, n11, m01, m02, m11, m12, d01, d02, d11, d12,
         causalGain0, causalGain1, anticausalGain0, anticausalGain1]
    }
}

/// A blur entry point: a level's (KernelTable.blur: sheen_blur_simd128 …, blurJobReference), or
/// one a test passes.
typealias BlurEntry = @convention(c) (UnsafePointer<SheenBlurJob>?, Int32, Int, Int, UnsafeMutableRawPointer?) -> Void

/// Shares one job and its buffers with the workers (read-only apart from disjoint rows).
private struct BlurCall: @unchecked Sendable {
    let job: UnsafePointer<SheenBlurJob>
    let scratch: UnsafeMutableRawPointer
    let scratchBytes: Int
    let entry: BlurEntry

    func run(pass: Int32, _ range: Range<Int>, worker: Int) {
        entry(job, pass, range.lowerBound, range.upperBound, scratch + worker * scratchBytes)
    }
}

extension GaussianBlur {
    /// Runs the blur with the blur entry `entry` on `threads` workers.
    /// Everything is allocated before a pixel is read, so a refused allocation throws with the
    /// destination untouched.
    func runC(_ source: ReadOnlyRasterBuffer, _ destination: RasterBuffer, entry: BlurEntry, threads: Int) throws(RasterError) {
        let c = source.format.bytesPerPixel, n = source.width * c, h = source.height
        // The recursion's tiles take the height rounded up to 16 (CSheenSIMD.h).
        let tmpStride = (n + 63) / 64 * 64
        let tmpBytes = try byteCount(try byteCount(tmpStride, stride: (h + 15) / 16 * 16), stride: 2)
        let tapsX = BlurTaps(sigma: sigmaX), tapsY = BlurTaps(sigma: sigmaY)
        let lineX = BlurLine(sigma: sigmaX), lineY = BlurLine(sigma: sigmaY)
        let convolution = method == .convolution
        let kx = lineX.coefficients, ky = lineY.coefficients
        try kx.withUnsafeBufferPointer { (kx) throws(RasterError) in
            try ky.withUnsafeBufferPointer { (ky) throws(RasterError) in
                try tapsX.weights.withUnsafeBufferPointer { (wx) throws(RasterError) in
                    try tapsY.weights.withUnsafeBufferPointer { (wy) throws(RasterError) in
                        var job = SheenBlurJob(
                            src: source.base.assumingMemoryBound(to: UInt8.self), srcStride: source.bytesPerRow,
                            dst: destination.base.assumingMemoryBound(to: UInt8.self), dstStride: destination.bytesPerRow,
                            tmp: nil, tmpStride: tmpStride,
                            width: source.width, height: h, channels: UInt32(c), clamp: edges == .clamp ? 1 : 0,
                            method: UInt32(convolution ? SHEEN_BLUR_CONVOLUTION : SHEEN_BLUR_STRIP),
                            radiusX: UInt32(tapsX.radius), radiusY: UInt32(tapsY.radius),
                            offsetX: UInt32(tapsX.offset), offsetY: UInt32(tapsY.offset),
                            weightsX: wx.baseAddress, weightsY: wy.baseAddress,
                            lineX: lineX.isIdentity ? nil : kx.baseAddress, lineY: lineY.isIdentity ? nil : ky.baseAddress)
                        try withUnsafeMutablePointer(to: &job) { (job) throws(RasterError) in
                            try runPasses(job, tmpBytes: tmpBytes, convolution: convolution, channels: c, entry: entry,
                                          threads: threads)
                        }
                    }
                }
            }
        }
    }

    /// Runs both passes of `job` (its `tmp` still unset) with tmp and every worker's scratch in
    /// one block from `BlurMemory`.
    private func runPasses(_ job: UnsafeMutablePointer<SheenBlurJob>, tmpBytes: Int, convolution: Bool, channels c: Int,
                           entry: BlurEntry, threads: Int) throws(RasterError) {
        let n = job.pointee.width * c, h = job.pointee.height
        let scratchBytes = (sheen_blur_scratch_bytes(job) + 63) / 64 * 64
        let pass1 = convolution ? h : (n + 15) / 16
        let pass2 = convolution ? h : (c == 1 ? (h + 15) / 16 : (h + 3) / 4)
        let workers = max(1, min(threads, pass1, pass2))
        let tmpSpan = (tmpBytes + 63) / 64 * 64
        let total = try byteCount(scratchBytes, stride: workers) + tmpSpan
        try BlurMemory.shared.with(bytes: total) { (block) throws(RasterError) in
            job.pointee.tmp = block.assumingMemoryBound(to: UInt16.self)
            run(job, scratch: block + tmpSpan, scratchBytes: scratchBytes, pass1: pass1, pass2: pass2, workers: workers,
                bandRows: convolution ? Self.convolutionBandRows : nil, entry: entry)
        }
    }

    /// Rows of the destination the single-threaded convolution finishes at a time (see `run`).
    static let convolutionBandRows = 32

    /// Runs pass 1 over its `pass1` units, then pass 2 over its `pass2`. With one worker and
    /// `bandRows` (the convolution, whose units are rows), the passes alternate instead: pass 1
    /// runs ahead just far enough for the next `bandRows` rows of pass 2 (their radius of tmp
    /// rows), so pass 2 reads tmp rows written moments before, still in the cache, not a whole
    /// image of them from memory (a 3840×2160 A8 tmp is 16 MB). Each row's bytes are the same.
    private func run(_ job: UnsafePointer<SheenBlurJob>, scratch: UnsafeMutableRawPointer, scratchBytes: Int,
                     pass1: Int, pass2: Int, workers: Int, bandRows: Int?, entry: BlurEntry) {
        let call = BlurCall(job: job, scratch: scratch, scratchBytes: scratchBytes, entry: entry)
        if workers == 1, let bandRows {
            let radius = Int(job.pointee.radiusY)
            var written = 0
            for y in stride(from: 0, to: pass2, by: bandRows) {
                let end = min(pass2, y + bandRows), needed = min(pass1, end + radius)
                if needed > written {
                    call.run(pass: 1, written ..< needed, worker: 0)
                    written = needed
                }
                call.run(pass: 2, y ..< end, worker: 0)
            }
            return
        }
        for (pass, total) in [(Int32(1), pass1), (Int32(2), pass2)] {
            if workers == 1 {
                call.run(pass: pass, 0 ..< total, worker: 0)
                continue
            }
            // Every worker of pass 1 finishes before pass 2 starts: pass 2 reads all of tmp.
            DispatchQueue.concurrentPerform(iterations: workers) { t in
                call.run(pass: pass, (total * t / workers) ..< (total * (t + 1) / workers), worker: t)
            }
        }
    }
}
