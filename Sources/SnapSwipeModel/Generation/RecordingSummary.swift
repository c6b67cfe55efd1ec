import Foundation
import SnapStrategies
import SnapTraces
import SnapScoring
import SnapLabSupport

/// The statistics `generate --like` fits and compares, over the features of many traces.
///
/// Every statistic is one of the catalogue's (``StatisticKind``: a stable id, its row's label in
/// the side-by-side table, its tolerance — relative for medians and spreads, absolute for shares).
public struct RecordingSummary: Sendable {
    public var features: [TraceFeatures]
    /// The most common layout of the traces (the generated set uses it).
    public var layout: CarouselLayout
    /// The hit criterion of the traces' `hit` column, if any trace has one.
    public var hit: HitCriterion?
    /// The weight of repeated lift-offs 40–110 ms after the last move in the placed-stroke
    /// statistic (`RecordingSummary+Holds`): a simulation takes the recording's; `nil`: this
    /// summary's own estimate.
    public var stallWindowWeight: Double?
    /// The recording's `user_id`s by user index (``TraceFeatures/user``), as the reader interned
    /// them; empty for a simulated data set (``RecordedUser/estimate(_:gainLogSD:task:)`` then names
    /// a user by its index).
    public var userNames: [String] = []
    /// The log stroke-time threshold between fast and slow strokes (``strokeTimeSplit``): a
    /// simulation of a paging fit with fitted one-item strokes takes the recording's
    /// (``ModelCalibration/sharedStrokeTimeSplit(_:model:task:)``); `nil`: this summary's own 2-means split.
    public var fixedStrokeTimeSplit: Double?

    public init(features: [TraceFeatures], layout: CarouselLayout, hit: HitCriterion? = nil) {
        self.features = features
        self.layout = layout
        self.hit = hit
    }

