import Foundation

/// Paging statistics by the strokes' goals (issue 32): whether strokes aimed further travel further
/// (the sized flicks of ``SwipeModelParameters/flickDistanceExponent``) and how the one-item and
/// stay strokes end (the gliding lift-offs of ``SwipeModelParameters/dragReleaseEarliness``).
extension RecordingSummary {
    /// The rows: ``StatisticKind/travelFarNearRatio``, ``StatisticKind/travelFarReachRatio``,
    /// ``StatisticKind/travelFar2NearRatio`` and ``StatisticKind/farShortShare`` (NaN with fewer
    /// than 20 labelled strokes on either side, as every trimmed geometric mean),
    /// ``StatisticKind/oneItemCameToRestShare`` and ``StatisticKind/stayRestedShare`` (NaN with
    /// fewer than 20 strokes of their kind); then the one-item and stay strokes' own rows
    /// (``oneItemStrokeStatistics``).
    var pagingStrokeStatistics: [Statistic] {
        var near: [Double] = [], far: [Double] = [], far2: [Double] = [], far3: [Double] = []
        var oneItem = 0, cameToRest = 0, stays = 0, restedStays = 0
        for f in features {
            if f.intent.map({ abs($0) == 1 }) ?? true, f.lastToPeakSpeed != nil {
                oneItem += 1
                if f.cameToRest { cameToRest += 1 }
            }
            guard let k = f.intent else { continue }
            if k == 0 {
                if let late = f.lateSpeed {
                    stays += 1
                    if late < TraceFeatures.restSpeed { restedStays += 1 }
                }
            } else if abs(k) == 1 {
                near.append(f.travelPitches)
            } else {
                far.append(f.travelPitches)
                if abs(k) == 2 { far2.append(f.travelPitches) } else { far3.append(f.travelPitches) }
            }
        }
        let n = Self.trimmedGeometricMean(near), m = Self.trimmedGeometricMean(far)
        let m2 = Self.trimmedGeometricMean(far2), m3 = Self.trimmedGeometricMean(far3)
        let nearMedian = near.count < 20 || far.count < 20 ? Double.nan : quantile(near, 0.5)
        return [
            Statistic(.travelFarNearRatio, value: n > 0 && m.isFinite ? m / n : .nan),
            Statistic(.travelFarReachRatio, value: m2 > 0 && m3.isFinite ? m3 / m2 : .nan),
            Statistic(.travelFar2NearRatio, value: n > 0 && m2.isFinite ? m2 / n : .nan),
            Statistic(.farShortShare, value: nearMedian.isFinite ? Double(far.filter { $0 < nearMedian }.count) / Double(far.count) : .nan),
            Statistic(.oneItemCameToRestShare, value: oneItem < 20 ? .nan : Double(cameToRest) / Double(oneItem)),
            Statistic(.stayRestedShare, value: stays < 20 ? .nan : Double(restedStays) / Double(stays)),
        ] + oneItemStrokeStatistics
    }

    /// How the labelled one-item strokes split into fast and slow, how far and how long the slow ones
    /// move, and how long the stays move: ``StatisticKind/oneItemSlowShare`` (NaN with fewer than
    /// 20 one-item strokes or no 2-means split), ``StatisticKind/oneItemSlowTravelLocation``,
    /// ``StatisticKind/oneItemSlowMotionTimeLocation`` and ``StatisticKind/stayMotionTimeLocation``
    /// (5%-trimmed geometric means, NaN with fewer than 20 values), then
    /// ``StatisticKind/farSlowShare`` (NaN with fewer than 20 far strokes or no split). Only
    /// strokes whose label is zero, one, or (the last) two or more items from their start item
    /// count: an unlabelled stroke's goal is unknown.
    var oneItemStrokeStatistics: [Statistic] {
        let split = strokeTimeSplit
        var oneItem = 0, far = 0, farSlow = 0
        var slowTravel: [Double] = [], slowMotion: [Double] = [], stayMotion: [Double] = []
        for f in features {
            guard let k = f.intent else { continue }
            if k == 0 {
                if let m = f.motionTime { stayMotion.append(m) }
            } else if abs(k) >= 2 {
                guard let t = f.strokeTime, t > 0, split.isFinite else { continue }
                far += 1
                if log(t) >= split { farSlow += 1 }
            } else if let t = f.strokeTime, t > 0, split.isFinite {
                oneItem += 1
                guard log(t) >= split else { continue }
                slowTravel.append(f.travelPitches)
                if let m = f.motionTime { slowMotion.append(m) }
            }
        }
        return [
            Statistic(.oneItemSlowShare, value: oneItem < 20 ? .nan : Double(slowTravel.count) / Double(oneItem)),
            Statistic(.oneItemSlowTravelLocation, value: Self.trimmedGeometricMean(slowTravel)),
            Statistic(.oneItemSlowMotionTimeLocation, value: Self.trimmedGeometricMean(slowMotion)),
            Statistic(.stayMotionTimeLocation, value: Self.trimmedGeometricMean(stayMotion)),
            Statistic(.farSlowShare, value: far < 20 ? .nan : Double(farSlow) / Double(far)),
        ]
    }
}
