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

    @Test("a batch store writes the decision over a literal or a built rule")
    func batchStore() {
        // A rule built at run time that owns a heap buffer (longer than a small string), a literal
        // and the empty text an evaluator's buffer starts with.
        var buffer = [SnapDecision](repeating: SnapDecision(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: ""), count: 3)
        buffer[1] = SnapDecision(targetSlot: 1, targetIndex: 1, targetOffset: 1, rule: String(repeating: "built-", count: 8))
        buffer[2] = SnapDecision(targetSlot: 2, targetIndex: 2, targetOffset: 2, rule: "literal" as StaticString)
        let new = [
            SnapDecision(targetSlot: 7, targetIndex: 3, targetOffset: -0.0, rule: "fling-next" as StaticString),
            SnapDecision(targetSlot: -4, targetIndex: 1, targetOffset: .nan, rule: "forward-" + String(9)),
            SnapDecision(targetSlot: 5, targetIndex: 5, targetOffset: 850.5, rule: "stay" as StaticString),
        ]
        buffer.withUnsafeMutableBufferPointer { b in
            for i in 0..<3 { b.store(new[i], at: i) }
        }
        for i in 0..<3 {
            #expect(buffer[i].targetSlot == new[i].targetSlot && buffer[i].targetIndex == new[i].targetIndex
                    && buffer[i].targetOffset.bitPattern == new[i].targetOffset.bitPattern && buffer[i].rule == new[i].rule)
        }
        // Over literal rules again (the evaluator's usual case), and over the built one just stored.
        buffer.withUnsafeMutableBufferPointer { b in
            b.store(new[1], at: 0)
            b.store(new[0], at: 1)
            b.store(new[2], at: 2)
        }
        #expect(buffer[0].rule == "forward-9" && buffer[1].rule == "fling-next" && buffer[2].rule == "stay")
        #expect(buffer[0].targetOffset.isNaN && buffer[1].targetOffset.sign == .minus)
    }
}
