// Each thread's last few composite plans (CompositePlan), kept for its next calls: cairo's span
// composites come about three a row — masked edges, the unmasked inside — with the same images,
// and a plan kept costs a comparison of six words instead of three records looked up under the
// registry's lock and the plan made again. A slot whose images drawWithSheen hands to pixman
// whatever the call (a convolution-filtered source, say) keeps that instead, so the next such
// call goes to pixman unasked. The memo and the image epoch live in CSheenPixman (PlanMemo.c):
// Swift has no thread-local storage of its own. A glyph run's plan is kept apart, by the values
// it is made from (glyphRunPlan). A plan's slot also keeps its express part
// (CompositePlan.express), by which C draws the next such calls itself (PlanExpress.c).

import CSheenPixman
import SheenRaster

enum PlanMemo {
    /// What a slot holds for a call's operator and images.
    enum Kept {
        /// The fast path's plan, read in place (valid until this thread's next call here).
        case plan(UnsafePointer<CompositePlan>)
        /// None: the fast path declines every such call (drawWithSheen decides each).
        case declined
        /// drawWithSheen hands every such call to pixman (or draws nothing), for this reason.
        case handedOver(CompositeCall.Handover)
    }

    /// What this thread keeps for `call`'s operator and images at `level`: a slot's when it was
    /// made for the same operator, images and level at the current image epoch — no image made,
    /// changed or freed since, anywhere, so the images at those addresses are the ones it read —,
    /// else `make()`'s plan (nil: declined), kept in the slot next in turn. A plan is read in
    /// place: a copy of it cost more than its use.
    @inline(__always)
    static func kept(for call: CompositeCall, source: PixmanImage, destination: PixmanImage, at level: SIMDLevel,
                     make: () -> CompositePlan?) -> Kept {
        var epoch: UInt64 = 0
        let memo = sheen_dropin_plan_memo(&epoch)!
        let key = Key(call, source, destination, level)
        let slots = UnsafeMutableRawPointer(memo).assumingMemoryBound(to: SheenDropinPlanSlot.self)
        if let slot = find(key, epoch, in: slots) {
            switch slot.pointee.planned {
            case Self.planned: return .plan(UnsafePointer(planBytes(slot).assumingMemoryBound(to: CompositePlan.self)))
            case Self.handedOver: return .handedOver(planBytes(slot).load(as: CompositeCall.Handover.self))
            default: return .declined
            }
        }
        // The epoch was read before the records are: an image changed meanwhile leaves the new
        // plan stale at once.
        let slot = slots + Int(memo.pointee.next % UInt32(SHEEN_DROPIN_PLAN_SLOTS))
        memo.pointee.next &+= 1
        precondition(MemoryLayout<CompositePlan>.size <= Int(SHEEN_DROPIN_PLAN_BYTES)
                     && MemoryLayout<CompositeCall.Handover>.size <= Int(SHEEN_DROPIN_PLAN_BYTES), "a composite plan outgrew its memo")
        slot.pointee.epoch = 0
        let made = make()
        if let made { planBytes(slot).initializeMemory(as: CompositePlan.self, to: made) }
        // The part C draws the next such calls by (PlanExpress.c), where the plan has one.
        slot.pointee.express = made?.express(level: level) ?? SheenDropinExpress()
        slot.pointee.planned = made == nil ? Self.declined : Self.planned
        (slot.pointee.op, slot.pointee.source, slot.pointee.mask, slot.pointee.destination, slot.pointee.level) = key.words
        slot.pointee.epoch = epoch
        return made == nil ? .declined : .plan(UnsafePointer(planBytes(slot).assumingMemoryBound(to: CompositePlan.self)))
    }

