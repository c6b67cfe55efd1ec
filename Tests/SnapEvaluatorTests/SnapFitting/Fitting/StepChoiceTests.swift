import Testing
@testable import SnapFitting

@Suite("Step choice (value and plateau of one coordinate step)")
struct StepChoiceTests {
    /// Segments [0, 1] loss 4, [1.01, 5] loss 5, [5.01, 10] loss 4: two best runs, the right one wider.
    static let twoRuns = StepProfile(lower: 0, upper: 10, base: 4,
                                     events: [StepEvent(a: 1, b: 1.01, delta: 1), StepEvent(a: 5, b: 5.01, delta: -1)],
                                     isInteger: false)

    @Test("a value that stays inside a bisection's uncertain gap keeps the plateau next to it, not a distant equally good run")
    func stayInGap() {
        // 1.005 lies inside the first change (decided old at 1, new at 1.01): its loss is the left segment's, 4, the best.
        let c = Self.twoRuns.choice(current: 1.005, total: 100)
        #expect(c.value == 1.005 && c.loss == 4)
        #expect(c.plateau.lower == 0 && c.plateau.upper == 1.005)
    }

    @Test("a value inside a best segment stays, with its run as plateau; a worse one moves to the widest best segment")
    func stayOrMove() {
        let stay = Self.twoRuns.choice(current: 0.5, total: 100)
        #expect(stay.value == 0.5 && stay.plateau.lower == 0 && stay.plateau.upper == 1)
        let move = Self.twoRuns.choice(current: 3, total: 100)
        #expect(move.value == 7.505 && move.loss == 4)
        #expect(move.plateau.lower == 5.01 && move.plateau.upper == 10)
    }

    @Test("on random profiles the plateau always contains the value, the value's loss is the best, and every segment inside the plateau is best")
    func randomProfiles() {
        var rng = SeededGenerator(seed: 2026)
        for round in 0..<3000 {
            let integer = round % 5 == 0
            let upper = integer ? Double(Int.random(in: 2...12, using: &rng)) : 10
            var events: [StepEvent] = []
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                let a: Double, b: Double
                if integer {
                    a = Double(Int.random(in: 0..<Int(upper), using: &rng))
                    b = a + 1
                } else {
                    a = Double.random(in: 0..<upper, using: &rng).rounded(toPlaces: 2)
                    b = a + [0, 0.01, 0.5].randomElement(using: &rng)!.nextUp
                }
                events.append(StepEvent(a: a, b: b, delta: Double(Int.random(in: -2...2, using: &rng))))
            }
            StepProfile.sort(&events)
            let profile = StepProfile(lower: 0, upper: upper, base: 10, events: events, isInteger: integer)
            let current = integer ? Double(Int.random(in: 0...Int(upper), using: &rng))
                                  : [Double.random(in: 0...upper, using: &rng), events.randomElement(using: &rng).map { ($0.a + $0.b) / 2 } ?? 1]
                                    .randomElement(using: &rng)!
            let c = profile.choice(current: current, total: 100)
            var best = Double.infinity
            profile.forEachSegment { _, _, l in best = min(best, l) }
            #expect(c.plateau.lower <= c.value && c.value <= c.plateau.upper, "round \(round): \(c) from \(current)")
            #expect(profile.loss(at: c.value) <= best + 1e-7, "round \(round)")
            profile.forEachSegment { s, e, l in
                if s >= c.plateau.lower && e <= c.plateau.upper { #expect(l <= best + 1e-7, "round \(round): [\(s), \(e)]") }
            }
        }
    }
}

private extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
