import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

@Suite struct HiddenTruthCSVTests {
    /// The hidden truth carries the draws the traces were made from: the users' gains, a reveal
    /// stroke's amplitude and duration draws (log-normal with the model's medians and spreads), the
    /// holds, and the delivery's stall and repeat draws at their probabilities.
    @Test func rowsCarryTheDrawsAtTheModelsRates() throws {
        let p = truthParameters()
        let live = try PolicyCatalog.policy(id: "compose-lazyrow-snap")
        let g = try TraceGenerator(model: SwipeModel(parameters: p, layout: benchLayout()), traceCount: 3000, userCount: 30,
                                   seed: 9, livePolicy: live)
        var amplitudes: [Double] = [], durations: [Double] = [], stalls = 0, repeats = 0, placed = 0, n = 0
        try g.forEachSwipe { s in
            n += 1
            let row = HiddenTruthCSV.row(s, user: g.users[s.user]).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            #expect(row.count == HiddenTruthCSV.header.split(separator: ",").count)
            #expect(Double(row[2]).map { abs($0 / g.users[s.user].gain - 1) < 1e-5 } == true)
            amplitudes.append(log(s.drawnAmplitude))
            durations.append(log(s.drawnDuration))
            if s.deliveryDraws?.stalled == true { stalls += 1 }
            if s.deliveryDraws?.liftRepeats == true { repeats += 1 }
            if s.hold > 0 { placed += 1 }
        }
        func meanSD(_ x: [Double]) -> (Double, Double) {
            let m = x.reduce(0, +) / Double(x.count)
            return (m, (x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1)).squareRoot())
        }
        let (am, asd) = meanSD(amplitudes), (dm, dsd) = meanSD(durations)
        #expect(abs(am - log(1.5)) < 0.03 && abs(asd / 0.45 - 1) < 0.05)
        #expect(abs(dm - log(100)) < 0.03 && abs(dsd / 0.28 - 1) < 0.05)
        // binomial: 3,000 draws, sd ≤ 0.0092; 4 sd
        #expect(abs(Double(stalls) / Double(n) - 0.12) < 0.025)
        #expect(abs(Double(repeats) / Double(n) - 0.8) < 0.03)
        #expect(abs(Double(placed) / Double(n) - 0.3) < 0.035)
    }

    /// The file: a header and one row per swipe, written atomically.
    @Test func writesOneRowPerSwipe() throws {
        let g = try TraceGenerator(model: SwipeModel(parameters: SwipeModelParameters(), layout: benchLayout()), traceCount: 50,
                                   userCount: 4, seed: 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hidden-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try HiddenTruthCSV.write(g, to: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 51)
        #expect(lines[0] + "\n" == HiddenTruthCSV.header)
        // scan delivery: the delivery columns are empty
        #expect(lines[1].hasSuffix(",,,,"))
    }
}
