/// A failure to read or write a PNG, with libpng's own message where it gave one.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public let message: String
    /// Makes an error from a message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
