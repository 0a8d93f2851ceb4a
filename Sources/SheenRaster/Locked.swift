#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex: what Sheen uses wherever threads share state (glyph
/// cache, font faces and lookups, blur memory).
///
/// Why not `Synchronization.Mutex`: on Linux (Swift 6.3) it locks with raw futex system calls,
/// which ThreadSanitizer does not see, so every access it guards is reported as a race and real
/// races drown in the noise. `pthread_mutex_lock` is intercepted by TSan and costs the same when
/// uncontended.
package final class Locked<Value>: @unchecked Sendable {
    /// Heap-allocated: a pthread mutex must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Behind a pointer rather than a stored `var`: the mutex already makes each access
    /// exclusive, and a class's stored property would add a dynamic exclusivity check (two
    /// runtime calls) to every access — a cost paid per small call by the caches behind it.
    private let value: UnsafeMutablePointer<Value>

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. Not reentrant: `body` must not take
    /// the same lock again.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
