import Foundation
import SnapStrategies
import SnapScoring
import SnapLabSupport

/// Per-style statistics (issue 16 evidence, paging): strokes split by observable behaviour.
///
/// Paging mixes flicks (released while fast: stroke time `travel / peak move speed` ≈ 0.3–0.5 of
/// the planned duration), drags and stays (placed at rest: stroke time ≈ `T / 1.875`, and `T`
/// about three times a flick's). Their log stroke times form two clusters; the split between them
/// is the exact 1-D 2-means (Otsu) threshold of the recording's own log stroke times
/// (``twoMeansSplit(_:)``), computed alike on the recording and on every simulation, so the
/// statistics below are ordinary functions of the sample and simulated moments stay consistent.
/// The spreads are measured within users (``withinUserLogSD(_:trimDivisor:)``) so that the speed
/// gain of the recording's few users does not enter them.
///
/// **Flick spreads** are read off the *one-item flicks released while moving*: strokes labelled ±1
/// from their start (or unlabelled) whose last move is still at ≥ 0.2 of their peak move speed
/// and whose lift-off follows it within 40 ms (``TraceFeatures/releasedMovingPromptly``). No
/// drag or stay comes to rest that fast, and a lift-off later than 40 ms after a moving finger is
/// a stall's (its frames stopped early, so the travel and the peak are cut short by an amount
/// that is the delivery's, not the person's). The 2-means split on stroke time, used before,
/// let in about 24 drags per 2,000 traces (their travel is `λP`, another distribution) and the
/// stalled flicks. The amplitude spread is their travel's within-user log sd, winsorized
/// (``StatisticKind/flickTravelSpread``, ``withinUserLogWinsorizedSD(_:)``; 2.5% trimmed before the ninth round's
/// last change: as efficient, but a trimmed sd's users' jackknife overstated its sampling sd); the
/// duration spread combines their stroke time with the drags' motion time (``StatisticKind/durationSpread``;
/// still trimmed: winsorized, it was 2–5% less efficient in simulation).
///
/// **Drags' motion time.** A drag is placed at rest over `T` (its last frame within one frame of
/// `T`), its motion starts where the finger crosses the slop at a nearly fixed fraction of `T`, so
/// the motion time (first to last move) is `T` times a nearly constant factor, plus at most a frame
/// at each end (``StatisticKind/dragMotionTimeSpread``). Stays (labelled 0, `A` ≈ 0.2 pitches) cross the 8 pt
/// slop late and by a varying fraction. But there are only about 390 one-item drags in 2,000 paging
/// traces, against about 950 flicks released while moving, whose stroke time (`travel / peak
/// move speed` ∝ `T·φ(ρ)`) is a noisier measure of `T` per stroke but independent of the drags'.
/// The duration spread's statistic is their weighted geometric mean, `s_drag^(1/3) · s_flick^(2/3)`:
/// the efficient weights `Σ⁻¹b` (`b` the two log spreads' slopes to the duration log sd, `Σ` their
/// covariance over truth samples) are 0.36 : 0.64.
///
/// Figures (`Docs/research/2026-11-25-swipe-model-evidence-rounds-7-9.md` §11, eighth round; 190 paging truth samples of 2,000
/// traces by 100 users, seeds 1000–1189, each spread × 1 and × 1.1 on common seeds; implied sd =
/// sd of the log statistic / its log slope): amplitude spread 4.8% with the time-split stepper flicks'
/// travel (``StatisticKind/stepperTravelSpread``, kept in the table), 4.3% with ``StatisticKind/flickTravelSpread``; duration
/// spread 5.9% with the drags' motion time alone (5% trimmed), 5.5% with the flicks' stroke time
/// alone, 4.0% with ``StatisticKind/durationSpread``. A perfect measurement of every flick's amplitude would
/// still give about 3.9%: the user's motor noise multiplies it (`Docs/swipe-model-calibration.md`).
extension RecordingSummary {
    /// The 2-means split of `values` (sorted or not): the threshold between the two groups that
    /// minimise the within-group sum of squares, each group ≥ 5% of the values (NaN with fewer than 40).
    static func twoMeansSplit(_ values: [Double]) -> Double {
        let x = values.filter(\.isFinite).sorted()
        let n = x.count
        guard n >= 40 else { return .nan }
        var prefix = [Double](repeating: 0, count: n + 1), prefix2 = prefix
        for i in 0..<n {
            prefix[i + 1] = prefix[i] + x[i]
            prefix2[i + 1] = prefix2[i] + x[i] * x[i]
        }
        func ss(_ a: Int, _ b: Int) -> Double {  // sum of squares about the mean of x[a..<b]
            let s = prefix[b] - prefix[a]
            return prefix2[b] - prefix2[a] - s * s / Double(b - a)
        }
        let lo = max(1, n / 20)
        var best = Double.infinity, split = lo
        for k in lo...(n - lo) {
            let w = ss(0, k) + ss(k, n)
            if w < best {
                best = w
                split = k
            }
        }
        return (x[split - 1] + x[split]) / 2
    }

