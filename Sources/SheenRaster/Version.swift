/// Sheen's release, shared by every module, the command line (`sheen --version`) and the C API
/// (`sheen_version()`, `SHEEN_VERSION_STRING`); CHANGELOG.md lists what each release changed.
public enum Sheen {
    /// "MAJOR.MINOR.PATCH" (semantic versioning).
    public static let version = "0.6.0"
}
