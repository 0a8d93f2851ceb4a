import Foundation

/// Regression baselines: `--save-baseline NAME` keeps a run's medians; `--compare NAME` measures
/// again and reports each case's change against them, re-measuring a case that looks slower
/// before calling it a regression (the VM's noise alone moves single runs by 10 % or more).
///
/// NAME is a file path when it contains "/" or ends in ".jsonl"; otherwise the file is
/// `bench/baselines/NAME.jsonl` under the current directory. The file holds the run's JSON lines,
/// the same records `--json` prints.
enum Baseline {
    /// The file a baseline name stands for.
    static func path(_ name: String) -> String {
        name.contains("/") || name.hasSuffix(".jsonl") ? name : "bench/baselines/\(name).jsonl"
    }

    /// Writes `lines` (JSON records) to the baseline file, creating its directory.
    static func save(_ lines: [String], name: String) throws {
        let url = URL(fileURLWithPath: path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// Median time per case (ns) of a saved baseline.
    static func load(name: String) throws -> [String: Double] {
        let file = path(name)
        guard FileManager.default.fileExists(atPath: file) else { throw BaselineError.missing }
        guard let data = FileManager.default.contents(atPath: file) else { throw BaselineError.unreadable }
        guard let text = String(data: data, encoding: .utf8) else { throw BaselineError.notText }
        return try medians(jsonLines: text)
    }

    /// Median time per case (ns) from JSON lines; a line that is not a sheen-bench record is an
    /// error naming the line.
    static func medians(jsonLines text: String) throws -> [String: Double] {
        var out: [String: Double] = [:]
        for (i, line) in text.split(separator: "\n").enumerated() where !line.allSatisfy(\.isWhitespace) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let name = object["case"] as? String, let median = (object["median_ns"] as? NSNumber)?.doubleValue,
                  median > 0
            else { throw BaselineError.badLine(i + 1) }
            out[name] = median
        }
        return out
    }
}

/// A baseline file that cannot be used (the message follows "cannot read baseline PATH: ").
enum BaselineError: Error, CustomStringConvertible {
    case missing, unreadable, notText
    case badLine(Int)
    var description: String {
        switch self {
        case .missing: return "no such file (make one with --save-baseline NAME)"
        case .unreadable: return "the file cannot be read (permissions, or a directory?)"
        case .notText: return "the file is not UTF-8 text"
        case .badLine(let n): return "line \(n) is not a sheen-bench JSON record with a positive median_ns"
        }
    }
}

/// Compares results with a baseline: the cases present in both, in run order.
func compareWithBaseline(_ results: [CaseResult], baseline: [String: Double]) -> [CaseChange] {
    results.compactMap { r in
        baseline[r.name].map { CaseChange(name: r.name, baseline: $0, current: r.total.median, runs: 1) }
    }
}

/// The comparison as text lines: one per case and a summary (`notRun`: baseline cases this run
/// did not measure, e.g. because of --filter).
func comparisonReport(_ changes: [CaseChange], threshold: Double, baselineName: String, notRun: Int) -> [String] {
    var lines = ["compared with baseline \(Baseline.path(baselineName)) (threshold \(percent(threshold)) slower on the median)"]
    for c in changes {
        let name = c.name + String(repeating: " ", count: max(0, 44 - c.name.count))
        let times = "\(microseconds(c.baseline)) → \(microseconds(c.current)) µs"
        let runs = c.runs > 1 ? "  (best of \(c.runs) runs)" : ""
        lines.append("\(name) \(times)  \(signedPercent(c.change))  \(c.verdict(threshold: threshold))\(runs)")
    }
    if notRun > 0 { lines.append("\(notRun) case(s) of the baseline were not run (--filter or --quick differ?)") }
    let slower = changes.filter { $0.isRegression(threshold: threshold) }
    lines.append(slower.isEmpty ? "no regressions in \(changes.count) cases"
                                : "\(slower.count) regression(s): " + slower.map(\.name).joined(separator: ", "))
    return lines
}

private func microseconds(_ ns: Double) -> String { String(format: ns < 10_000 ? "%.2f" : "%.1f", ns / 1000) }
private func percent(_ v: Double) -> String { String(format: "%.0f %%", v * 100) }
private func signedPercent(_ v: Double) -> String { String(format: "%+.1f %%", v * 100) }
