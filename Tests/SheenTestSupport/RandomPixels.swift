import SheenRaster

/// Random premultiplied content: alphas drawn from the edge levels, 255, 0 and uniform values;
/// every colour level ≤ its alpha (A8: the alpha alone).
public func fillRandomPremultiplied(_ buffer: RasterBuffer, _ rng: inout SeededGenerator) {
    for y in 0 ..< buffer.height {
        let row = buffer.row(y)
        for x in 0 ..< buffer.width {
            let a = randomLevel(&rng)
            if buffer.format == .a8 {
                row.storeBytes(of: a, toByteOffset: x, as: UInt8.self)
                continue
            }
            for c in 0 ..< 3 {
                let v = a == 0 ? 0 : UInt8.random(in: 0 ... a, using: &rng)
                row.storeBytes(of: v, toByteOffset: 4 * x + c, as: UInt8.self)
            }
            row.storeBytes(of: a, toByteOffset: 4 * x + 3, as: UInt8.self)
        }
    }
}

/// A level that is 0 or 255 a third of the time each, an edge level or uniform otherwise: masks
/// and alphas in real content are mostly empty or full.
public func randomLevel(_ rng: inout SeededGenerator) -> UInt8 {
    switch UInt8.random(in: 0 ..< 12, using: &rng) {
    case 0 ..< 4: return 0
    case 4 ..< 8: return 255
    case 8: return edgeLevels.randomElement(using: &rng)!
    default: return UInt8.random(in: 0 ... 255, using: &rng)
    }
}
