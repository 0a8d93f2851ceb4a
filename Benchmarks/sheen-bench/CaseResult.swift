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
    /// The level the case's kernel ran at (`Kernels`), nil where it runs none.
    var level: String? = nil

    var mpixPerSecond: Double { Double(width * height) / total.median * 1000 }
    /// Operations per second (one operation per repetition).
    var perSecond: Double { 1e9 / total.median }
}
