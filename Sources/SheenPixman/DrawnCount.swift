// How many calls Sheen has drawn, for a program that checks the drop-in (Tests/Pixman's checks
// tell a call Sheen drew, held to the exact result, from one handed to pixman, held to pixman's).

import Synchronization

/// Calls drawn by Sheen so far, composites and fills.
let drawnCalls = Atomic<UInt64>(0)

/// sheen_pixman_drawn_calls: the number of pixman calls Sheen has drawn in this process (the one
/// function the drop-in exports that pixman does not have).
@_cdecl("sheen_pixman_drawn_calls")
public func sheenPixmanDrawnCalls() -> UInt64 {
    drawnCalls.load(ordering: .relaxed)
}
