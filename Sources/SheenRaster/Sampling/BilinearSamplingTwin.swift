// The scalar reference twin of sample_bilinear (CSheenSIMD/SampleBilinearBody.h): the job's
// arithmetic as SheenBilinearJob states it, one pixel at a time. Every level must equal it byte
// for byte (BilinearSamplingTests); the drop-in pixman's tests hold it to the system pixman.

import CSheenSIMD

/// `sample_bilinear` in Swift (the reference level's twin).
func sampleBilinearSwift(_ j: SheenBilinearJob) {
    let w = Int(j.srcWidth), h = Int(j.srcHeight), bpp = Int(j.bytesPerPixel)
    guard w > 0, h > 0, j.over == 0 || bpp == 4, let src = j.src, let dst = j.dst else { return }
    func read(_ c: Int, _ r: Int) -> UInt32 {
        if c < 0 || r < 0 { return 0 }
        let p = UnsafeRawPointer(src) + r * j.srcStride + c * bpp
        return bpp == 1 ? UInt32(p.load(as: UInt8.self)) : p.loadUnaligned(as: UInt32.self)
    }
    for r in 0 ..< j.height {
        for i in 0 ..< j.width {
            let out = UnsafeMutableRawPointer(dst) + r * j.dstStride + i * bpp
            // Coverage 0: written as 0 (left as it is, with `over`), not sampled.
            let c = j.coverage.map { Int($0[r * j.coverageStride + i]) } ?? 255
            if c == 0 {
                if j.over == 0 { out.initializeMemory(as: UInt8.self, repeating: 0, count: bpp) }
                continue
            }
            let X = Int(j.x) + i * Int(j.dxdi) + r * Int(j.dxdr) - 0x8000
            let Y = Int(j.y) + i * Int(j.dydi) + r * Int(j.dydr) - 0x8000
            let wx = UInt32((X >> 9) & 127), wy = UInt32((Y >> 9) & 127)
            let cx = X >> 16, cy = Y >> 16
            let c0 = samplePlace(cx, w, j.repeat), c1 = samplePlace(cx + 1, w, j.repeat)
            let r0 = samplePlace(cy, h, j.repeat), r1 = samplePlace(cy + 1, h, j.repeat)
            let tl = read(c0, r0), tr = read(c1, r0), bl = read(c0, r1), br = read(c1, r1)
            let w00 = (128 - wx) * (128 - wy), w10 = wx * (128 - wy), w01 = (128 - wx) * wy, w11 = wx * wy
            var v: UInt32 = 0
            for shift in stride(from: 0, to: 8 * bpp, by: 8) {
                let s = UInt32(shift)
                let sum = (tl >> s & 255) * w00 + (tr >> s & 255) * w10 + (bl >> s & 255) * w01 + (br >> s & 255) * w11
                v |= (sum >> 14) << s
            }
            if j.over != 0 {
                // sourceOver through the coverage, the composite kernels' arithmetic.
                func channels(_ p: UInt32) -> SIMD4<Int> { SIMD4(Int(p & 255), Int(p >> 8 & 255), Int(p >> 16 & 255), Int(p >> 24)) }
                let o = CompositeReference.pixel(.sourceOver, channels(v), channels(out.loadUnaligned(as: UInt32.self)), coverage: c)
                out.storeBytes(of: UInt32(o.x) | UInt32(o.y) << 8 | UInt32(o.z) << 16 | UInt32(o.w) << 24, as: UInt32.self)
            } else if bpp == 1 {
                out.storeBytes(of: UInt8(v), as: UInt8.self)
            } else {
                out.storeBytes(of: v, as: UInt32.self)
            }
        }
    }
}
