import Foundation

/// A value shared between threads under a lock (tests hand results from a thread back to the
/// test this way).
public final class Mutexed<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Guards `value`.
    public init(_ value: Value) { self.value = value }

    /// The value, read under the lock.
    public func get() -> Value { lock.withLock { value } }

    /// Replaces the value under the lock.
    public func set(_ new: Value) { lock.withLock { value = new } }
}
