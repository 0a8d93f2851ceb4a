// How many calls Sheen has drawn, for a program that checks the drop-in (Tests/Pixman's checks
// tell a call Sheen drew, held to the exact result, from one handed to pixman, held to pixman's).

import Synchronization

/// Calls drawn by Sheen so far, composites and fills (`countDrawn`).
let drawnCalls = Atomic<UInt64>(0)

/// Adds `n` calls to `drawnCalls`: a load and a store, not an atomic add — exact while one
/// thread draws (what the checks that read it do), an increment lost now and then while
/// several draw at once. The locked add cost cairo's span composites ~5 ns a call (an image
/// source filled a span at a time: a fifth of the drop-in's time over pixman's).
@inline(__always)
func countDrawn(_ n: UInt64 = 1) {
    drawnCalls.store(drawnCalls.load(ordering: .relaxed) &+ n, ordering: .relaxed)
}

/// sheen_pixman_drawn_calls: the number of pixman calls Sheen has drawn in this process (the one
/// function the drop-in exports that pixman does not have).
@_cdecl("sheen_pixman_drawn_calls")
public func sheenPixmanDrawnCalls() -> UInt64 {
    drawnCalls.load(ordering: .relaxed)
}
