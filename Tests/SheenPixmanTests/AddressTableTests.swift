// The drop-in's address table against a Dictionary: every insert, replacement, removal and change
// of random keys — many landing on the same slots, the table grown from its first size many
// times over — leaves it answering every key as the Dictionary does, a removal included (its
// entries shifted back into the freed slot, no marker left behind).

@testable import SheenPixman
import SheenTestSupport
import Testing

@Suite struct AddressTableTests {
    /// 40 rounds of 4,000 random operations on keys from pools of 8 to 4,096 addresses (small
    /// pools keep a few live entries and remove them over and over, as cairo's images are; large
    /// ones grow the table), each followed by a check of the keys it touched and, every 500
    /// operations, of the whole pool.
    @Test func answersAsADictionary() {
        var rng = SeededGenerator(seed: 0xADD7E55)
        for round in 0 ..< 40 {
            let pool = (0 ..< [8, 64, 512, 4096][round % 4]).map { _ in UInt.random(in: 1 ... UInt.max, using: &rng) & ~7 | 8 }
            var table = AddressTable<Int>(), model: [UInt: Int] = [:]
            for step in 0 ..< 4000 {
                let key = pool[Int.random(in: 0 ..< pool.count, using: &rng)]
                switch Int.random(in: 0 ..< 10, using: &rng) {
                case 0 ..< 5:
                    table.insert(key, step); model[key] = step
                case 5 ..< 9:
                    #expect(table.remove(key) == model.removeValue(forKey: key), "round \(round) step \(step): removal")
                default:
                    table.modify(key) { $0 += 1 }
                    if model[key] != nil { model[key]! += 1 }
                }
                #expect(table.find(key) == model[key], "round \(round) step \(step): \(key)")
                if step % 500 == 499 {
                    let wrong = pool.filter { table.find($0) != model[$0] }.count
                    #expect(wrong == 0, "round \(round) step \(step): \(wrong) keys answered wrong")
                }
            }
        }
    }
}
