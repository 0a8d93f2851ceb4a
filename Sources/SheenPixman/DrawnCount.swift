// How many calls Sheen has drawn, for a program that checks the drop-in (Tests/Pixman's checks
// tell a call Sheen drew, held to the exact result, from one handed to pixman, held to pixman's).
// The count lives in C (CSheenPixman.h: sheen_dropin_drawn), where the express composites
// (PlanExpress.c) add to it too.

import CSheenPixman

/// Adds `n` calls to the count (sheen_dropin_count_drawn: a load and a store, not an atomic add).
@inline(__always)
func countDrawn(_ n: UInt64 = 1) {
    sheen_dropin_count_drawn(n)
}

/// sheen_pixman_drawn_calls: the number of pixman calls Sheen has drawn in this process (the one
/// function the drop-in exports that pixman does not have).
@_cdecl("sheen_pixman_drawn_calls")
public func sheenPixmanDrawnCalls() -> UInt64 {
    sheen_dropin_drawn_calls()
}
