import Foundation
import SnapLabSupport
import SnapStrategies
import SnapTraces
import SnapLabTestSupport
import Testing
@testable import SnapSwipeModel

/// Coverage of the recording's own uncertainty of a target (``TargetUncertainty``, the delete-one-user
/// jackknife 95% half-width of ``ModelCalibration/targetUncertainties(of:recording:)``) at a
/// recording's design: the convergence judgement widens a fixed tolerance to it, so it must cover
/// the statistic's expectation in about 95% of the recordings of that size a known model draws
/// (`Docs/research/2026-11-30-home-fit-tolerance-coverage.md`).
@Suite struct ModelCalibrationTargetUncertaintyCoverageTests {
    /// One recording drawn from `parameters` at `design` (traces per user; fresh users each draw),
    /// measured like a recording read from a file (its own stall-window weight).
    static func draw(_ parameters: SwipeModelParameters, design: ModelCalibration, layout: CarouselLayout, hit: HitCriterion?,
                     seed: UInt64) throws -> RecordingSummary {
        RecordingSummary(features: try design.simulate(parameters, layout: layout, traces: 0, users: 0, seed: seed).features,
                         layout: layout, hit: hit)
    }

    /// Per statistic: the share of `draws` (value, `c·se` in the statistic's own units) whose interval
    /// covers the draws' mean (the statistic's expectation at the design, what the fit's averaged
    /// replicates estimate), the mean `c·se` and the draws' own 1.96 sd.
    static func coverage(_ draws: [(value: Double, halfWidth: Double)]) -> (coverage: Double, meanHalfWidth: Double, spread: Double, count: Int) {
        let column = draws.filter { $0.value.isFinite && $0.halfWidth.isFinite }
        let n = Double(column.count)
        let truth = column.map(\.value).reduce(0, +) / n
        let sd = (column.reduce(0) { $0 + ($1.value - truth) * ($1.value - truth) } / (n - 1)).squareRoot()
        let covered = Double(column.filter { abs($0.value - truth) <= $0.halfWidth }.count)
        return (covered / n, column.map(\.halfWidth).reduce(0, +) / n, 1.96 * sd, column.count)
    }

    static func measured(_ recording: RecordingSummary, _ kinds: [StatisticKind]) -> [(value: Double, halfWidth: Double)] {
        let u = ModelCalibration.targetUncertainties(of: kinds, recording: recording)
        return kinds.map { k in u[k].map { ($0.target, $0.criticalValue * $0.standardError) } ?? (.nan, .nan) }
    }

