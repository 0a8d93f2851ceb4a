import SheenPlatform

/// The value of environment variable `name`, or nil.
func environmentValue(_ name: String) -> String? {
    guard let p = getenv(name) else { return nil }
    return String(cString: p)
}
