import SnapEvaluator
import Testing

@Suite("BehaviourLabeller")
struct BehaviourLabellerTests {
    /// A stroke `from` → `to` (slots), lasting 100 ms from `t`.
    func s(_ t: Double, _ from: Int, _ to: Int, tap: Int? = nil) -> TelemetryStroke {
        TelemetryStroke(startTime: t, endTime: t + 100, startIndex: from, settledIndex: to, tapIndex: tap,
                        direction: to > from ? 1 : (to < from ? -1 : 0))
    }

    let labeller = BehaviourLabeller()

    @Test("a dwell after a run labels its last stroke with where it rested; the session's last stroke is not labelled")
    func dwell() {
        let labels = labeller.label(session: [s(0, 3, 4), s(400, 4, 5), s(3000, 5, 6)])
        #expect(labels[0] == nil)
        #expect(labels[1] == .init(index: 5, rule: .dwell))
        #expect(labels[2] == nil, "a session may end mid-goal")
        var p = BehaviourLabeller.Parameters()
        p.sessionEndIsDwell = true
        #expect(BehaviourLabeller(parameters: p).label(session: [s(0, 3, 4)]) == [.init(index: 4, rule: .dwell)])
    }

    @Test("a tap names the goal whatever the pause; an overshoot corrected by the run's last stroke gets the goal")
    func tapAndCorrection() {
        // 3 → 6 overshoots item 5, 600 ms later 6 → 5 and a tap on 5.
        let labels = labeller.label(session: [s(0, 3, 6), s(700, 6, 5, tap: 5), s(900, 5, 4)])
        #expect(labels[0] == .init(index: 5, rule: .correction))
        #expect(labels[1] == .init(index: 5, rule: .tap))
        // The same correction started too late for the window: only the tap.
        let late = labeller.label(session: [s(0, 3, 6), s(1700, 6, 5, tap: 5), s(1900, 5, 4)])
        #expect(late[0] == nil && late[1] == .init(index: 5, rule: .tap))
    }

    @Test("long last strokes of a run, and a dwell followed by a short stroke back, stay unlabelled")
    func guards() {
        // A run whose last stroke moved 2 items (maybe one step of a series that flew on).
        #expect(labeller.label(session: [s(0, 3, 4), s(300, 4, 6), s(3000, 6, 7)])[1] == nil)
        // The same when it is the run's only stroke: labelled.
        #expect(labeller.label(session: [s(0, 4, 6), s(3000, 6, 7)])[0] == .init(index: 6, rule: .dwell))
        // Dwell on 6, then straight back by one: a pause before a correction.
        #expect(labeller.label(session: [s(0, 4, 6), s(3000, 6, 5), s(6000, 5, 6)])[0] == nil)
    }

    @Test("counts by rule")
    func counts() {
        let labels = labeller.label(session: [s(0, 3, 6), s(700, 6, 5, tap: 5), s(900, 5, 4)])
        let c = BehaviourLabeller.counts(labels)
        #expect(c.byRule == [.correction: 1, .tap: 1] && c.unlabelled == 1)
    }
}
