import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces
@testable import SnapSwipeModel
@testable import SnapReports

/// The whole CSV of a run, as text.
func csvText(_ generator: TraceGenerator, kind: TraceCSVWriter.Kind = .samples, threads: Int = 1) throws -> String {
    let writer = TraceCSVWriter(kind: kind, layout: generator.model.layout, userCount: generator.users.count)
    var bytes: [UInt8] = []
    try generator.write(with: writer, threads: threads) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self)
}

/// All swipes of a run.
func allSwipes(_ generator: TraceGenerator) throws -> [SyntheticSwipe] {
    var out: [SyntheticSwipe] = []
    try generator.forEachSwipe { out.append($0) }
    return out
}

func makeGenerator(traces: Int, users: Int = 100, seed: UInt64 = 1, layout: CarouselLayout? = nil,
                   parameters: SwipeModelParameters = SwipeModelParameters()) throws -> TraceGenerator {
    let model = try SwipeModel(parameters: parameters, layout: layout ?? benchLayout())
    return try TraceGenerator(model: model, traceCount: traces, userCount: users, seed: seed)
}

/// `abs(observed share − p)` is within 5 binomial standard errors.
func shareMatches(_ hits: Int, of n: Int, _ p: Double) -> Bool {
    abs(Double(hits) / Double(n) - p) <= 5 * (p * (1 - p) / Double(n)).squareRoot()
}

@Suite struct TraceGeneratorTests {
    @Test func sameArgumentsGiveIdenticalBytesWhateverTheThreads() throws {
        let a = try csvText(makeGenerator(traces: 3000, seed: 42), threads: 1)
        let b = try csvText(makeGenerator(traces: 3000, seed: 42), threads: 2)
        let c = try csvText(makeGenerator(traces: 3000, seed: 42), threads: 4)
        #expect(a == b)
        #expect(a == c)
        #expect(a.split(separator: "\n").count > 3000)
    }

    @Test func differentSeedsGiveDifferentTraces() throws {
        let a = try csvText(makeGenerator(traces: 200, seed: 1))
        let b = try csvText(makeGenerator(traces: 200, seed: 2))
        #expect(a != b)
    }

    @Test func traceCountsAndIDsAreExact() throws {
        for (traces, users) in [(0, 3), (1, 1), (2500, 1), (777, 50)] {
            let g = try makeGenerator(traces: traces, users: users)
            let swipes = try allSwipes(g)
            #expect(swipes.count == traces)
            #expect(swipes.map(\.traceID) == Array(0..<traces))
            #expect(g.tracesPerUser.reduce(0, +) == traces)
        }
    }

