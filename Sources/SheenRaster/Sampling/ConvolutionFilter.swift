// pixman's separable convolution filter as sample_convolution reads it: the parameters
// pixman_image_set_filter takes for PIXMAN_FILTER_SEPARABLE_CONVOLUTION (cairo's downscaled
// images carry one), checked once and laid out once, so that a job only points at them.

import CSheenSIMD
import SheenPlatform

/// A separable convolution filter in pixman's form (`PIXMAN_FILTER_SEPARABLE_CONVOLUTION`, the
/// parameters `pixman_filter_create_separable_convolution` makes): a filter `tapsAcross` ×
/// `tapsDown` pixels, with `1 << xPhaseBits` horizontal and `1 << yPhaseBits` vertical phases,
/// each phase a row of 16.16 weights. sample_convolution reads it (`RasterBuffer.sampleConvolution`).
public struct ConvolutionFilter: Sendable, Equatable {
    /// Taps along x and along y, 1…64 (`SHEEN_CONVOLUTION_MAX_TAPS`).
    public let tapsAcross: Int, tapsDown: Int
    /// Bits of subpixel phase along x and along y, 0…16.
    public let xPhaseBits: Int, yPhaseBits: Int
    /// The parameters as given: taps across, taps down, x and y phase bits (each 16.16), then the
    /// x phases' weights and the y phases' weights.
    public let parameters: [Int32]
    /// The filter as SheenConvolutionJob takes it (kept apart, so copies share it).
    package let weights: Weights

    /// The filter of pixman's parameters `p` (16.16 values: taps across, taps down, x phase bits,
    /// y phase bits, then `(1 << xPhaseBits) · tapsAcross` x weights and
    /// `(1 << yPhaseBits) · tapsDown` y weights).
    ///
    /// Throws `RasterError.outOfRange`, naming the value, for a count that does not match, taps
    /// outside 1…64, phase bits outside 0…16, a weight outside 0…65536 (1.0), or a phase whose
    /// weights sum past 131072 (2.0) — within these every sum the filter makes fits 32 bits, as
    /// in pixman. (So filters with negative lobes — sharpening kernels such as Lanczos and the
    /// cubics — are refused.)
    public init(pixmanParameters p: [Int32]) throws(RasterError) {
        guard p.count >= 4 else { throw .outOfRange(name: "convolution parameter count", value: Double(p.count), range: "≥ 4") }
        let limits: [(String, Int32, ClosedRange<Int32>)] = [
            ("convolution taps across", p[0] >> 16, 1 ... Int32(SHEEN_CONVOLUTION_MAX_TAPS)),
            ("convolution taps down", p[1] >> 16, 1 ... Int32(SHEEN_CONVOLUTION_MAX_TAPS)),
            ("convolution x phase bits", p[2] >> 16, 0 ... 16), ("convolution y phase bits", p[3] >> 16, 0 ... 16),
        ]
        for (name, value, range) in limits where !range.contains(value) {
            throw .outOfRange(name: name, value: Double(value), range: "\(range.lowerBound)…\(range.upperBound)")
        }
        let cw = Int(p[0] >> 16), ch = Int(p[1] >> 16), xb = Int(p[2] >> 16), yb = Int(p[3] >> 16)
        let expected = 4 + (cw << xb) + (ch << yb)
        guard p.count == expected else {
            throw .outOfRange(name: "convolution parameter count", value: Double(p.count), range: "exactly \(expected)")
        }
        for (start, phases, taps) in [(4, 1 << xb, cw), (4 + (cw << xb), 1 << yb, ch)] {
            for phase in 0 ..< phases {
                var sum = 0
                for w in p[start + phase * taps ..< start + (phase + 1) * taps] {
                    guard (0 ... 65536).contains(w) else { throw .outOfRange(name: "convolution weight", value: Double(w), range: "0…65536") }
                    sum += Int(w)
                }
                guard sum <= 131_072 else {
                    throw .outOfRange(name: "convolution phase's weight sum", value: Double(sum), range: "0…131072")
                }
            }
        }
        tapsAcross = cw; tapsDown = ch; xPhaseBits = xb; yPhaseBits = yb
        parameters = p
        weights = Weights(p, tapsAcross: cw, tapsDown: ch, xPhases: 1 << xb, yPhases: 1 << yb)
    }

    /// The filter of pixman's parameters, nil where `init(pixmanParameters:)` throws.
    package init?(pixmanParameters p: UnsafeBufferPointer<Int32>) {
        guard let f = try? ConvolutionFilter(pixmanParameters: Array(p)) else { return nil }
        self = f
    }

    public static func == (a: ConvolutionFilter, b: ConvolutionFilter) -> Bool { a.parameters == b.parameters }

    /// Entries of one phase's row of the job's `xWeights`: SHEEN_CONVOLUTION_ROW (CSheenSIMD.h),
    /// which Swift cannot import.
    package static func rowLength(tapsAcross: Int) -> Int { (tapsAcross + 3) / 4 * 16 }

    /// Whether `p` are this filter's parameters.
    package func hasParameters(_ p: UnsafeBufferPointer<Int32>) -> Bool {
        // memcmp: cairo sets a filter of ~800 words on every call that draws a downscaled image.
        parameters.withUnsafeBufferPointer { own in
            own.count == p.count && (own.isEmpty || memcmp(own.baseAddress!, p.baseAddress!, 4 * own.count) == 0)
        }
    }

    /// The filter as SheenConvolutionJob takes it: its taps and phase bits, `xWeights` (each
    /// phase's row of SHEEN_CONVOLUTION_ROW(tapsAcross) entries: a tap's weight four times, 0
    /// past the last tap) and `yWeights` (pixman's rows). Never changed once made.
    package final class Weights: @unchecked Sendable {
        let x: UnsafeMutablePointer<Int32>, y: UnsafeMutablePointer<Int32>
        let tapsAcross: Int32, tapsDown: Int32, xPhaseBits: Int32, yPhaseBits: Int32

        init(_ p: [Int32], tapsAcross cw: Int, tapsDown ch: Int, xPhases: Int, yPhases: Int) {
            tapsAcross = Int32(cw); tapsDown = Int32(ch)
            xPhaseBits = Int32(xPhases.trailingZeroBitCount); yPhaseBits = Int32(yPhases.trailingZeroBitCount)
            let row = ConvolutionFilter.rowLength(tapsAcross: cw)
            x = .allocate(capacity: xPhases * row)
            x.initialize(repeating: 0, count: xPhases * row)
            for phase in 0 ..< xPhases {
                for tap in 0 ..< cw {
                    (x + phase * row + 4 * tap).initialize(repeating: p[4 + phase * cw + tap], count: 4)
                }
            }
            y = .allocate(capacity: yPhases * ch)
            for i in 0 ..< yPhases * ch { y[i] = p[4 + xPhases * cw + i] }
        }

        deinit {
            x.deallocate()
            y.deallocate()
        }
    }
}
