import Foundation

/// Formats results as a table and as JSON lines; computes ratios against the same-run references.
struct Reporter {
    let build: String
    var results: [CaseResult] = []

    /// memset / memcpy throughput of the same run at this size, Mpix/s.
    func reference(_ kind: String, width: Int, height: Int) -> Double? {
        results.first { $0.name == "reference.\(kind).\(width)x\(height)" }?.mpixPerSecond
    }

    func ratio(_ r: CaseResult, _ kind: String) -> Double? {
        // Cases at sizes without their own reference use the 1920×1080 one's bandwidth.
        guard let ref = reference(kind, width: r.width, height: r.height)
                ?? (r.name.hasPrefix("reference.") ? nil
                    : results.first(where: { $0.name.hasPrefix("reference.\(kind).") })?.mpixPerSecond)
        else { return nil }
        return r.mpixPerSecond / ref
    }

    func tableLine(_ r: CaseResult) -> String {
        func f(_ v: Double, _ digits: Int = 1) -> String {
            var s = String(Int((v * pow10(digits)).rounded()))
            if digits > 0 {
                while s.count <= digits { s = "0" + s }
                s.insert(".", at: s.index(s.endIndex, offsetBy: -digits))
            }
            return s
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        var line = r.name + String(repeating: " ", count: max(0, 42 - r.name.count))
        line += pad(f(r.total.median / 1000, 1), 10) + " µs"
        let lo = f(r.total.p10 / 1000, 1), hi = f(r.total.p90 / 1000, 1)
        line += pad("[" + lo + "–" + hi + "]", 22)
        let level = r.level.map { "  [\($0)]" } ?? ""
        if r.calls > 1 {
            line += pad(f(r.nsPerCall, 0), 9) + " ns/call"
            return line + level
        }
        if let unit = r.unit {
            line += pad(f(r.perSecond, 0), 9) + " " + unit
            return line + level
        }
        line += pad(f(r.mpixPerSecond, 0), 9) + " Mpix/s"
        line += pad(ratio(r, "memset").map { "×" + f($0, 2) } ?? "", 8) + " memset"
        line += pad(ratio(r, "memcpy").map { "×" + f($0, 2) } ?? "", 8) + " memcpy"
        if let m = r.make, let fl = r.fill {
            let make = f(m.median / 1000, 2), fill = f(fl.median / 1000, 1)
            line += "  make \(make) µs, fill \(fill) µs, \(r.intermediateBytes) B"
        }
        return line + level
    }

    func jsonLine(_ r: CaseResult) -> String {
        var fields: [(String, String)] = [
            ("case", "\"\(r.name)\""), ("build", "\"\(build)\""), ("width", "\(r.width)"), ("height", "\(r.height)"),
            ("reps", "\(r.reps)"), ("median_ns", num(r.total.median)), ("min_ns", num(r.total.min)),
            ("max_ns", num(r.total.max)), ("p10_ns", num(r.total.p10)), ("p90_ns", num(r.total.p90)),
            ("mpix_s", num(r.mpixPerSecond)),
            ("ratio_memset", ratio(r, "memset").map(num) ?? "null"),
            ("ratio_memcpy", ratio(r, "memcpy").map(num) ?? "null"),
            ("intermediate_bytes", "\(r.intermediateBytes)"),
            ("level", r.level.map { "\"\($0)\"" } ?? "null"),
            ("kernel", r.kernel.map { "\"\($0)\"" } ?? "null"),
            ("cpu", "\"\(Machine.description.replacingOccurrences(of: "\"", with: "'"))\""),
        ]
        if let unit = r.unit {
            fields.append(("unit", "\"\(unit)\""))
            fields.append(("per_s", num(r.perSecond)))
        }
        if r.calls > 1 {
            fields.append(("calls", "\(r.calls)"))
            fields.append(("ns_per_call", num(r.nsPerCall)))
        }
        if let m = r.make, let f = r.fill {
            fields.append(("make_ns", num(m.median)))
            fields.append(("fill_ns", num(f.median)))
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private func num(_ v: Double) -> String {
        v.isFinite ? String(Double(Int64((v * 1000).rounded())) / 1000) : "null"
    }
}

private func pow10(_ n: Int) -> Double { (0 ..< n).reduce(1.0) { r, _ in r * 10 } }

/// The machine a run measured, for every report: CPU model, logical CPUs, last-level cache.
enum Machine {
    static let description: String = {
        var model = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var cache = ""
        if let size = try? String(contentsOfFile: "/sys/devices/system/cpu/cpu0/cache/index3/size", encoding: .utf8) {
            cache = ", L3 \(size.trimmingCharacters(in: .whitespacesAndNewlines)) per instance"
        }
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) logical CPUs\(cache)"
    }()
}