    /// Rows are contiguous per trace, phases run began, moved…, ended/cancelled, times increase,
    /// per-trace columns repeat unchanged, the first offset is the start offset and the labels
    /// match the ground truth.
    @Test func sampleFileIsWellFormed() throws {
        let layout = try benchLayout(count: 6)
        let g = try makeGenerator(traces: 1500, users: 20, layout: layout)
        let swipes = try allSwipes(g)
        let lines = try csvText(g).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = lines[0]
        #expect(header == ["trace_id", "user_id", "session_id", "t_ms", "offset", "phase", "start_offset", "start_index",
                           "intended_index", "item_width", "item_spacing", "leading_inset", "viewport_width", "item_count"])
        var row = 1
        for swipe in swipes {
            let rows = lines[row..<(row + swipe.times.count)]
            row += swipe.times.count
            var lastTime = -Double.infinity
            for (j, r) in rows.enumerated() {
                #expect(r.count == header.count)
                #expect(r[0] == swipe.traceName)   // t0, t1, …: never a number (issue 31)
                #expect(r[1...2] == rows.first![1...2])
                #expect(r[6...] == rows.first![6...])
                let t = try #require(Double(r[3]))
                #expect(t > lastTime)
                lastTime = t
                let phase = j == 0 ? "began" : (j == rows.count - 1 ? (swipe.isCancelled ? "cancelled" : "ended") : "moved")
                #expect(r[5] == phase)
            }
            let first = rows.first!
            #expect(first[4] == first[6])
            #expect(Int(first[8]) == swipe.intendedIndex && Int(first[7]) == swipe.startIndex)
            #expect(swipe.intendedIndex == swipe.startIndex + swipe.intent)
            #expect((0..<6).contains(swipe.intendedIndex))
            #expect(first[9...] == ["160", "10", "10", "375", "6"])
        }
        #expect(row == lines.count)
    }

    @Test func releaseFileHasOneRowPerUncancelledSwipe() throws {
        let g = try makeGenerator(traces: 800, users: 10)
        let swipes = try allSwipes(g)
        let lines = try csvText(g, kind: .releases).split(separator: "\n")
        #expect(lines[0] == "trace_id,user_id,session_id,release_offset,release_velocity,start_offset,start_index,"
                + "intended_index,item_width,item_spacing,leading_inset,viewport_width,item_count")
        let kept = swipes.filter { !$0.isCancelled }
        #expect(lines.count == kept.count + 1)
        // write says how many it wrote and how many it left out (generate prints both)
        let writer = TraceCSVWriter(kind: .releases, layout: g.model.layout, userCount: 10)
        let counts = try g.write(with: writer, threads: 2) { _ in }
        #expect(counts.written == kept.count && counts.cancelledLeftOut == swipes.count - kept.count)
        #expect(counts.cancelledLeftOut > 0, "the default model cancels some swipes: the count is exercised")
        let samples = try g.write(with: TraceCSVWriter(kind: .samples, layout: g.model.layout, userCount: 10)) { _ in }
        #expect(samples.written == swipes.count && samples.cancelledLeftOut == 0)
        for (line, swipe) in zip(lines.dropFirst(), kept) {
            let f = line.split(separator: ",").map(String.init)
            #expect(f[0] == swipe.traceName)
            #expect(abs(Double(f[3])! - swipe.releaseOffset) <= 0.0005)
            #expect(abs(Double(f[4])! - swipe.releaseVelocity) <= 0.00005)
        }
    }

    /// In a looping carousel no intent is redrawn, so the first swipe of each goal follows the
    /// intent weights; a stepper series of a goal k is |k| swipes of sign(k).
    @Test func goalIntentsFollowTheDocumentedDistribution() throws {
        let p = SwipeModelParameters()
        let g = try makeGenerator(traces: 30_000, users: 50, seed: 3, layout: benchLayout(looping: true))
        let swipes = try allSwipes(g)
        let goals = swipes.filter { $0.stepInGoal == 0 }
        let total = p.intentWeights.reduce(0, +)
        for (k, w) in zip(p.intents, p.intentWeights) {
            #expect(shareMatches(goals.filter { $0.goalIntent == k }.count, of: goals.count, w / total), "k = \(k)")
        }
        for s in swipes where s.goalIntent != s.intent {
            #expect(abs(s.goalIntent) >= 2 && s.intent == (s.goalIntent > 0 ? 1 : -1) && s.strategy == .stepper)
            #expect(s.style == .flick)
        }
        let oneItem = swipes.filter { abs($0.goalIntent) == 1 }
        #expect(shareMatches(oneItem.filter { $0.style == .flick }.count, of: oneItem.count, p.flickShare))
        #expect(swipes.filter { $0.goalIntent == 0 }.allSatisfy { $0.style == .stay })
        #expect(shareMatches(swipes.filter(\.isCancelled).count, of: swipes.count, p.cancelledShare))
        #expect(swipes.filter { $0.liftTail != .none }.count > 0)
        // Release velocity points toward the intent for every flick.
        #expect(swipes.filter { $0.style == .flick }.allSatisfy { $0.releaseVelocity * Double($0.intent) > 0 })
    }

    /// With a fixed rate the mean sampling interval is 1000/rate (the jitter does not accumulate:
    /// the mean of a trace's intervals is (t_last − t_0)/(n − 1), within ±2·clip/(n−1) of the period).
    @Test(arguments: [60.0, 120, 240])
    func samplingIntervalMatchesTheRate(rate: Double) throws {
        let g = try makeGenerator(traces: 2000, users: 10, parameters: SwipeModelParameters(fixedRate: rate))
        var intervals: [Double] = []
        try g.forEachSwipe { s in
            intervals += zip(s.times, s.times.dropFirst()).map { $1 - $0 }
        }
        let (m, sd) = meanAndSD(intervals)
        #expect(abs(m - 1000 / rate) < 5 * sd / Double(intervals.count).squareRoot() + 1e-9)
        #expect(intervals.allSatisfy { $0 > 0 })
        #expect(sd > 0.2 && sd < 1.2) // √2 · 0.5 ms ≈ 0.7 ms of timestamp jitter
    }

    /// Users' log gains have the model's spread (sd 0.25), and a user's median log release speed
    /// of page-stepper flicks rises one for one with the log gain.
    @Test func perUserGainSpreadShowsInReleaseSpeeds() throws {
        let g = try makeGenerator(traces: 40_000, users: 400, seed: 8)
        let gains = g.users.map { log($0.gain) }
        let (_, sd) = meanAndSD(gains)
        #expect(abs(sd - 0.25) < 5 * 0.25 / (2 * 400.0).squareRoot())
        var speeds = [[Double]](repeating: [], count: 400)
        try g.forEachSwipe { s in
            if s.style == .flick && s.strategy == .stepper { speeds[s.user].append(log(abs(s.releaseVelocity))) }
        }
        var xs: [Double] = [], ys: [Double] = []
        for (u, v) in speeds.enumerated() where v.count >= 20 {
            xs.append(gains[u])
            ys.append(meanAndSD(v).mean)
        }
        let mx = meanAndSD(xs).mean, my = meanAndSD(ys).mean
        let slope = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        #expect(xs.count > 100)
        #expect(abs(slope - 1) < 0.25)
    }

    @Test func sessionsChainSwipesFromTheIntendedItem() throws {
        let g = try makeGenerator(traces: 3000, users: 5, seed: 4)
        let swipes = try allSwipes(g)
        var chained = 0
        for (a, b) in zip(swipes, swipes.dropFirst()) where a.chunk == b.chunk && a.session == b.session {
            #expect(b.startSlot == a.startSlot + a.intent)
            #expect(b.times[0] > a.times.last!)
            chained += 1
        }
        #expect(chained > 2000)
    }

    @Test func refusesCountsOutOfRange() throws {
        #expect(throws: SwipeModelError.self) { try makeGenerator(traces: -1) }
        #expect(throws: SwipeModelError.self) { try makeGenerator(traces: 10, users: 0) }
    }
}