    /// Reads sample-level trace files with `options` (the velocity estimator is LSQ2 by default);
    /// `observe` sees every trace read (the data checks, ``DataChecks``).
    /// - Throws: the reader's errors; ``SwipeModelError`` when no sample-level trace was read.
    public static func read(paths: [String], options: TraceReadOptions,
                            observe: (TraceRecord) -> Void = { _ in }) throws -> (RecordingSummary, ReadSummary) {
        var features: [TraceFeatures] = []
        var layouts: [CarouselLayout: Int] = [:]
        var hits: [HitCriterion: Int] = [:]
        let summary = try TraceReader.read(paths: paths, options: options) { record in
            observe(record)
            let r = record.release
            guard record.samples.count >= 1, r.sampleCount > 1 else { return }
            layouts[r.layout, default: 0] += 1
            if let h = r.hit { hits[h, default: 0] += 1 }
            let startIndex = r.release.startIndex ?? r.layout.itemIndex(ofSlot: r.layout.nearestSlot(toOffset: r.release.startOffset))
            let measured = TraceFeatures(time: record.samples.time, offset: record.samples.offset,
                                         startOffset: r.release.startOffset, pitch: r.layout.stride,
                                         velocity: record.estimate.velocity, user: r.user, session: record.sessionID,
                                         intendedIndex: r.intendedIndex, startIndex: startIndex)
            // touch_x: the reader's offsets are `first offset − (touch_x − touch-down x)`
            let x = record.samples.offset
            features.append(record.touchDownX.map { x0 in
                measured.withFinger(touchDownX: x0, lastTouchX: x0 - (x[x.count - 1] - x[0]), screenWidth: r.layout.viewportWidth)
            } ?? measured)
        }
        guard let layout = layouts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.itemCount < $1.key.itemCount) })?.key else {
            throw SwipeModelError.invalidParameter(name: "recording \(paths.joined(separator: ", "))", value: "no sample-level trace",
                                                   expected: "sample-level traces (one row per touch sample)")
        }
        var recording = RecordingSummary(features: features, layout: layout, hit: hits.max { $0.value < $1.value }?.key)
        recording.userNames = summary.users.names
        return (recording, summary)
    }

    // MARK: - Statistics

    /// One statistic of the catalogue (``StatisticKind``: id, label, tolerance) with its value.
    public struct Statistic: Sendable, Hashable {
        public enum Tolerance: Sendable, Hashable {
            /// |generated/recording − 1| ≤ r.
            case relative(Double)
            /// |generated − recording| ≤ a.
            case absolute(Double)
        }
        public var kind: StatisticKind
        public var value: Double
        /// The table row's label.
        public var name: String { kind.label }
        public var tolerance: Tolerance { kind.tolerance }

        public init(_ kind: StatisticKind, value: Double) {
            self.kind = kind
            self.value = value
        }

        /// Whether `other` (the generated value) is within tolerance of this (the recording's).
        public func matches(_ other: Double) -> Bool {
            guard value.isFinite, other.isFinite else { return value.isNaN && other.isNaN }
            switch tolerance {
            case .relative(let r): return abs(other - value) <= r * abs(value) + 1e-12
            case .absolute(let a): return abs(other - value) <= a + 1e-12
            }
        }
    }

    func quantile(_ values: [Double], _ q: Double) -> Double { Percentile.of(values, q) }
    func share(_ predicate: (TraceFeatures) -> Bool, of subset: [TraceFeatures]? = nil) -> Double {
        let set = subset ?? features
        return set.isEmpty ? .nan : Double(set.filter(predicate).count) / Double(set.count)
    }

    /// Between-user standard deviation of the users' mean log travel (users with ≥ 5 traces),
    /// with the within-user part removed (`var(means) − mean(var within)/n`).
    public var userSpread: Double {
        var byUser: [Int: [Double]] = [:]
        for f in features where f.travelPitches > 0 { byUser[f.user, default: []].append(log(f.travelPitches)) }
        return Self.betweenSD(Self.inKeyOrder(byUser))
    }

    /// Between-user standard deviation of the users' mean log peak move speed (users with ≥ 5
    /// traces, the within-user part removed as in ``userSpread``). Peak speed ∝ amplitude/duration
    /// carries the user's speed gain twice (amplitude × g, duration / g), so it separates users
    /// better than travel alone.
    public var userSpeedSpread: Double {
        var byUser: [Int: [Double]] = [:]
        for f in features { if let v = f.peakSpeed, v > 0 { byUser[f.user, default: []].append(log(v)) } }
        return Self.betweenSD(Self.inKeyOrder(byUser))
    }

    /// The values of `byKey` in ascending key order: sums over them then run in the same order on
    /// every run (a dictionary's own order changes from process to process, and with it the last
    /// bits of a floating-point sum).
    static func inKeyOrder<Value>(_ byKey: [Int: Value]) -> [Value] {
        byKey.keys.sorted().map { byKey[$0]! }
    }

    /// `sd(means) ` with the within-group part `mean(var within / n)` removed, over groups of ≥ 5.
    static func betweenSD(_ groups: some Collection<[Double]>) -> Double {
        var means: [Double] = [], within: [Double] = []
        for v in groups where v.count >= 5 {
            let m = v.reduce(0, +) / Double(v.count)
            means.append(m)
            within.append(v.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(v.count - 1) / Double(v.count))
        }
        guard means.count >= 3 else { return .nan }
        let m = means.reduce(0, +) / Double(means.count)
        let between = means.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(means.count - 1)
        return max(between - within.reduce(0, +) / Double(within.count), 0).squareRoot()
    }

    /// Standard deviation of `log x` over the positive values, 5% trimmed at each end (NaN with
    /// fewer than 20 values): more efficient than a log IQR and not thrown by a few outliers.
    static func trimmedLogSD(_ values: [Double]) -> Double {
        trimmedSD(values.filter { $0 > 0 && $0.isFinite }.map { log($0) })
    }

    /// Within-user standard deviation of `log x`: each user's logs centred on that user's mean
    /// (users with ≥ 2 positive values; residuals scaled by √(n/(n − 1)) so each is unbiased),
    /// pooled and trimmed at each end by `1/trimDivisor` of them (5% by default; NaN with fewer
    /// than 20 residuals). The users' own levels (their speed gain) drop out, so a spread fitted to
    /// it does not inherit the sampling error of the recording's few users.
    static func withinUserLogSD(_ values: [(user: Int, value: Double)], trimDivisor: Int = 20) -> Double {
        trimmedSD(withinUserLogResiduals(values), trimDivisor: trimDivisor)
    }

    /// ``withinUserLogSD(_:trimDivisor:)``'s pooled residuals with their large ones winsorized instead
    /// of trimmed (``winsorizedRMS(_:limit:)``): as efficient for the paging spreads, and a smooth
    /// function of the data, so that the users' jackknife of `generate --like`'s intervals
    /// (``ModelCalibration/uncertainty(of:recording:)``) does not overstate its sampling sd as it
    /// does a trimmed sd's, whose trim count and cut jump as users are left out
    /// (`Docs/research/2026-11-25-swipe-model-evidence-rounds-7-9.md` §11, ninth round, "the spreads' intervals").
    static func withinUserLogWinsorizedSD(_ values: [(user: Int, value: Double)]) -> Double {
        winsorizedRMS(withinUserLogResiduals(values))
    }

    /// Each user's logs of the positive values centred on that user's mean (users with ≥ 2 of
    /// them), scaled by √(n/(n − 1)), in users' key order.
    static func withinUserLogResiduals(_ values: [(user: Int, value: Double)]) -> [Double] {
        var byUser: [Int: [Double]] = [:]
        for (u, x) in values where x > 0 && x.isFinite { byUser[u, default: []].append(log(x)) }
        var residuals: [Double] = []
        for v in Self.inKeyOrder(byUser) where v.count >= 2 {
            let m = v.reduce(0, +) / Double(v.count), scale = (Double(v.count) / Double(v.count - 1)).squareRoot()
            for x in v { residuals.append((x - m) * scale) }
        }
        return residuals
    }

    /// Root mean square of centred `residuals` with each square capped at `(limit · s₀)²`, where
    /// `s₀ = √(π/2) · mean |r|` (the mean absolute deviation scaled to a normal sd): a robust scale
    /// that, unlike a trimmed sd, moves continuously with every value (NaN with fewer than 20).
    /// The cap 2.5 s₀ touches about 1% of normal residuals. An outlier's pull is linear in its size
    /// (through `s₀`), not quadratic as in an sd, but not bounded as in a trimmed sd: among 950
    /// residuals of sd 0.5, one 5 log units out (a travel 150 times the user's) raises it by about 0.5%.
    static func winsorizedRMS(_ residuals: [Double], limit: Double = 2.5) -> Double {
        guard residuals.count >= 20 else { return .nan }
        let n = Double(residuals.count)
        let s0 = (Double.pi / 2).squareRoot() * residuals.reduce(0) { $0 + abs($1) } / n
        let cap = (limit * s0) * (limit * s0)
        return (residuals.reduce(0) { $0 + min($1 * $1, cap) } / n).squareRoot()
    }

    /// `exp` of the mean of `log x` over the positive values, 5% trimmed at each end (NaN with
    /// fewer than 20 values): a smooth location of frame-quantised times. A p50 of times that fall
    /// on a few frame multiples moves in steps as the model's duration changes (with common random
    /// numbers the simulated p50 is a step function of the parameter, and the fit lands anywhere on
    /// the step that matches), while a mean moves continuously as mass shifts between frames.
    /// `trimDivisor`: each end loses `count / trimDivisor` values (20: 5%, 10: 10%).
    static func trimmedGeometricMean(_ values: [Double], trimDivisor: Int = 20) -> Double {
        let logs = values.filter { $0 > 0 && $0.isFinite }.map { log($0) }.sorted()
        guard logs.count >= 20 else { return .nan }
        let k = logs.count / max(trimDivisor, 3)
        let kept = logs[k..<(logs.count - k)]
        return exp(kept.reduce(0, +) / Double(kept.count))
    }

    /// Standard deviation of `values`, trimmed at each end by `count / trimDivisor` values (5% by
    /// default, 2.5% with 40; NaN with fewer than 20 values).
    static func trimmedSD(_ values: [Double], trimDivisor: Int = 20) -> Double {
        let logs = values.sorted()
        guard logs.count >= 20 else { return .nan }
        let k = logs.count / max(trimDivisor, 3)
        let kept = logs[k..<(logs.count - k)]
        let m = kept.reduce(0, +) / Double(kept.count)
        return (kept.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(kept.count - 1)).squareRoot()
    }

    /// Share of consecutive traces of a session that go the same way.
    public var sameDirectionShare: Double {
        var same = 0, pairs = 0
        for (a, b) in zip(features, features.dropFirst()) where a.session != nil && a.session == b.session && a.user == b.user {
            pairs += 1
            if a.travel * b.travel > 0 { same += 1 }
        }
        return pairs == 0 ? .nan : Double(same) / Double(pairs)
    }

    /// The statistics by kind.
    public var statisticValues: [StatisticKind: Double] {
        Dictionary(statistics.map { ($0.kind, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// The statistics, in table order.
    public var statistics: [Statistic] {
        let travel = features.map(\.travelPitches), duration = features.map(\.duration)
        let speeds = features.map { abs($0.velocity) }, late = features.compactMap(\.lateSpeed)
        let rows = features.map { Double($0.rows) }
        let moved = features.filter { $0.firstMoveDelay != nil }
        let delays = moved.compactMap(\.firstMoveDelay), intervals = features.compactMap(\.moveInterval)
        let repeatDelays = features.compactMap(\.liftRepeatDelay).filter { $0 <= 40 }
        let labelled = features.compactMap(\.intent)
        let motion = features.compactMap(\.motionTime).filter { $0 > 0 }
        let farLabels: Double = labelled.isEmpty ? .nan : Double(labelled.filter { abs($0) >= 2 }.count) / Double(labelled.count)
        let all: [Statistic] = [
            Statistic(.travelP50, value: quantile(travel, 0.5)),
            Statistic(.travelLocation, value: Self.trimmedGeometricMean(travel)),
            Statistic(.travelP90, value: quantile(travel, 0.9)),
            Statistic(.travelLogIQR, value: log(quantile(travel, 0.75) / quantile(travel, 0.25))),
            Statistic(.travelLogSD, value: Self.trimmedLogSD(travel)),
            Statistic(.travelLogP90P50, value: log(quantile(travel, 0.9) / quantile(travel, 0.5))),
            Statistic(.contactDurationP50, value: quantile(duration, 0.5)),
            Statistic(.contactDurationP90, value: quantile(duration, 0.9)),
            Statistic(.durationLogIQR, value: log(quantile(duration, 0.75) / quantile(duration, 0.25))),
            Statistic(.durationLogP90P50, value: log(quantile(duration, 0.9) / quantile(duration, 0.5))),
            Statistic(.motionTimeP50, value: quantile(motion, 0.5)),
            Statistic(.motionTimeLocation, value: Self.trimmedGeometricMean(motion)),
            Statistic(.motionTimeLogIQR, value: log(quantile(motion, 0.75) / quantile(motion, 0.25))),
            Statistic(.strokeTimeLogSD, value: Self.trimmedLogSD(features.compactMap(\.strokeTime))),
            Statistic(.travelSpread, value: Self.withinUserLogSD(features.map { ($0.user, $0.travelPitches) })),
            Statistic(.movedTravelSpread, value: Self.withinUserLogSD(features.compactMap { f in f.motionTime.map { _ in (f.user, f.travelPitches) } })),
            Statistic(.strokeTimeSpread, value: Self.withinUserLogSD(features.compactMap { f in f.strokeTime.map { (f.user, $0) } })),
            Statistic(.liftedLate, value: share({ $0.liftsLate }, of: moved)),
            Statistic(.held, value: share({ $0.heldBeforeLift }, of: moved)),
            Statistic(.weightedHeld, value: weightedHeldShare),
            Statistic(.stopped, value: share({ $0.stoppedWhileMoving }, of: moved)),
            Statistic(.rowsP50, value: quantile(rows, 0.5)),
            Statistic(.moveIntervalP50, value: quantile(intervals, 0.5)),
            Statistic(.firstMoveP50, value: quantile(delays, 0.5)),
            Statistic(.firstMoveLocation, value: Self.trimmedGeometricMean(delays)),
            Statistic(.onsetLocation, value: Self.trimmedGeometricMean(features.compactMap(\.onsetDelay))),
            Statistic(.liftReversalShare, value: share({ $0.liftReverses }, of: moved)),
            Statistic(.restedShare, value: share({ ($0.lateSpeed ?? .infinity) < TraceFeatures.restSpeed }, of: features.filter { $0.lateSpeed != nil })),
            Statistic(.gapShare, value: share({ $0.hasGap }, of: moved)),
            Statistic(.moveGapShare, value: share({ $0.hasMoveGap }, of: moved)),
            Statistic(.liftRepeatShare, value: share({ $0.liftRepeats }, of: moved)),
            Statistic(.repeatDelayP50, value: quantile(repeatDelays, 0.5)),
            Statistic(.repeatDelayLocation, value: Self.trimmedGeometricMean(repeatDelays, trimDivisor: 10)),
            Statistic(.releaseSpeedP50, value: quantile(speeds, 0.5)),
            Statistic(.releaseSpeedP90, value: quantile(speeds, 0.9)),
            Statistic(.zeroReleaseSpeedShare, value: share { $0.velocity == 0 }),
            Statistic(.screenEdgeShare, value: share({ $0.endsAtScreenEdge == true }, of: features.filter { $0.endsAtScreenEdge != nil })),
            Statistic(.lateSpeedP50, value: quantile(late, 0.5)),
            Statistic(.lateSpeedP90, value: quantile(late, 0.9)),
            Statistic(.lateSpeedLSQP50, value: quantile(features.map(\.lateSpeedLSQ), 0.5)),
            Statistic(.lateSpeedLSQP90, value: quantile(features.map(\.lateSpeedLSQ), 0.9)),
            Statistic(.forwardShare, value: share { $0.travel > 0 }),
            Statistic(.sameDirectionShare, value: sameDirectionShare),
            Statistic(.farLabelShare, value: farLabels),
            Statistic(.userTravelSpread, value: userSpread),
            Statistic(.speedSpread, value: userSpeedSpread),
            Statistic(.pooledSpeedSpread, value: pooledSpeedSpread),
        ]
        return all + trialStatistics + (hit == .revealed ? [] : styleStatistics + pagingStrokeStatistics)
    }
}
