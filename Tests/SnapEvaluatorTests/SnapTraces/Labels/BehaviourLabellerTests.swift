import Testing
import SnapTraces

@Suite("BehaviourLabeller")
struct BehaviourLabellerTests {
    /// A stroke `from` → `to` (slots), lasting 100 ms from `t`, going `way` (default: from → to).
    func s(_ t: Double, _ from: Int, _ to: Int, tap: Int? = nil, way: Int? = nil) -> TelemetryStroke {
        TelemetryStroke(startTime: t, endTime: t + 100, startIndex: from, settledIndex: to, tapIndex: tap,
                        direction: way ?? (to > from ? 1 : (to < from ? -1 : 0)))
    }

    let labeller = BehaviourLabeller()

    @Test("a dwell (3 s by default) after a run labels its last stroke with where it rested; the session's last stroke is not labelled")
    func dwell() {
        let labels = labeller.label(session: [s(0, 3, 4), s(400, 4, 5), s(3600, 5, 6)])
        #expect(labels[1] == .init(index: 5, rule: .dwell))
        #expect(labels[2] == nil, "a session may end mid-goal")
        // A 2.5 s pause is not a dwell by default; with --dwell-ms 2000 it is.
        #expect(labeller.label(session: [s(0, 4, 5), s(2600, 5, 6)]) == [nil, nil])
        var p = BehaviourLabeller.Parameters()
        p.dwellMilliseconds = 2000
        #expect(BehaviourLabeller(parameters: p).label(session: [s(0, 4, 5), s(2600, 5, 6)])[0] == .init(index: 5, rule: .dwell))
        p.sessionEndIsDwell = true
        #expect(BehaviourLabeller(parameters: p).label(session: [s(0, 3, 4)]) == [.init(index: 4, rule: .dwell)])
    }

    @Test("a tap names the goal whatever the pause; approaches from the next item that the run corrected get the goal")
    func tapAndCorrection() {
        // 4 → 6 flies past item 5, 600 ms later 6 → 5 and a tap on 5: the first stroke meant 5.
        let labels = labeller.label(session: [s(0, 4, 6), s(700, 6, 5, tap: 5), s(900, 5, 4)])
        #expect(labels[0] == .init(index: 5, rule: .correction))
        #expect(labels[1] == .init(index: 5, rule: .tap))
        // The same when it fell short (snapped back to 4) and a second flick reached 5 before a dwell.
        let short = labeller.label(session: [s(0, 4, 4, way: 1), s(500, 4, 5), s(4000, 5, 6)])
        #expect(short[0] == .init(index: 5, rule: .correction) && short[1] == .init(index: 5, rule: .dwell))
        // The next stroke started too late for the correction window: only the tap.
        let late = labeller.label(session: [s(0, 4, 6), s(1700, 6, 5, tap: 5), s(1900, 5, 4)])
        #expect(late[0] == nil && late[1] == .init(index: 5, rule: .tap))
        // A stroke that started two items from the goal and flew past may have been a page step: unlabelled.
        #expect(labeller.label(session: [s(0, 3, 6), s(700, 6, 5, tap: 5)])[0] == nil)
    }

    @Test("a pause after a retry (the stroke snapped back, the next goes the same way) is not a dwell")
    func retry() {
        // 4 → 4 (snapped back), 3.5 s, 4 → 5, dwell: one run, the failed attempt meant 5.
        let labels = labeller.label(session: [s(0, 4, 4, way: 1), s(3600, 4, 5), s(8000, 5, 6)])
        #expect(labels[0] == nil, "no goal of its own, and the retry came after the correction window")
        #expect(labels[1] == .init(index: 5, rule: .dwell))
        // The same pause after a stroke that moved the carousel is a dwell.
        #expect(labeller.label(session: [s(0, 4, 5), s(3600, 5, 6)])[0] == .init(index: 5, rule: .dwell))
    }

    @Test("long last strokes of a run, and a dwell followed by a short stroke back, stay unlabelled")
    func guards() {
        // A run whose last stroke moved 2 items (maybe one step of a series that flew on).
        #expect(labeller.label(session: [s(0, 3, 4), s(300, 4, 6), s(3500, 6, 7)])[1] == nil)
        // The same when it is the run's only stroke: labelled.
        #expect(labeller.label(session: [s(0, 4, 6), s(3500, 6, 7)])[0] == .init(index: 6, rule: .dwell))
        // Dwell on 6, then straight back by one: a pause before a correction.
        #expect(labeller.label(session: [s(0, 4, 6), s(3500, 6, 5), s(7000, 5, 6)])[0] == nil)
    }

    @Test("counts by rule")
    func counts() {
        let labels = labeller.label(session: [s(0, 4, 6), s(700, 6, 5, tap: 5), s(900, 5, 4)])
        let c = BehaviourLabeller.counts(labels)
        #expect(c.byRule == [.correction: 1, .tap: 1] && c.unlabelled == 1)
    }
}
