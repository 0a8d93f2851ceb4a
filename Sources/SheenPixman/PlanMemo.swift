// Each thread's last few composite plans (CompositePlan), kept for its next calls: cairo's span
// composites come about three a row — masked edges, the unmasked inside — with the same images,
// and a plan kept costs a comparison of six words instead of three records looked up under the
// registry's lock and the plan made again. The memo and the image epoch live in CSheenPixman (PlanMemo.c): Swift has no
// thread-local storage of its own.

import CSheenPixman
import SheenRaster

enum PlanMemo {
    /// The plan for `call`'s operator and images at `level`, nil where the fast path declines
    /// every such call: one of this thread's slots when it was made for the same operator,
    /// images and level at the current image epoch — no image made, changed or freed since,
    /// anywhere, so the images at those addresses are the ones it read —, else `make()`'s, kept
    /// in the slot next in turn. Read in place (a copy of a plan cost more than its use): valid
    /// until this thread's next call here.
    @inline(__always)
    static func plan(for call: CompositeCall, source: PixmanImage, destination: PixmanImage, at level: SIMDLevel,
                     make: () -> CompositePlan?) -> UnsafePointer<CompositePlan>? {
        var epoch: UInt64 = 0
        let memo = sheen_dropin_plan_memo(&epoch)!
        let op = UInt(call.op), s = address(source), m = call.mask.map(address) ?? 0, d = address(destination)
        let l = UInt(level.memoCode)
        let slots = UnsafeMutableRawPointer(memo).assumingMemoryBound(to: SheenDropinPlanSlot.self)
        for i in 0 ..< Int(SHEEN_DROPIN_PLAN_SLOTS) {
            let slot = slots + i
            if slot.pointee.epoch == epoch && slot.pointee.source == s && slot.pointee.mask == m && slot.pointee.destination == d
                && slot.pointee.op == op && slot.pointee.level == l {
                return slot.pointee.planned != 0 ? UnsafePointer(planBytes(slot).assumingMemoryBound(to: CompositePlan.self)) : nil
            }
        }
        // The epoch was read before the records are: an image changed meanwhile leaves the new
        // plan stale at once.
        let slot = slots + Int(memo.pointee.next % UInt32(SHEEN_DROPIN_PLAN_SLOTS))
        memo.pointee.next &+= 1
        precondition(MemoryLayout<CompositePlan>.size <= Int(SHEEN_DROPIN_PLAN_BYTES), "a composite plan outgrew its memo")
        slot.pointee.epoch = 0
        guard let made = make() else {
            slot.pointee.planned = 0
            (slot.pointee.op, slot.pointee.source, slot.pointee.mask, slot.pointee.destination, slot.pointee.level) = (op, s, m, d, l)
            slot.pointee.epoch = epoch
            return nil
        }
        let plan = planBytes(slot).initializeMemory(as: CompositePlan.self, to: made)
        slot.pointee.planned = 1
        (slot.pointee.op, slot.pointee.source, slot.pointee.mask, slot.pointee.destination, slot.pointee.level) = (op, s, m, d, l)
        slot.pointee.epoch = epoch
        return UnsafePointer(plan)
    }

    /// Where a slot keeps its plan: at its start.
    @inline(__always)
    private static func planBytes(_ slot: UnsafeMutablePointer<SheenDropinPlanSlot>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(slot)
    }

    /// Moves the image epoch on (ImageRegistry: an image's record made, changed or freed).
    @inline(__always)
    static func imagesChanged() { sheen_dropin_images_changed() }

    private static func address(_ image: PixmanImage) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(image))) }
}

private extension SIMDLevel {
    /// The level as a memo key (never 0, which a zeroed memo holds).
    var memoCode: Int {
        switch self {
        case .reference: 1
        case .simd128: 2
        case .avx2: 3
        case .avx512: 4
        }
    }
}
