import Foundation

/// The folder `name` (Goldens, Fixtures) of the test target that holds `file`: the nearest one
/// beside `file` or beside one of its parent folders, so tests in subfolders that mirror the
/// sources share their target's resources. Falls back to `name` beside `file`.
public func resourceDirectory(_ name: String, near file: String = #filePath) -> URL {
    let start = URL(fileURLWithPath: file).deletingLastPathComponent()
    var folder = start
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return candidate
        }
        if folder.lastPathComponent == "Tests" { break }
        folder = folder.deletingLastPathComponent()
    }
    return start.appendingPathComponent(name)
}
