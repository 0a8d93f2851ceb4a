import SheenPlatform

/// A value guarded by a pthread mutex: what Sheen uses wherever threads share state (glyph
/// cache, font faces and lookups, blur memory).
///
/// Why not `Synchronization.Mutex`: on Linux (Swift 6.3) it locks with raw futex system calls,
/// which ThreadSanitizer does not see, so every access it guards is reported as a race and real
/// races drown in the noise. `pthread_mutex_lock` is intercepted by TSan and costs the same when
/// uncontended.
package final class Locked<Value>: @unchecked Sendable {
    #if os(Windows)
    /// Windows has no pthreads: a slim reader/writer lock, taken exclusively (untested: Sheen is
    /// built and tested on Linux only).
    private let mutex: UnsafeMutablePointer<SRWLOCK>
    #else
    /// Heap-allocated: a pthread mutex must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// Behind a pointer rather than a stored `var`: the mutex already makes each access
    /// exclusive, and a class's stored property would add a dynamic exclusivity check (two
    /// runtime calls) to every access — a cost paid per small call by the caches behind it.
    private let value: UnsafeMutablePointer<Value>

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        #if os(Windows)
        InitializeSRWLock(mutex)
        #else
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
        #endif
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        #if !os(Windows)
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        #endif
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. Not reentrant: `body` must not take
    /// the same lock again.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        #if os(Windows)
        AcquireSRWLockExclusive(mutex)
        defer { ReleaseSRWLockExclusive(mutex) }
        #else
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&value.pointee)
    }
}
