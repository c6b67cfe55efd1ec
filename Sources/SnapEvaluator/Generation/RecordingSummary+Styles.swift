import Foundation
import SnapStrategies

/// Per-style statistics (issue 16 evidence, paging): strokes split by observable behaviour.
///
/// Paging mixes flicks (released while fast: stroke time `travel / peak move speed` ≈ 0.3–0.5 of
/// the planned duration), drags and stays (placed at rest: stroke time ≈ `T / 1.875`, and `T`
/// about three times a flick's). Their log stroke times form two clusters; the split between them
/// is the exact 1-D 2-means (Otsu) threshold of the recording's own log stroke times
/// (``twoMeansSplit(_:)``), computed alike on the recording and on every simulation, so the
/// statistics below are ordinary functions of the sample and simulated moments stay consistent.
/// The spreads are measured within users (``withinUserLogSD(_:)``) so that the speed gain of
/// the recording's few users does not enter them. The duration spread is read off the strokes
/// that came to rest (last move below 0.2 of the peak speed: drags and stays, placed at `ρ = 1`;
/// a flick released at `ρ ≤ 0.85` is still above 0.25 at its last move): their stroke time is
/// `T / 1.875` over a dozen frames or more, with no cut on `T` itself, while a flick's few frames
/// make its peak speed, and so its stroke time, a noisy measure of `T`. The duration spread is
/// fitted to the *one-item drags'* motion time (first move to last move; ``dragMotionTimeSpread``):
/// a drag is placed at rest over `T` (its last frame within one frame of `T`), its motion starts
/// where the finger crosses the slop at a nearly fixed fraction of `T`, so the motion time is `T`
/// times a nearly constant factor, plus at most a frame at each end. Stays (labelled 0, `A` ≈ 0.2
/// pitches) cross the 8 pt slop late and by a varying fraction, and their stroke time's travel
/// loses the slop, which is a large part of so short a travel. In simulation (40 paging truth samples of 2,000
/// traces by 100 users, duration spread × 1 and × 1.1, common seeds; `Docs/swipe-model-calibration.md` §11)
/// the implied estimate's sd is 6.3% with the drags' motion time, 8.5% with every rested stroke's
/// stroke time (``slowStrokeTimeSpread``), which stays in the table.
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

    /// The log stroke-time threshold between fast (flicked) and slow (placed) strokes.
    var strokeTimeSplit: Double {
        Self.twoMeansSplit(features.compactMap { $0.strokeTime.flatMap { $0 > 0 ? log($0) : nil } })
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
            if (f.lastToPeakSpeed ?? 1) < 0.2 { slow.append((f.user, t)) }
            guard fast else { continue }
            fastTimes.append(t)
            guard f.intent.map({ abs($0) == 1 }) ?? true else { continue }
            stepperTravel.append((f.user, f.travelPitches))
            travel.append(f.travelPitches)
            if let v = f.peakSpeed, v > 0 { stepperPeak[f.user, default: []].append(log(v)) }
        }
        // drags: one-item (or unlabelled) strokes that came to rest before lift-off (no flick does; the
        // stroke-time split instead also takes in 4% of the flicks, none held, and was less precise)
        var drags = 0, heldDrags = 0
        var dragMotion: [(user: Int, value: Double)] = []
        for f in features where f.intent.map({ abs($0) == 1 }) ?? true && (f.lastToPeakSpeed ?? 1) < 0.2 {
            drags += 1
            if f.heldBeforeLift { heldDrags += 1 }
            if let m = f.motionTime { dragMotion.append((f.user, m)) }
        }
        return [
            Statistic(name: Self.dragHeldShare, value: drags < 20 ? .nan : Double(heldDrags) / Double(drags), tolerance: .absolute(0.05)),
            Statistic(name: Self.styleSpeedSpread, value: styleCentredSpeedSpread, tolerance: .relative(0.15)),
            Statistic(name: Self.fastStrokeTimeMedian, value: fastTimes.isEmpty ? .nan : Percentile.of(fastTimes, 0.5),
                      tolerance: .relative(0.1)),
            Statistic(name: Self.slowStrokeTimeSpread, value: Self.withinUserLogSD(slow), tolerance: .relative(0.1)),
            Statistic(name: Self.dragMotionTimeSpread, value: Self.withinUserLogSD(dragMotion), tolerance: .relative(0.1)),
            Statistic(name: Self.stepperTravelMedian, value: travel.count < 20 ? .nan : Percentile.of(travel, 0.5), tolerance: .relative(0.1)),
            Statistic(name: Self.stepperTravelSpread, value: Self.withinUserLogSD(stepperTravel), tolerance: .relative(0.1)),
            Statistic(name: Self.stepperSpeedSpread, value: Self.betweenSD(Self.inKeyOrder(stepperPeak)), tolerance: .relative(0.15)),
        ]
    }

    static let dragHeldShare = "share held among one-item drags (labelled ±1, last move < 0.2 of peak speed)"
    static let styleSpeedSpread = "between-user sd of log peak speed (every stroke, centred by style)"
    static let fastStrokeTimeMedian = "fast-stroke time p50 (ms; stroke time below the 2-means split)"
    static let slowStrokeTimeSpread = "placed-stroke time log sd within users (last move < 0.2 of peak speed, 5% trimmed)"
    static let dragMotionTimeSpread = "drag motion time log sd within users (labelled ±1, last move < 0.2 of peak speed, 5% trimmed)"
    static let stepperTravelMedian = "stepper-flick travel p50 (pitches; fast strokes labelled ±1 or unlabelled)"
    static let stepperTravelSpread = "stepper-flick travel log sd within users (5% trimmed)"
    static let stepperSpeedSpread = "between-user sd of log peak speed (stepper flicks)"
}
