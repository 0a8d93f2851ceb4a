import Foundation
import SheenRaster
import SheenTestSupport
import SheenText
@testable import SheenLabel
import Testing

/// Caret movement in a field and a view (TextField+CaretMovement): indices are the text's
/// (secure entry's bullets map back to characters), a field's up and down go to its ends, a
/// view's keep the preferred x in view coordinates, the placeholder moves nothing.
@Suite struct CaretMovementFieldTests {
    func field(_ text: String, width: Double = 220) throws -> TextField {
        TextField(text: text, font: try TestFonts.sans(20), size: Size(width: width, height: 40))
    }

    @Test func aFieldMovesThroughItsText() throws {
        var f = try field("Hello world")
        f.isEditing = true
        #expect(try f.position(from: 0, moving: .right) == (1, .leading))
        #expect(try f.position(from: 0, moving: .wordForward).index == 5)
        #expect(try f.position(from: 4, moving: .up) == (0, .leading))
        #expect(try f.position(from: 4, moving: .down) == (11, .leading))
        #expect(try f.position(from: 4, moving: .lineEnd) == (11, .leading))
        // A caret moved right lands where caretRect draws it, a step to the right.
        let before = try f.caretRect(at: 3), after = try f.position(from: 3, moving: .right)
        #expect(try f.caretRect(at: after.index, affinity: after.affinity).x > before.x)
    }

    @Test func secureEntryMovesByCharacter() throws {
        var f = try field("pa👍🏽ss")
        f.isSecureTextEntry = true
        #expect(try f.position(from: 2, moving: .forward).index == 6)   // the thumb is one bullet
        #expect(try f.position(from: 6, moving: .left).index == 2)
        #expect(try f.position(from: 0, moving: .documentEnd).index == 8)
    }

    @Test func thePlaceholderMovesNothing() throws {
        var f = try field("")
        f.placeholder = "Search"
        for movement in CaretMovement.allCases { #expect(try f.position(from: 0, moving: movement) == (0, .leading)) }
    }

    @Test func aViewMovesBetweenLinesAtThePreferredX() throws {
        var v = TextView(text: "First line here\nhi\nthe third line", font: try TestFonts.sans(20), size: Size(width: 300, height: 200))
        v.field.isEditing = true
        let first = try v.caretRect(at: 14), x = first.x + first.width / 2
        let down = try v.position(from: 14, moving: .down, preferredX: x)
        #expect(down.index == 18)   // the short line's end
        let again = try v.position(from: down.index, affinity: down.affinity, moving: .down, preferredX: x)
        let r = try v.caretRect(at: again.index, affinity: again.affinity)
        #expect(abs(r.x + r.width / 2 - x) < 8)
        #expect(try v.position(from: again.index, moving: .up, preferredX: x).index == 18)
    }

    @Test func badPreferredXIsRefused() throws {
        let f = try field("x")
        #expect(throws: LabelError.self) { try f.position(from: 0, moving: .up, preferredX: .nan) }
        #expect(throws: LabelError.self) { try f.position(from: 0, moving: .down, preferredX: .infinity) }
    }
}
