// The drop-in's per-thread scratch slots (ThreadScratch.c): each slot at least as long as asked,
// slots and threads never sharing memory, requests past the cap or of no slot refused, and a
// slot grown keeping every byte asked for writable (ASan in Scripts/test.sh's sanitizer runs
// would report a write past it).

import CSheenPixman
import Foundation
import SheenTestSupport
import Testing

@Suite struct ThreadScratchTests {
    /// Random requests in both slots, each filled whole with its own byte, then both read back: a
    /// slot shorter than asked, or two slots sharing memory, shows as a byte of the other's.
    @Test func slotsHoldWhatIsAskedAndNeverOverlap() {
        var rng = SeededGenerator(seed: 0x5C7A7C4)
        for step in 0 ..< 400 {
            let sizes = (0 ..< Int(SHEEN_DROPIN_SCRATCH_SLOTS)).map { _ in
                Int.random(in: 1 ... (step % 10 == 0 ? Int(SHEEN_DROPIN_SCRATCH_MAX) : 9_000), using: &rng)
            }
            let slots = sizes.enumerated().map { slot, bytes -> UnsafeMutableRawPointer? in
                guard let p = sheen_dropin_scratch(Int32(slot), bytes) else { return nil }
                memset(p, Int32(0x40 + slot), bytes)
                return p
            }
            for (slot, p) in slots.enumerated() {
                guard let p else {
                    Issue.record("step \(step): slot \(slot) refused \(sizes[slot]) bytes")
                    continue
                }
                let bytes = UnsafeRawBufferPointer(start: p, count: sizes[slot])
                #expect(bytes.allSatisfy { $0 == UInt8(0x40 + slot) }, "step \(step): slot \(slot) of \(sizes[slot]) bytes overwritten")
            }
        }
    }

    /// Past the cap, and of a slot that does not exist: nil.
    @Test func refusesWhatNoSlotTakes() {
        #expect(sheen_dropin_scratch(0, Int(SHEEN_DROPIN_SCRATCH_MAX) + 1) == nil)
        #expect(sheen_dropin_scratch(-1, 16) == nil)
        #expect(sheen_dropin_scratch(Int32(SHEEN_DROPIN_SCRATCH_SLOTS), 16) == nil)
        #expect(sheen_dropin_scratch(0, Int(SHEEN_DROPIN_SCRATCH_MAX)) != nil)
    }

    /// Two threads asking at once get memory of their own: each fills its slot and finds its
    /// bytes intact after the other has filled its own.
    @Test func threadsHaveSlotsOfTheirOwn() {
        let bytes = 64 * 1024
        let filled = DispatchSemaphore(value: 0), checked = DispatchGroup()
        // One flag a thread, each written by its thread alone (an Array set from two threads at
        // once would be a race on the array itself).
        let intact = UnsafeMutablePointer<Bool>.allocate(capacity: 2)
        intact.initialize(repeating: false, count: 2)
        defer { intact.deallocate() }
        for t in 0 ..< 2 {
            checked.enter()
            nonisolated(unsafe) let flags = intact
            Thread.detachNewThread {
                let p = sheen_dropin_scratch(0, bytes)!
                memset(p, Int32(0x10 + t), bytes)
                filled.signal()
                // Both threads hold their slots here before either reads its own back.
                Thread.sleep(forTimeInterval: 0.05)
                flags[t] = UnsafeRawBufferPointer(start: p, count: bytes).allSatisfy { $0 == UInt8(0x10 + t) }
                checked.leave()
            }
        }
        filled.wait()
        filled.wait()
        checked.wait()
        #expect(intact[0] && intact[1])
    }
}
