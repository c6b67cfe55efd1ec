import Testing
@testable import SnapStrategies

/// A decision's rule is held as a literal or as a text built at run time (``RuleName``); both
/// read, compare, hash and print as the same text.
@Suite("Snap decision: the rule, literal or built")
struct SnapDecisionTests {
    static let built = "fling-" + String(["f", "o", "r", "w", "a", "r", "d"])

    @Test("a literal rule and the same text built at run time read, compare and hash alike")
    func literalAndText() {
        let literal = SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 340, rule: "fling-forward" as StaticString)
        let text = SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 340, rule: Self.built)
        #expect(literal.rule == "fling-forward")
        #expect(text.rule == "fling-forward")
        #expect(literal == text)
        #expect(literal.hashValue == text.hashValue)
        #expect(Set([literal, text]).count == 1)
        #expect(literal != SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 340, rule: "fling-back" as StaticString))
        #expect(literal != SnapDecision(targetSlot: 3, targetIndex: 2, targetOffset: 340, rule: "fling-forward" as StaticString))
        #expect(literal != SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 341, rule: Self.built))
        // The layout's decision holds the literal it is given.
        let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
        #expect(layout.decision(slot: 2, rule: "fling-forward") == text)
        #expect(layout.decision(slot: 2, ruleText: Self.built) == literal)
    }

    @Test("hasRule compares the text, for a literal (also one of one character) and for a built rule")
    func hasRule() {
        let literal = SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: "no-snap-in-range" as StaticString)
        #expect(literal.hasRule("no-snap-in-range"))
        #expect(!literal.hasRule("no-snap-in-rangf"))
        #expect(!literal.hasRule("no-snap"))
        #expect(!literal.hasRule(""))
        let text = SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: "no-snap-" + "in-range")
        #expect(text.hasRule("no-snap-in-range"))
        #expect(!text.hasRule("fling"))
        let scalar = SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: "r" as StaticString)
        #expect(scalar.rule == "r" && scalar.hasRule("r") && !scalar.hasRule("x"))
        // Not ASCII: compared as text (canonically equivalent forms are equal, as `==` on String says).
        let composed = SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: "caf\u{E9}" as StaticString)
        #expect(composed.hasRule("cafe\u{301}"))
    }

    @Test("setting the rule replaces it; the description prints the rule's text as before")
    func setterAndDescription() {
        var d = SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 340, rule: "fling-forward" as StaticString)
        d.rule += "+cap"
        #expect(d.rule == "fling-forward+cap")
        #expect(d.hasRule("fling-forward+cap"))
        #expect(String(describing: d) == #"SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 340.0, rule: "fling-forward+cap")"#)
    }
}