    /// The log stroke-time threshold between fast (flicked) and slow (placed) strokes:
    /// ``fixedStrokeTimeSplit`` when set, else the 2-means split of this summary's own log stroke times.
    public var strokeTimeSplit: Double {
        fixedStrokeTimeSplit ?? Self.twoMeansSplit(features.compactMap { $0.strokeTime.flatMap { $0 > 0 ? log($0) : nil } })
    }

    /// The per-style statistics, in table order. *Stepper flicks* are the fast strokes (stroke time
    /// below the split) whose label is one item from their start item, or that carry no label (a
    /// paging goal two or more items away is either a series of such flicks or one projected flick,
    /// whose amplitude follows from the aimed distance, not from the flick amplitude; a reveal
    /// stroke's label is its far target, so these rows are left out of the statistics of reveal
    /// recordings, those whose hit criterion is `revealed`).
    var styleStatistics: [Statistic] {
        let split = strokeTimeSplit
        var stepperTravel: [(user: Int, value: Double)] = [], slow: [(user: Int, value: Double)] = []
        var stepperPeak: [Int: [Double]] = [:]
        var travel: [Double] = [], fastTimes: [Double] = []
        for f in features {
            guard let t = f.strokeTime, t > 0, split.isFinite else { continue }
            let fast = log(t) < split
            if f.cameToRest { slow.append((f.user, t)) }
            guard fast else { continue }
            fastTimes.append(t)
            guard f.intent.map({ abs($0) == 1 }) ?? true else { continue }
            stepperTravel.append((f.user, f.travelPitches))
            travel.append(f.travelPitches)
            if let v = f.peakSpeed, v > 0 { stepperPeak[f.user, default: []].append(log(v)) }
        }
        // drags: one-item (or unlabelled) strokes that came to rest before lift-off (no flick does; the
        // stroke-time split instead also takes in 4% of the flicks, none held, and was less precise)
        var flickTravel: [(user: Int, value: Double)] = [], flickTime: [(user: Int, value: Double)] = []
        for f in features where f.intent.map({ abs($0) == 1 }) ?? true && f.releasedMovingPromptly {
            flickTravel.append((f.user, f.travelPitches))
            if let t = f.strokeTime { flickTime.append((f.user, t)) }
        }
        var drags = 0, heldDrags = 0
        var dragMotion: [(user: Int, value: Double)] = []
        for f in features where f.intent.map({ abs($0) == 1 }) ?? true && f.cameToRest {
            drags += 1
            if f.heldBeforeLift { heldDrags += 1 }
            if let m = f.motionTime { dragMotion.append((f.user, m)) }
        }
        let flickTimeSpread = Self.withinUserLogSD(flickTime)   // its own statistic and part of the duration spread
        return [
            Statistic(.dragHeldShare, value: drags < 20 ? .nan : Double(heldDrags) / Double(drags)),
            Statistic(.styleSpeedSpread, value: styleCentredSpeedSpread),
            Statistic(.styleGainSpread, value: styleCentredGainSpread),
            Statistic(.fastStrokeTimeMedian, value: fastTimes.isEmpty ? .nan : Percentile.of(fastTimes, 0.5)),
            Statistic(.slowStrokeTimeSpread, value: Self.withinUserLogSD(slow)),
            Statistic(.dragMotionTimeSpread, value: Self.withinUserLogSD(dragMotion)),
            Statistic(.stepperTravelMedian, value: travel.count < 20 ? .nan : Percentile.of(travel, 0.5)),
            Statistic(.stepperTravelLocation, value: Self.trimmedGeometricMean(travel)),
            Statistic(.stepperTravelSpread, value: Self.withinUserLogSD(stepperTravel)),
            Statistic(.stepperSpeedSpread, value: Self.betweenSD(Self.inKeyOrder(stepperPeak))),
            Statistic(.flickTravelSpread, value: Self.withinUserLogWinsorizedSD(flickTravel)),
            Statistic(.flickStrokeTimeSpread, value: flickTimeSpread),
            Statistic(.flickStrokeTimeLocation, value: Self.trimmedGeometricMean(flickTime.map(\.value))),
            Statistic(.durationSpread, value: Self.weightedGeometricMean(Self.withinUserLogSD(dragMotion, trimDivisor: 40), flickTimeSpread,
                                                        firstWeight: Self.durationSpreadDragWeight)),
        ]
    }

    /// `a^w · b^(1 − w)` (NaN unless both are positive and finite).
    static func weightedGeometricMean(_ a: Double, _ b: Double, firstWeight w: Double) -> Double {
        guard a > 0, b > 0, a.isFinite, b.isFinite else { return .nan }
        return exp(w * log(a) + (1 - w) * log(b))
    }

    /// The drags' weight in ``StatisticKind/durationSpread`` (the flicks' is the rest).
    static let durationSpreadDragWeight = 1.0 / 3
}