    /// 40 draws (seeds 3200–3239) of 12 users × 10 strokes from ``truthParameters()`` (12 delete-one-user
    /// groups: small enough for a unit test; the A30 home design is measured by
    /// ``coverageAtARecordingsDesign()``): the jackknife interval of the release-speed median (a
    /// pooled quantile, where the delete-one jackknife is known to be inconsistent) and of the
    /// between-user spread of the log peak speed (a statistic of the users' means) covers the
    /// statistic's expectation in at least 80% of the draws, and its mean half-width is within 0.8–1.6
    /// times the draws' own 1.96 sd. Measured: coverage 87.5% and 95%, mean half-width 1.22 and 1.34
    /// times (Student's t(11) = 2.20 instead of 1.96 is 1.12 of it); the half-width halved fails
    /// both (coverage 77.5%, 0.61 times), doubled fails the width (2.4 and 2.7 times).
    @Test func theJackknifeHalfWidthCoversAtASmallDesign() throws {
        let layout = try benchLayout()
        var design = ModelCalibration(task: .reveal, livePolicy: FreeScrollCarousel(), seed: 3200)
        design.userSampling = .independent  // each recording its own draw of people
        design.designTracesPerUser = [Int](repeating: 10, count: 12)
        let kinds: [StatisticKind] = [.releaseSpeedP50, .pooledSpeedSpread]
        let draws = try (3200..<3240).map { try Self.measured(Self.draw(truthParameters(), design: design, layout: layout, hit: nil, seed: $0), kinds) }
        for (i, kind) in kinds.enumerated() {
            let c = Self.coverage(draws.map { $0[i] })
            #expect(c.count == 40, "\(kind.id): \(c.count) finite draws")
            #expect(c.coverage >= 0.8, "\(kind.id): coverage \(c.coverage), mean half-width \(c.meanHalfWidth), draws' 1.96 sd \(c.spread)")
            #expect(c.meanHalfWidth >= 0.8 * c.spread && c.meanHalfWidth <= 1.6 * c.spread,
                    "\(kind.id): mean half-width \(c.meanHalfWidth) against the draws' 1.96 sd \(c.spread)")
        }
    }

    /// The research measurement (`Scripts/research/check-target-uncertainty-coverage.sh`), run only when
    /// `SNAPLAB_COVERAGE_MODEL` names a model file (`--save-model` of a fit) and
    /// `SNAPLAB_COVERAGE_RECORDING` the recording it was fitted to: `SNAPLAB_COVERAGE_R` draws (seeds
    /// `SNAPLAB_COVERAGE_SEED`, +1, …) of the recording's design (its users' trace counts and
    /// selection) from the model with fresh users (its recorded users dropped); each statistic of
    /// `SNAPLAB_COVERAGE_STATISTICS` (ids, comma-separated), its jackknife `se` and half-width, and with
    /// `SNAPLAB_COVERAGE_BOOTSTRAP` = B a percentile interval of B resamples of the users (seeded with
    /// the draw's seed), one row each to `SNAPLAB_COVERAGE_OUT`. Every statistic's coverage must be at
    /// least 85%.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SNAPLAB_COVERAGE_MODEL"] != nil))
    func coverageAtARecordingsDesign() throws {
        let env = ProcessInfo.processInfo.environment
        let kinds = try (env["SNAPLAB_COVERAGE_STATISTICS"] ?? "").split(separator: ",").map { try #require(StatisticKind.resolve(fileKey: String($0))?.kind) }
        let file = try GeneratorModelFile.read(path: try #require(env["SNAPLAB_COVERAGE_MODEL"]))
        let (recording, _) = try RecordingSummary.read(paths: [try #require(env["SNAPLAB_COVERAGE_RECORDING"])], options: TraceReadOptions())
        var p = file.parameters
        p.recordedUsers = nil
        let replicates = Int(env["SNAPLAB_COVERAGE_R"] ?? "200") ?? 200, first = UInt64(env["SNAPLAB_COVERAGE_SEED"] ?? "1") ?? 1
        let boot = Int(env["SNAPLAB_COVERAGE_BOOTSTRAP"] ?? "0") ?? 0
        var counts: [Int: Int] = [:]
        for f in recording.features { counts[f.user, default: 0] += 1 }
        var design = ModelCalibration(task: file.task, livePolicy: try FreeScrollCarousel.livePolicy(id: file.livePolicy ?? FreeScrollCarousel.identifier),
                                      seed: first)
        design.threads = 2
        design.userSampling = .independent
        design.selection = TraceSelection.of(recording.features)
        design.designTracesPerUser = counts.keys.sorted().map { counts[$0]! }
        var out = "", columns = [[(value: Double, halfWidth: Double)]](repeating: [], count: kinds.count)
        for seed in first..<(first + UInt64(replicates)) {
            let rec = try Self.draw(p, design: design, layout: recording.layout, hit: recording.hit, seed: seed)
            let u = ModelCalibration.targetUncertainties(of: kinds, recording: rec)
            let values = rec.statisticValues
            let resamples = Self.bootstrap(rec, kinds, resamples: boot, seed: seed)
            for (i, k) in kinds.enumerated() {
                let x = u[k]
                let xs = resamples.map { $0[i] }.filter(\.isFinite).sorted()
                let (lo, hi) = xs.count > 10 ? (Percentile.of(xs, 0.025), Percentile.of(xs, 0.975)) : (.nan, .nan)
                out += "rep,\(seed),\(rec.features.count),\(k.id),\(values[k] ?? .nan),\(x?.standardError ?? .nan),\(x?.criticalValue ?? .nan),"
                    + "\(x?.halfWidth ?? .nan),\(x?.band ?? .nan),\(lo),\(hi)\n"
                columns[i].append(x.map { ($0.target, $0.criticalValue * $0.standardError) } ?? (.nan, .nan))
            }
        }
        try out.write(toFile: try #require(env["SNAPLAB_COVERAGE_OUT"]), atomically: true, encoding: .utf8)
        for (i, k) in kinds.enumerated() {
            let c = Self.coverage(columns[i])
            #expect(c.coverage >= 0.85, "\(k.id): coverage \(c.coverage) of \(c.count), mean half-width \(c.meanHalfWidth), draws' 1.96 sd \(c.spread)")
        }
    }

    /// `resamples` bootstrap resamples of `recording`'s users (with replacement, each drawn user's
    /// strokes whole and relabelled; SplitMix64 seeded with `seed`), each statistic's value.
    static func bootstrap(_ recording: RecordingSummary, _ kinds: [StatisticKind], resamples: Int, seed: UInt64) -> [[Double]] {
        guard resamples > 0 else { return [] }
        var byUser: [Int: [TraceFeatures]] = [:], order: [Int] = []
        for f in recording.features {
            if byUser[f.user] == nil { order.append(f.user) }
            byUser[f.user, default: []].append(f)
        }
        var rng = SplitMix64(seed: seed)
        return (0..<resamples).map { _ in
            var kept: [TraceFeatures] = []
            for i in order.indices {
                for var f in byUser[order[Int(rng.next() % UInt64(order.count))]]! { f.user = 1_000_000 + i; kept.append(f) }
            }
            var b = RecordingSummary(features: kept, layout: recording.layout, hit: recording.hit)
            b.stallWindowWeight = recording.resolvedStallWindowWeight
            let v = b.statisticValues
            return kinds.map { v[$0] ?? .nan }
        }
    }
}
