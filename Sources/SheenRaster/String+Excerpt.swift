extension String {
    /// The string in quotes for an error message: whole up to 64 bytes, else its first 64
    /// characters and its length, so that a refused megabyte is named without being echoed.
    package var quotedExcerpt: String {
        if utf8.count <= 64 { return "\"\(self)\"" }
        return "\"\(prefix(64))…\" (\(utf8.count) bytes)"
    }
}
