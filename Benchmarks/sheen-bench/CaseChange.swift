import Foundation

/// One case's comparison with its baseline.
struct CaseChange {
    let name: String
    let baseline: Double
    /// The best (lowest) median over the run and any confirming re-runs, ns.
    var current: Double
    /// Runs that went into `current`.
    var runs: Int

    /// Relative change of the time: +0.10 is 10 % slower.
    var change: Double { current / baseline - 1 }

    /// Memory-bandwidth references are the machine, not the code: shown, never judged.
    var isReference: Bool { name.hasPrefix("reference.") }

    func isRegression(threshold: Double) -> Bool { !isReference && change > threshold }

    func verdict(threshold: Double) -> String {
        if isReference { return "reference" }
        if change > threshold { return "SLOWER" }
        if change < -threshold { return "faster" }
        return "same"
    }
}
