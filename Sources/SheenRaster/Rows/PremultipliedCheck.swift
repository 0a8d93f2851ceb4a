// The premultiplied check: rows of 32-bit pixels searched for a colour byte above its pixel's
// alpha byte. At the C levels CSheenSIMD's check_premultiplied (PremultipliedCheckBody.h), at
// `reference` its twin here, checkPremultipliedSwift.

import CSheenSIMD

/// The first of `height` rows of `width` 32-bit pixels from `base` (`stride` bytes apart) holding
/// a pixel whose colour is not valid premultiplied colour — a colour byte above the pixel's alpha
/// byte, its fourth (BGRA and RGBA alike) — or nil when none does; through `level`'s
/// `check_premultiplied` entry (C at simd128, avx2 and avx512, `checkPremultipliedSwift` at
/// reference). Reads those pixels' bytes and nothing else. The drop-in pixman checks sources and
/// destinations with it before Sheen's kernels draw them.
package func firstRowNotPremultiplied(_ base: UnsafeRawPointer, stride: Int, width: Int, height: Int,
                                      level: SIMDLevel) -> Int? {
    PremultipliedCheck(level: level).firstRowNotPremultiplied(base, stride: stride, width: width, height: height)
}

/// `firstRowNotPremultiplied` with one level's entry looked up once, for a caller inside the
/// package that checks many small rectangles (the pixman drop-in's composite plans: a check of
/// each of cairo's spans, where looking the entry up cost a third of the check).
package struct PremultipliedCheck {
    private let check: CheckPremultipliedEntry

    /// `level`'s entry.
    package init(level: SIMDLevel) { check = KernelTable.at(level).checkPremultiplied }

    /// `firstRowNotPremultiplied(_:stride:width:height:level:)` at this entry's level.
    package func firstRowNotPremultiplied(_ base: UnsafeRawPointer, stride: Int, width: Int, height: Int) -> Int? {
        if width <= 0 || height <= 0 { return nil }
        let first = base.assumingMemoryBound(to: UInt8.self)
        // Rows that follow each other without a gap are one row to the kernel, whose cost is per
        // row for narrow ones (a 1-pixel column pattern of 256 rows cost 256 short rows); only an
        // image that holds such a pixel is searched again, row by row, for the row.
        if height > 1 && stride == 4 * width && check(first, 4 * width * height, width * height, 1) < 0 { return nil }
        let row = check(first, stride, width, height)
        return row < 0 ? nil : row
    }
}

/// `check_premultiplied` in Swift (the reference level's twin; see `firstRowNotPremultiplied`):
/// the first row with a colour byte above its alpha byte, -1 when none has one.
func checkPremultipliedSwift(_ src: UnsafePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int) -> Int {
    for r in 0 ..< height {
        let row = src + r * stride
        for x in 0 ..< width {
            let p = row + 4 * x
            if p[0] > p[3] || p[1] > p[3] || p[2] > p[3] { return r }
        }
    }
    return -1
}
