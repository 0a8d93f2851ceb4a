import ArgumentParser
import Foundation
import SheenLabel

extension LabelSpec {
    /// Reads a spec file ("-": standard input) given with `--spec`; label options given beside
    /// it are refused (the spec describes the whole label).
    init(path: String, options: LabelOptions) throws {
        let extra = try options.changedFromDefaults()
        guard extra.isEmpty else {
            throw ValidationError("--spec describes the whole label; remove \(extra.joined(separator: ", ")) (or set it in the spec)")
        }
        try self.init(path: path)
    }

    /// Reads a spec file ("-": standard input); a refusal names the file or the field.
    init(path: String) throws {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let d = FileManager.default.contents(atPath: path) else { throw ValidationError("--spec \(path) cannot be read") }
            data = d
        }
        do { try self.init(json: [UInt8](data)) } catch {
            let source = path == "-" ? "standard input" : path
            // A syntax error names the document; a field's error names the field.
            throw ValidationError(error.isSyntaxError ? "spec \(source) is \(error.message)" : "spec: \(error.message)")
        }
    }
}
