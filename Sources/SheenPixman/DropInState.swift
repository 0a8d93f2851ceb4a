// What the drop-in's hottest calls read on every call, resolved once per process and kept where
// C points to it (CSheenPixman.h: sheen_dropin_state): each read of a Swift global or static
// is a call of swift_once, and cairo composites and fills a shape a span at a time (pixman_fill
// of a solid shape's rows ran at 0.90× pixman's speed with its three such reads).

import CSheenPixman
import SheenRaster

/// The drop-in's per-process state.
struct DropInState {
    /// The level Sheen's kernels run at; nil when SHEEN_SIMD asks for one this CPU lacks (every
    /// call is then pixman's).
    let level: SIMDLevel?
    /// `level`'s row-fill entry, which pixman_fill calls straight (nil with `level`).
    let fillRows: (@convention(c) (UnsafeMutablePointer<UInt8>?, Int, Int, Int, UInt32, UnsafePointer<UInt8>?, Int, Int) -> Void)?
    /// Whether SHEEN_PIXMAN_STATS is on (DropInStats.isOn).
    let statsOn: Bool
    /// `level` as the plan memo keys it (SIMDLevel.memoCode; 0 without a level).
    let memoLevel: UInt

    /// The state in force.
    @inline(__always)
    static var current: UnsafePointer<DropInState> {
        if let state = sheen_dropin_state() { return state.assumingMemoryBound(to: DropInState.self) }
        return resolve()
    }

    /// Resolves the state — at the first call, or at the first of several at once, whose states
    /// are the same: the others' are freed.
    @inline(never)
    private static func resolve() -> UnsafePointer<DropInState> {
        let mine = UnsafeMutablePointer<DropInState>.allocate(capacity: 1)
        mine.initialize(to: DropInState(level: drawingLevel, fillRows: drawingLevel.map(fillRowsEntry(at:)), statsOn: DropInStats.isOn,
                                        memoLevel: UInt(drawingLevel?.memoCode ?? 0)))
        // The system pixman's composite, for the calls C hands over (PlanExpress.c).
        sheen_dropin_publish_system_composite32(unsafeBitCast(SystemPixman.shared.composite32, to: SheenDropinComposite32.self))
        let inForce = sheen_dropin_publish_state(mine)!
        if inForce != UnsafeRawPointer(mine) { mine.deinitialize(count: 1); mine.deallocate() }
        return inForce.assumingMemoryBound(to: DropInState.self)
    }
}
