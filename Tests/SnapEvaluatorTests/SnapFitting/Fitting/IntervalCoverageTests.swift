import Foundation
import Testing
import SnapStrategies
@testable import SnapGSL
@testable import SnapTraces
@testable import SnapFitting
@testable import SnapReports

/// Coverage of the fit's 95% intervals in simulation: a planted threshold (known truth), label
/// noise and clustered users. The small version runs here; `Scripts/research/coverage-fit.sh` runs the
/// larger one (SNAPLAB_COVERAGE_TRACES, SNAPLAB_COVERAGE_RESAMPLES).
@Suite("Interval coverage in simulation")
struct IntervalCoverageTests {
    static let truth = 0.8
    static let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, viewportWidth: 375, itemCount: 60)

    /// `users` users with `perUser` swipes each: per user a typical speed (lognormal around
    /// 0.8 pt/ms) and a label-noise rate (0…20%); the person meant the next item when faster
    /// than ``truth`` (android-pagersnap's rule with minFlingVelocity = truth), else to stay,
    /// and a noisy label says the other.
    static func data(users: Int, perUser: Int, seed: UInt64) throws -> FitData {
        let rng = try GSLRandom(seed: seed)
        let planted = AndroidPagerSnapHelperSnap(minFlingVelocity: truth)
        var traces: [TraceRelease] = []
        for u in 0..<users {
            let typical = rng.lognormal(logMean: log(0.8), logStandardDeviation: 0.35)
            let noise = rng.uniform(0, 0.2)
            for k in 0..<perUser {
                let start = 5 + rng.integer(below: 46)
                let direction: Double = rng.bernoulli(0.5) ? 1 : -1
                let speed = typical * rng.lognormal(logMean: 0, logStandardDeviation: 0.5)
                let startOffset = layout.snapOffset(ofSlot: start)
                let release = Release(offset: startOffset + direction * rng.uniform(0.05, 0.4) * layout.stride,
                                      velocity: direction * speed, startOffset: startOffset, startTime: 0, time: 120,
                                      startIndex: start)
                let planned = planted.decide(release, in: layout).targetIndex
                let intended = rng.bernoulli(noise) ? (planned == start ? start + Int(direction) : start) : planned
                traces.append(TraceRelease(traceID: "\(u)-\(k)", user: u, intendedIndex: intended, layout: layout,
                                           release: release, sampleCount: 1,
                                           location: TraceLocation(file: "coverage", line: traces.count + 1)))
            }
        }
        return FitData(traces)
    }

    /// Runs `runs` simulated data sets and returns how many 95% intervals covered the truth.
    static func covered(runs: Int, users: Int, perUser: Int, resamples: Int) throws -> Int {
        var covered = 0
        let fitter = PolicyFitter(objective: .hitRate, starts: 2, cells: 4)
        for run in 0..<runs {
            let data = try data(users: users, perUser: perUser, seed: 1000 + UInt64(run))
            let policy = AndroidPagerSnapHelperSnap()
            let full = try fitter.fit(policy, parameters: ["minFlingVelocity"], data: data)
            let samples = try CrossValidatedFit.bootstrap(policy: policy, names: ["minFlingVelocity"], data: data,
                                                          fitter: fitter, resamples: resamples, seed: UInt64(run))
            let ci = CrossValidatedFit.interval(samples: samples.map { $0[0] }, plateau: full.plateaus[0])
            if ci.lower <= truth && truth <= ci.upper { covered += 1 }
        }
        return covered
    }

    @Test("95% intervals of a planted threshold cover it in 90–98% of 200 runs (label noise, clustered users)")
    func coverage() throws {
        let env = ProcessInfo.processInfo.environment
        let perUser = Int(env["SNAPLAB_COVERAGE_TRACES"] ?? "") ?? 8
        let resamples = Int(env["SNAPLAB_COVERAGE_RESAMPLES"] ?? "") ?? 40
        let hits = try Self.covered(runs: 200, users: 15, perUser: perUser, resamples: resamples)
        print("COVERAGE: \(hits) of 200 (15 users × \(perUser) swipes, \(resamples) user-bootstrap refits each)")
        #expect(hits >= 180 && hits <= 196, "\(hits) of 200")
    }
}