    /// The plan for a glyph run's composite through its glyphs' coverage (CompositePlan masked
    /// per call) of operator `code`, source `s` (`sampling` gives a sampled source's image, asked
    /// only for one), destination `d` at `level`: the thread's kept one where it was made from the
    /// same, else made and kept; nil where the fast path declines every such call. Kept by what the
    /// plan is made from, not by image address and epoch as `kept` keeps plans: cairo makes a run's
    /// source image anew for each run and sets the destination's clip around it, so the epoch has
    /// always moved on, and a plan made for each run cost 8-pixel text of an image over 64 × 64
    /// 1–2 % of its frame. A plan is a function of these values alone, so a kept one, clipped to
    /// the destination's drawable part (which cairo sets to each run's extents), is the plan the
    /// run would make. Read in place: valid until the thread's next call.
    static func glyphRunPlan(op code: UInt32, source s: PlainImage, destination d: PlainImage, level: SIMDLevel,
                             sampling: () -> SampledImage?) -> UnsafePointer<CompositePlan>? {
        let sampled = s.kind == .sampled ? sampling() : nil
        let kept = sheen_dropin_glyph_plan()!
        // The destination's drawable part is not in the key: the plan is clipped to each run's.
        var unclipped = d
        unclipped.drawable = (0, 0, 0, 0)
        let key = GlyphRunKey(op: code, level: level.memoCode, source: s, sampled: sampled, destination: unclipped)
        let keyBytes = UnsafeMutableRawPointer(kept).advanced(by: MemoryLayout<SheenDropinGlyphPlan>.offset(of: \.key)!)
        let plan = UnsafeMutableRawPointer(kept).assumingMemoryBound(to: CompositePlan.self)
        if kept.pointee.kept != 0 && keyBytes.assumingMemoryBound(to: GlyphRunKey.self).pointee == key {
            guard kept.pointee.planned == Self.planned else { return nil }
            plan.pointee.clip(to: d.drawableRect)
            return UnsafePointer(plan)
        }
        precondition(MemoryLayout<GlyphRunKey>.size <= Int(SHEEN_DROPIN_GLYPH_KEY_BYTES)
                     && MemoryLayout<CompositePlan>.size <= Int(SHEEN_DROPIN_PLAN_BYTES), "a glyph run's plan or its key outgrew its memo")
        kept.pointee.kept = 0
        let made = CompositePlan(op: code, source: s, mask: .perCall, destination: d, level: level, sampling: { sampled })
        if let made { UnsafeMutableRawPointer(plan).initializeMemory(as: CompositePlan.self, to: made) }
        keyBytes.initializeMemory(as: GlyphRunKey.self, to: key)
        kept.pointee.planned = made == nil ? Self.declined : Self.planned
        kept.pointee.kept = 1
        return made == nil ? nil : UnsafePointer(plan)
    }

    /// What a glyph run's plan is made from (`glyphRunPlan`): plain values, kept as bytes.
    private struct GlyphRunKey: Equatable {
        let op: UInt32
        let level: Int
        let source: PlainImage
        let sampled: SampledImage?
        let destination: PlainImage
    }

    /// Keeps `handover` (one for every call: Handover.forEveryCall) for `call`'s operator and
    /// images at `level`, in the slot that declined it, where that slot is still current.
    static func keep(_ handover: CompositeCall.Handover, for call: CompositeCall, source: PixmanImage, destination: PixmanImage,
                     at level: SIMDLevel) {
        var epoch: UInt64 = 0
        let memo = sheen_dropin_plan_memo(&epoch)!
        let slots = UnsafeMutableRawPointer(memo).assumingMemoryBound(to: SheenDropinPlanSlot.self)
        guard let slot = find(Key(call, source, destination, level), epoch, in: slots), slot.pointee.planned == Self.declined else { return }
        planBytes(slot).initializeMemory(as: CompositeCall.Handover.self, to: handover)
        slot.pointee.planned = Self.handedOver
    }

    /// A slot's `planned` (CSheenPixman.h's SHEEN_DROPIN_SLOT_*): nothing kept (declined), a plan,
    /// a handover.
    private static let declined = UInt32(SHEEN_DROPIN_SLOT_DECLINED), planned = UInt32(SHEEN_DROPIN_SLOT_PLAN),
                       handedOver = UInt32(SHEEN_DROPIN_SLOT_HANDED_OVER)

    /// A slot's key: the call's operator, its images' addresses (0 for no mask) and the level.
    private struct Key {
        let words: (UInt, UInt, UInt, UInt, UInt)
        @inline(__always)
        init(_ call: CompositeCall, _ source: PixmanImage, _ destination: PixmanImage, _ level: SIMDLevel) {
            words = (UInt(call.op), PlanMemo.address(source), call.mask.map(PlanMemo.address) ?? 0, PlanMemo.address(destination),
                     UInt(level.memoCode))
        }
    }

    /// The slot kept for `key` at image epoch `epoch`, if any.
    @inline(__always)
    private static func find(_ key: Key, _ epoch: UInt64, in slots: UnsafeMutablePointer<SheenDropinPlanSlot>)
        -> UnsafeMutablePointer<SheenDropinPlanSlot>? {
        let (op, s, m, d, l) = key.words
        for i in 0 ..< Int(SHEEN_DROPIN_PLAN_SLOTS) {
            let slot = slots + i
            if slot.pointee.epoch == epoch && slot.pointee.source == s && slot.pointee.mask == m && slot.pointee.destination == d
                && slot.pointee.op == op && slot.pointee.level == l {
                return slot
            }
        }
        return nil
    }

    /// Where a slot keeps its plan: at its start.
    @inline(__always)
    private static func planBytes(_ slot: UnsafeMutablePointer<SheenDropinPlanSlot>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(slot)
    }

    /// Moves the image epoch on (ImageRegistry: an image's record made, changed or freed), under
    /// the registry's lock.
    @inline(__always)
    static func imagesChanged() { sheen_dropin_images_changed() }

    fileprivate static func address(_ image: PixmanImage) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(image))) }
}

extension SIMDLevel {
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
