// The drop-in's tables behind a mutex, taken on every composite.

import SheenPlatform

/// A value guarded by a pthread mutex, as SheenRaster's `Locked` — but declared in this module:
/// Locked's generic withLock is not specialised across modules, and that generic call and its
/// closure cost a small composite (three image look-ups a call) more than the look-ups
/// themselves. pthread, not Synchronization.Mutex, for the reason Locked gives (ThreadSanitizer).
final class Guarded<Value: ~Copyable>: @unchecked Sendable {
    /// Heap-allocated: a pthread mutex must not move once initialised.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Behind a pointer: the mutex makes each access exclusive, and a stored `var` would add a
    /// dynamic exclusivity check to every one.
    private let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    /// Guards `value`.
    init(_ value: consuming Value) {
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. Not reentrant.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value.pointee)
    }
}
