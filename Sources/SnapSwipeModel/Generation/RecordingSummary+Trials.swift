import Foundation
import SnapStrategies

/// The session-structure statistics of issue 32 (item 1): how strokes sit in their sessions and
/// how far their goals are, measured alike on a recording and on generated traces.
extension RecordingSummary {
    /// Each labelled stroke's distance to its goal at touch-down, pitches: |the label's resting
    /// offset (``CarouselLayout/snapOffset(ofSlot:)``, the slot nearest the start in a looping
    /// row) − the start offset| / pitch. In the A30 study's trailing row the resting offset of the
    /// target is where it is wholly revealed.
    var goalDistances: [Double] {
        features.compactMap { f in
            f.intendedIndex.map { abs(layout.snapOffset(ofSlot: layout.slot(ofItem: $0, near: f.startOffset)) - f.startOffset) / layout.stride }
        }
    }

    /// The rows: the share of strokes that are the first of their session (consecutive traces of
    /// one user and `session_id`; NaN without session ids), the share that start at offset 0
    /// (within 0.5 pt), the first move's share of the travel, the goal distance's p25 and p50
    /// (NaN unlabelled), and the first-move delay's spread.
    var trialStatistics: [Statistic] {
        var first = 0, sessioned = 0
        var previous: TraceFeatures?
        for f in features {
            if f.session != nil {
                sessioned += 1
                if !(previous.map { $0.user == f.user && $0.session == f.session } ?? false) { first += 1 }
            }
            previous = f
        }
        let distances = goalDistances
        return [
            Statistic(.openingShare, value: sessioned == 0 ? .nan : Double(first) / Double(sessioned)),
            Statistic(.startAtZeroShare, value: share { abs($0.startOffset) < 0.5 }),
            Statistic(.goalDistanceLow, value: distances.isEmpty ? .nan : quantile(distances, 0.25)),
            Statistic(.firstMoveShareMedian, value: quantile(features.compactMap(\.firstMoveShare), 0.5)),
            Statistic(.goalDistanceMedian, value: distances.isEmpty ? .nan : quantile(distances, 0.5)),
            Statistic(.firstMoveSpread, value: Self.trimmedLogSD(features.compactMap(\.firstMoveDelay))),
        ] + openingStatistics
    }

    /// The rows of a trial's opening stroke (NaN without session ids): the share of sessions of one
    /// stroke, the late finger speed p50 of the strokes that open their session and of the later
    /// ones, the opening strokes' travel (5%-trimmed geometric mean, pitches), the later and the
    /// opening strokes' release speed p50 (the reader's estimator, LSQ2) and the within-user travel
    /// spread of the strokes ending inside the content (``insideTravelSpread``). Sessions are
    /// counted over the strokes measured (a recording's kept strokes; simulated strokes after its
    /// selection, ``TraceSelection``), so a trial whose first stroke was not kept opens with its next.
    var openingStatistics: [Statistic] {
        var sessions = 0, single = 0, length = 0
        var openingLate: [Double] = [], laterLate: [Double] = [], openingTravel: [Double] = [], laterRelease: [Double] = [], openingRelease: [Double] = []
        var previous: TraceFeatures?
        for f in features {
            defer { previous = f }
            guard f.session != nil else { continue }
            if previous.map({ $0.user == f.user && $0.session == f.session }) ?? false {
                length += 1
                if let v = f.lateSpeed { laterLate.append(v) }
                laterRelease.append(abs(f.velocity))
                continue
            }
            if length == 1 { single += 1 }
            sessions += 1
            length = 1
            openingTravel.append(f.travelPitches)
            openingRelease.append(abs(f.velocity))
            if let v = f.lateSpeed { openingLate.append(v) }
        }
        if length == 1 { single += 1 }
        return [
            Statistic(.oneStrokeTrialShare, value: sessions == 0 ? .nan : Double(single) / Double(sessions)),
            Statistic(.openingLateSpeedP50, value: openingLate.isEmpty ? .nan : quantile(openingLate, 0.5)),
            Statistic(.laterLateSpeedP50, value: laterLate.isEmpty ? .nan : quantile(laterLate, 0.5)),
            Statistic(.openingTravelLocation, value: openingTravel.isEmpty ? .nan : Self.trimmedGeometricMean(openingTravel)),
            Statistic(.laterReleaseSpeedP50, value: laterRelease.isEmpty ? .nan : quantile(laterRelease, 0.5)),
            Statistic(.openingReleaseSpeedP50, value: openingRelease.isEmpty ? .nan : quantile(openingRelease, 0.5)),
            Statistic(.insideTravelSpread, value: sessions == 0 ? .nan : insideTravelSpread),
        ]
    }

    /// ``StatisticKind/insideTravelSpread``: the within-user travel log sd of the strokes with at
    /// least two moves whose last row lies inside the content (`0 ≤ start + travel ≤ maxOffset`,
    /// within 0.5 pt; every stroke of a looping row).
    var insideTravelSpread: Double {
        Self.withinUserLogSD(features.compactMap { f in
            let end = f.startOffset + f.travel
            let inside = layout.isLooping || (end >= -0.5 && end <= layout.maxOffset + 0.5)
            return f.motionTime != nil && inside ? (f.user, f.travelPitches) : nil
        })
    }
}
