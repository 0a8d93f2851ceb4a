/// The coverage of one row span.
enum SpanCoverage {
    case full
    case constant(UInt8)
    case mask(UnsafeRawPointer)

    /// The span from pixel `i` on.
    @inline(__always)
    func advanced(by i: Int) -> SpanCoverage {
        switch self {
        case .full, .constant: return self
        case let .mask(p): return .mask(p + i)
        }
    }

    /// Coverage of pixel `i`.
    @inline(__always)
    func value(_ i: Int) -> UInt8 {
        switch self {
        case .full: return 255
        case let .constant(c): return c
        case let .mask(p): return p.load(fromByteOffset: i, as: UInt8.self)
        }
    }
}
