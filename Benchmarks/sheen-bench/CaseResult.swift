/// One measured case: the stable public record sheen-bench prints and writes as a JSON line.
struct CaseResult {
    /// Stable dotted name, e.g. `gradient.linear.horizontal.1920x1080`.
    let name: String
    let width: Int
    let height: Int
    /// Whole operation per repetition.
    let total: Stats
    /// Phases where the case has them (make the intermediate, fill from it).
    let make: Stats?
    let fill: Stats?
    /// Bytes of intermediate memory the method needs (0 when it writes directly).
    let intermediateBytes: Int
    let reps: Int
    /// For cases counted in operations rather than pixels ("layouts/s", "masks/s"): the unit of
    /// `perSecond`. nil for pixel kernels.
    var unit: String? = nil
    /// The kernel the case measures (a `Kernels.table` name), nil where it runs none or several.
    var kernel: String? = nil
    /// The level the case's kernel ran at (`Kernels`), nil where it runs none.
    var level: String? = nil
    /// Calls per repetition for the small-call cases (10,000 glyphs or rectangles), whose
    /// `perSecond` counts calls and `nsPerCall` is the figure to compare; 1 elsewhere.
    var calls: Int = 1

    var mpixPerSecond: Double { Double(width * height) / total.median * 1000 }
    /// Operations per second (`calls` operations per repetition).
    var perSecond: Double { 1e9 * Double(calls) / total.median }
    /// Median nanoseconds per call (the whole repetition for cases of one call).
    var nsPerCall: Double { total.median / Double(calls) }
}
