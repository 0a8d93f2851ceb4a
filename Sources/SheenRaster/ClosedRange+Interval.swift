extension ClosedRange where Bound == Double {
    /// The range as refusals and docs write it: "[-1000, 1000]", whole bounds without a fraction.
    package var interval: String { "[\(Self.written(lowerBound)), \(Self.written(upperBound))]" }

    /// `d` as the docs write a bound: whole numbers without a fraction ("256", "0.01").
    package static func written(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
