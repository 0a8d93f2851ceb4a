import CSheenSIMD

/// A composite entry: runs one `SheenCompositeJob` (CSheenSIMD.h); 0, or
/// SHEEN_COMPOSITE_NO_PATH, nothing written, for a job no fast path matches.
typealias CompositeEntry = @convention(c) (UnsafePointer<SheenCompositeJob>?) -> Int32
/// A gradient entry: shades one `SheenGradientJob`.
typealias GradientEntry = @convention(c) (UnsafePointer<SheenGradientJob>?) -> Void
/// A row-fill entry (see `fillRows`).
typealias FillRowsEntry = @convention(c) (UnsafeMutablePointer<UInt8>?, Int, Int, Int, UInt32, UnsafePointer<UInt8>?, Int, Int) -> Void
/// A row-copy entry (see `copyRows`).
typealias CopyRowsEntry = @convention(c) (UnsafeMutablePointer<UInt8>?, Int, Int, Int, UnsafePointer<UInt8>?, Int, Int) -> Void
/// A premultiplied-check entry (see `firstRowNotPremultiplied`).
typealias CheckPremultipliedEntry = @convention(c) (UnsafePointer<UInt8>?, Int, Int, Int) -> Int
/// A bilinear-sampling entry: runs one `SheenBilinearJob` (see `runBilinearSampling`).
typealias SampleBilinearEntry = @convention(c) (UnsafePointer<SheenBilinearJob>?) -> Void
/// A convolution-sampling entry: runs one `SheenConvolutionJob` (see `runConvolutionSampling`).
typealias SampleConvolutionEntry = @convention(c) (UnsafePointer<SheenConvolutionJob>?) -> Void

/// The kernels of one level as typed entry points (SheenKernels.h names the kernels each runs;
/// `Kernels.table` lists them with every level of this table).
///
/// Every level fills the same entries, so a call site is one array index and one indirect call
/// whatever the level: at `simd128`, `avx2` and `avx512` CSheenSIMD's own tables
/// (`sheen_kernels_simd128`, …); at `reference` the Swift twins, behind C-convention entry points
/// that consume the same job structs.
struct KernelTable: @unchecked Sendable {
    /// The level every entry runs at.
    let level: SIMDLevel
    /// `over_n_8_8888`, `composite_8888`, `composite_8` and `composite_double_8888`: the entry
    /// picks by SheenKernels.h's composite fast paths; `over_ca_8888` for a job with component
    /// alpha.
    let composite: CompositeEntry
    /// `gradient_span`.
    let gradientSpan: GradientEntry
    /// `fill_rows` and `copy_rows`.
    let fillRows: FillRowsEntry
    let copyRows: CopyRowsEntry
    /// `check_premultiplied`.
    let checkPremultiplied: CheckPremultipliedEntry
    /// `sample_bilinear`.
    let sampleBilinear: SampleBilinearEntry
    /// `sample_convolution`.
    let sampleConvolution: SampleConvolutionEntry
    /// `blur_convolution` and `blur_strip` (by the job's method): one pass over a range of units.
    let blur: BlurEntry

    /// A C level's table (every entry is set: KernelTables.c; unwrapped once, here).
    init(level: SIMDLevel, _ c: SheenKernelTable) {
        self.level = level
        composite = c.composite!
        gradientSpan = c.gradient_span!
        fillRows = c.fill_rows!
        copyRows = c.copy_rows!
        checkPremultiplied = c.check_premultiplied!
        sampleBilinear = c.sample_bilinear!
        sampleConvolution = c.sample_convolution!
        blur = c.blur!
    }

    /// The reference level's table.
    init(level: SIMDLevel, composite: CompositeEntry, gradientSpan: GradientEntry, blur: BlurEntry) {
        self.level = level
        self.composite = composite
        self.gradientSpan = gradientSpan
        // The entries are called with valid pointers only; a NULL one does nothing, not trap.
        fillRows = { d, stride, w, h, bpp, v, count, phase in
            if let d, let v { fillRowsSwift(d, stride, w, h, bpp, v, count, phase) }
        }
        copyRows = { d, stride, bytes, h, src, srcStride, period in
            if let d, let src { copyRowsSwift(d, stride, bytes, h, src, srcStride, period) }
        }
        checkPremultiplied = { src, stride, width, height in src.map { checkPremultipliedSwift($0, stride, width, height) } ?? -1 }
        sampleBilinear = { if let job = $0 { sampleBilinearSwift(job.pointee) } }
        sampleConvolution = { if let job = $0 { sampleConvolutionSwift(job.pointee) } }
        self.blur = blur
    }

    /// The tables in `SIMDLevel` order. Only levels in `Kernels.supported` may be used.
    static let all: [KernelTable] = [
        KernelTable(level: .reference, composite: { $0.map(compositeJobReference) ?? Int32(SHEEN_COMPOSITE_NO_PATH) },
                    gradientSpan: { if let job = $0 { GradientKernelTwin.run(job.pointee) } },
                    blur: blurJobReference),
        KernelTable(level: .simd128, sheen_kernels_simd128),
        KernelTable(level: .avx2, sheen_kernels_avx2),
        KernelTable(level: .avx512, sheen_kernels_avx512),
    ]

    /// The table of `level`.
    @inline(__always)
    static func at(_ level: SIMDLevel) -> KernelTable { all[level.ordinal] }

    /// The composite entries alone, in level order: the per-glyph call reads its entry without
    /// copying a table.
    private static let compositeEntries: [CompositeEntry] = all.map(\.composite)

    /// `level`'s composite entry.
    @inline(__always)
    static func composite(at level: SIMDLevel) -> CompositeEntry { compositeEntries[level.ordinal] }
}
