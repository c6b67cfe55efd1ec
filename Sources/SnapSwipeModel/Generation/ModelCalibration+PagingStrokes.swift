import Foundation
import SnapLabSupport

/// Paging strokes in `generate --like` (issue 32): sized flicks, whose finger travel grows with the
/// goal's distance (``SwipeModelParameters/flickDistanceExponent``), and drags and stays lifted
/// while still gliding (``SwipeModelParameters/dragReleaseEarliness``).
extension ModelCalibration {
    /// The two parameters fitted with sized flicks: the exponent `β` (to how much further the strokes
    /// aimed ≥ 2 items away travel, ``StatisticKind/travelFarNearRatio``; with a reach, those aimed 2
    /// away, ``exponentOnTwoItems(_:)``) and the users' mean
    /// projector preference (to how many of them travel less than a one-item stroke,
    /// ``StatisticKind/farShortShare``), moved as a share with the Beta's `a + b` kept.
    static var sizedFlickParameters: [Fitted] {
        [
            Fitted(name: "sized-flick distance exponent β (amplitude × |k|^β)", key: "flickDistanceExponent",
                   statistic: .travelFarNearRatio, isProbability: false,
                   get: { $0.flickDistanceExponent ?? .nan }, set: { $0.flickDistanceExponent = $1 }),
            Fitted(name: "projector preference mean (Beta a/(a + b))", key: "projectorPreferenceA",
                   statistic: .farShortShare, isProbability: true,
                   get: { $0.projectorPreferenceA / ($0.projectorPreferenceA + $0.projectorPreferenceB) },
                   set: { p, m in
                       let c = p.projectorPreferenceA + p.projectorPreferenceB, share = min(max(m, minimumProjectorShare), 1 - minimumProjectorShare)
                       p.projectorPreferenceA = share * c
                       p.projectorPreferenceB = (1 - share) * c
                   }, valueName: "projector preference mean a/(a + b) of parameters.projectorPreferenceA/B"),
        ]
    }

    /// The projector preference's mean is kept in [0.001, 0.999] (the Beta needs `a, b > 0`).
    static let minimumProjectorShare = 0.001

    /// Sets sized flicks on a labelled paging recording whose strokes aimed ≥ 2 items away travel
    /// further than those aimed one item away (``StatisticKind/travelFarNearRatio`` above 1), which
    /// neither a page-stepper series (no stroke aimed two items away) nor a projected flick (which
    /// travels less) can give; starts `β` at `ln ratio / ln k̄` (`k̄` the far strokes' geometric
    /// mean `|k|`). Returns the note, or `nil` (the model keeps its strategies) when the ratio is
    /// not measured or not above 1, or the start model already has `β`.
    static func sizeFlicks(like recording: RecordingSummary, into p: inout SwipeModelParameters) -> String? {
        guard p.flickDistanceExponent == nil,
              let ratio = recording.pagingStrokeStatistics.first(where: { $0.kind == .travelFarNearRatio })?.value,
              ratio.isFinite, ratio > 1 else { return nil }
        let far = recording.features.compactMap(\.intent).filter { abs($0) >= 2 }.map { log(Double(abs($0))) }
        guard !far.isEmpty else { return nil }
        let meanLog = far.reduce(0, +) / Double(far.count)
        let start = min(max(log(ratio) / meanLog, 0.1), 2)
        p.flickDistanceExponent = start
        return "sized flicks: strokes aimed ≥ 2 items away travel \(NumberFormat.fixed(ratio, 2))× those aimed one item away, "
            + "more than a page-stepper series or a projected flick can; a goal not projected is one flick of amplitude × |k|^β "
            + "(β fitted from \(NumberFormat.fixed(start, 2)))"
    }

    /// The reach fitted with sized flicks that have one (``reachFlicks(like:into:)``): `R` of
    /// ``SwipeModelParameters/flickReach`` (to how much further the strokes aimed 3+ items away travel
    /// than those aimed 2 away, ``StatisticKind/travelFarReachRatio``), kept in ``reachLimits``.
    static var reachParameters: [Fitted] {
        [
            Fitted(name: "sized-flick reach R (items; sized for min(|k|, R))", key: "flickReach", statistic: .travelFarReachRatio,
                   isProbability: false, get: { $0.flickReach ?? .nan },
                   set: { $0.flickReach = min(max($1, reachLimits.lowerBound), reachLimits.upperBound) }, limits: reachLimits),
        ]
    }

    /// `x` with `β` (``SwipeModelParameters/flickDistanceExponent``) on the strokes aimed 2 items
    /// away against those aimed 1 away (``StatisticKind/travelFar2NearRatio``) instead of the pooled
    /// ``StatisticKind/travelFarNearRatio``: with a reach, the strokes aimed 3+ items away are the
    /// reach's (``reachParameters``), and a `β` fitted to the pooled ratio pays for the reach's
    /// correction of them with the 2-item strokes (Docs/research/2026-11-30-gen-traces-reach-beta.md).
    static func exponentOnTwoItems(_ x: Fitted) -> Fitted {
        var x = x
        if x.statistic == .travelFarNearRatio { x.statistic = .travelFar2NearRatio }
        return x
    }

    /// Where the reach is kept: 2 to 10 items. Below 2 a goal 2 and one 3 items away are sized
    /// alike (the reach statistic no longer answers); 10 is past every goal distance `--like` has
    /// met in a paging recording. [assumption]
    static let reachLimits: ClosedRange<Double> = 2...10

    /// Sets a reach on sized flicks (``SwipeModelParameters/flickReach``, from the viewport's width in
    /// pitches, kept in ``reachLimits``) when the recording measures
    /// ``StatisticKind/travelFarReachRatio`` (20 or more strokes aimed 2 and 3+ items away). Returns
    /// the note, or `nil` (no sized flicks, a reach already set, or the ratio not measured).
    static func reachFlicks(like recording: RecordingSummary, into p: inout SwipeModelParameters) -> String? {
        guard p.flickDistanceExponent != nil, p.flickReach == nil,
              let ratio = recording.pagingStrokeStatistics.first(where: { $0.kind == .travelFarReachRatio })?.value,
              ratio.isFinite else { return nil }
        let start = min(max(recording.layout.viewportWidth / recording.layout.stride, reachLimits.lowerBound), reachLimits.upperBound)
        p.flickReach = start
        return "a reach on sized flicks: strokes aimed ≥ 3 items away travel \(NumberFormat.fixed(ratio, 2))× those aimed 2 away; "
            + "a sized goal is sized for min(|k|, R) items (R fitted from the viewport's width, \(NumberFormat.fixed(start, 2)) pitches)"
    }

    /// The two parameters fitted with gliding lift-offs: the drags' lift-off point `1 − q` (the
    /// lower end of `ρ ~ U(1 − q, 1)`, kept in ``glideLiftOffLimits``; later lift-offs leave more one-item
    /// strokes slow at the end, ``StatisticKind/oneItemCameToRestShare``) and the stay hold
    /// probability (to the stays at rest at lift-off, ``StatisticKind/stayRestedShare``); the drag
    /// hold probability keeps answering to the strokes at rest (``StatisticKind/restedShare``).
    static var glideParameters: [Fitted] {
        [
            Fitted(name: "drag gliding lift-off point 1 − q (ρ ~ U(1 − q, 1) unless held)", key: "dragReleaseEarliness",
                   statistic: .oneItemCameToRestShare, isProbability: false,
                   get: { 1 - ($0.dragReleaseEarliness ?? .nan) },
                   set: { $0.dragReleaseEarliness = 1 - min(max($1, glideLiftOffLimits.lowerBound), glideLiftOffLimits.upperBound) },
                   limits: glideLiftOffLimits, valueName: "drag lift-off point 1 − parameters.dragReleaseEarliness"),
            Fitted(name: "stay hold probability", key: "stayHoldProbability", statistic: .stayRestedShare, isProbability: true,
                   get: { $0.stayHoldProbability }, set: { $0.stayHoldProbability = $1 }),
        ]
    }

    /// Where a gliding drag's lift-off range may start, as a fraction of its path: 0.5 to 0.999
    /// (`q` > 0). 0.5 is the minimum-jerk path's speed peak (`φ'` is largest there): a drag lifted
    /// earlier would still be speeding up, which is a flick's release, not a glide's. A search free
    /// down to 0.1 ran away on `bench/gen_traces.py` (the drags lifted at a tenth of their path, read
    /// as one-item flicks, and the flick amplitude rose to 1,000 pt), so the fence was 0.7; with the
    /// recording's fixed stroke-time split (``sharedStrokeTimeSplit``) the runaway is gone, and at 0.5
    /// the point settles inside its range on most gen_traces seeds
    /// (Docs/research/2026-11-30-gen-traces-seeds.md, "The lift-off fence at 0.5 on all seven seeds").
    static let glideLiftOffLimits: ClosedRange<Double> = 0.5...0.999

    /// Below this share of strokes at rest over their last 50 ms, a paging recording logged one
    /// row per scan gets gliding lift-offs: placed drags and stays (the default 35% of one-item
    /// goals and every stay, about 15–20% of strokes) cannot be that rare. [assumption]
    static let glideRestedShare = 0.05

    /// Sets gliding lift-offs (`q` from 0.1) on a paging recording logged one row per scan
    /// (``InputDeliveryParameters/isEnabled`` false) with fewer than ``glideRestedShare`` of its
    /// strokes at rest before lift-off, read from the recording's `statistics`
    /// (``RecordingSummary/statisticValues``, computed once by the caller). Returns the note, or
    /// `nil` (drags stay placed).
    static func glideLiftOffs(like statistics: [StatisticKind: Double], into p: inout SwipeModelParameters) -> String? {
        guard p.dragReleaseEarliness == nil, !p.delivery.isEnabled,
              let rested = statistics[.restedShare], rested.isFinite, rested < glideRestedShare else { return nil }
        p.dragReleaseEarliness = 0.1
        return "gliding lift-offs: \(NumberFormat.fixed(100 * rested, 1))% of the strokes rest over their last 50 ms before lift-off "
            + "(placed drags and stays would rest far more often); drags and stays not held lift at ρ ~ U(1 − q, 1) (q fitted from 0.1)"
    }

    /// The paging strokes `--like` sets on a labelled paging recording before the fit, in order:
    /// sized flicks (``sizeFlicks(like:into:)``), gliding lift-offs (``glideLiftOffs(like:into:)``,
    /// from the recording's `statistics`) and, with either, drags past one pitch and far drags
    /// (``extendDrags(like:into:)``). Returns their notes.
    static func pagingStrokes(like recording: RecordingSummary, statistics: [StatisticKind: Double],
                              into p: inout SwipeModelParameters) -> [String] {
        [sizeFlicks(like: recording, into: &p), reachFlicks(like: recording, into: &p), glideLiftOffs(like: statistics, into: &p),
         extendDrags(like: statistics, into: &p)]
            .compactMap { $0 }
    }

    /// On a paging model whose one-item strokes are fitted (``oneItemStrokesFitted(_:)``), lets a
    /// drag run up to ``extendedDragSpan`` pitches (``SwipeModelParameters/dragTravelSpan``; the
    /// fraction's mean and sd are halved, so the drags start as long and as spread as before) and,
    /// with sized flicks and at least ``farDragMinimumShare`` of the far strokes (labelled ≥ 2 items
    /// away) slower than the stroke-time split (``StatisticKind/farSlowShare``), makes that share of
    /// far goals drags (``SwipeModelParameters/farDragShare``, fitted from it). Returns the note, or
    /// `nil` (keys already set, or a model whose one-item strokes are not fitted).
    static func extendDrags(like statistics: [StatisticKind: Double], into p: inout SwipeModelParameters) -> String? {
        guard oneItemStrokesFitted(p), p.dragTravelSpan == nil, p.farDragShare == nil else { return nil }
        p.dragTravelSpan = extendedDragSpan
        p.dragFractionMean /= extendedDragSpan
        p.dragFractionSD /= extendedDragSpan
        var note = "drags past the next item: a drag's fraction is of \(NumberFormat.fixed(extendedDragSpan, 0)) pitches (fitted to the slow one-item strokes' travel)"
        if p.flickDistanceExponent != nil, let share = statistics[.farSlowShare], share.isFinite, share >= farDragMinimumShare {
            p.farDragShare = share
            note += "; far drags: \(NumberFormat.fixed(100 * share, 1))% of the strokes aimed ≥ 2 items away are slower than the "
                + "stroke-time split, so a far goal is one drag of the drag draw × |k|^β with a fitted "
                + "probability (from \(NumberFormat.fixed(share, 3)))"
        }
        return note
    }

    /// The pitches a drag's fraction is of when ``extendDrags(like:into:)`` sets
    /// ``SwipeModelParameters/dragTravelSpan``: 2 (a finger drags the next item at most one more
    /// pitch on; the fraction's fitted range ``dragFractionLimits`` then spans 0.1 to 1.9 pitches). [assumption]
    static let extendedDragSpan = 2.0

    /// Below this share of slow far strokes ``extendDrags(like:into:)`` sets no far drags: 2% (a share
    /// this small is left to the flicks' own spread of stroke times). [assumption]
    static let farDragMinimumShare = 0.02

    /// The parameters of the one-item and stay strokes, fitted on a paging recording the default
    /// stroke set does not describe (``oneItemStrokesFitted(_:)``): the drag share `1 − flickShare`
    /// (to the one-item strokes slower than the 2-means split, ``StatisticKind/oneItemSlowShare``),
    /// the drag amplitude's mean in pitches (its fraction × ``SwipeModelParameters/dragTravelSpan``,
    /// to their travel, ``StatisticKind/oneItemSlowTravelLocation``; the fraction kept in
    /// ``dragFractionLimits``), and the drag and stay durations as ratios to the flick duration (to
    /// the slow one-item strokes' and the stays' motion times), so the flick duration still moves all
    /// three and each ratio only its own style; with ``SwipeModelParameters/farDragShare`` in `start`,
    /// that share too (to ``StatisticKind/farSlowShare``).
    static func oneItemStrokeParameters(_ start: SwipeModelParameters) -> [Fitted] {
        let span = start.dragTravelSpan ?? 1
        let far = start.farDragShare == nil ? [] : [
            Fitted(name: "far drag share of sized goals ≥ 2 items away", key: "farDragShare", statistic: .farSlowShare,
                   isProbability: true, get: { $0.farDragShare ?? .nan }, set: { $0.farDragShare = $1 }),
        ]
        let amplitude = span == 1
            ? Fitted(name: "drag amplitude mean (fraction of the pitch)", key: "dragFractionMean", statistic: .oneItemSlowTravelLocation,
                     isProbability: false, get: { $0.dragFractionMean },
                     set: { $0.dragFractionMean = min(max($1, dragFractionLimits.lowerBound), dragFractionLimits.upperBound) },
                     limits: dragFractionLimits)
            : Fitted(name: "drag amplitude mean (pitches: fraction × dragTravelSpan)", key: "dragFractionMean",
                     statistic: .oneItemSlowTravelLocation, isProbability: false, get: { $0.dragFractionMean * span },
                     set: { $0.dragFractionMean = min(max($1 / span, dragFractionLimits.lowerBound), dragFractionLimits.upperBound) },
                     limits: (dragFractionLimits.lowerBound * span)...(dragFractionLimits.upperBound * span),
                     valueName: "drag amplitude mean parameters.dragFractionMean × parameters.dragTravelSpan")
        return [
            Fitted(name: "drag share of one-item goals (1 − flickShare)", key: "flickShare", statistic: .oneItemSlowShare,
                   isProbability: true, get: { 1 - $0.flickShare }, set: { $0.flickShare = 1 - $1 },
                   valueName: "drag share 1 − parameters.flickShare"),
            amplitude,
            Fitted(name: "drag duration / flick duration", key: "dragDurationMedian", statistic: .oneItemSlowMotionTimeLocation,
                   isProbability: false, get: { $0.dragDurationMedian / $0.flickDurationMedian },
                   set: { $0.dragDurationMedian = $1 * $0.flickDurationMedian },
                   valueName: "drag/flick duration ratio parameters.dragDurationMedian / parameters.flickDurationMedian"),
            Fitted(name: "stay duration / flick duration", key: "stayDurationMedian", statistic: .stayMotionTimeLocation,
                   isProbability: false, get: { $0.stayDurationMedian / $0.flickDurationMedian },
                   set: { $0.stayDurationMedian = $1 * $0.flickDurationMedian },
                   valueName: "stay/flick duration ratio parameters.stayDurationMedian / parameters.flickDurationMedian"),
        ] + far
    }

    /// Where the drag amplitude's mean fraction is kept: 0.05 to 0.95 (of the pitch, or of
    /// ``SwipeModelParameters/dragTravelSpan`` pitches), inside what the Beta of sd
    /// ``SwipeModelParameters/dragFractionSD`` = 0.15 allows (mean·(1 − mean) > 0.0225: 0.024 to
    /// 0.976; with the span 2 the sd is 0.075 and the range wider). [assumption]
    static let dragFractionLimits: ClosedRange<Double> = 0.05...0.95

    /// The paging fit's `candidates` with the parameters of the paging strokes `start` has: sized
    /// flicks (``sizedFlickParameters``; `β` on the 2-item strokes, ``exponentOnTwoItems(_:)``, when
    /// they have a reach) and their reach (``reachParameters``), gliding lift-offs
    /// (``glideParameters``, with scan delivery) and fitted one-item strokes
    /// (``oneItemStrokeParameters(_:)``).
    static func withPagingStrokes(_ candidates: [Fitted], start: SwipeModelParameters) -> [Fitted] {
        var out = candidates
        if start.flickDistanceExponent != nil { out += sizedFlickParameters.map { start.flickReach == nil ? $0 : exponentOnTwoItems($0) } }
        if start.flickReach != nil { out += reachParameters }
        if start.dragReleaseEarliness != nil && !start.delivery.isEnabled {
            out += glideParameters
            out = out.map(gainOnPeakSpeed)
        }
        if oneItemStrokesFitted(start) { out += oneItemStrokeParameters(start) }
        return out
    }

    /// `x` with the user gain (`gainLogSD`) on the style-centred peak move speed
    /// (``StatisticKind/styleSpeedSpread``) instead of ``StatisticKind/styleGainSpread``, with
    /// gliding lift-offs: the gain feature reads a stroke still moving at its last move by its
    /// travel, which for a gliding drag carries no gain (its length is the drag draw, the gain
    /// divides its duration), so the more drags the search makes, the less that spread answers to
    /// the gain; the peak speed carries the gain in every style (on `bench/gen_traces.py` seed 17 the
    /// gain ran from 0.15 to 0.63 over the rounds with its statistic unmoved, and the release speed
    /// p90 to +42%: Docs/research/2026-11-30-gen-traces-seeds.md).
    static func gainOnPeakSpeed(_ x: Fitted) -> Fitted {
        var x = x
        if x.key == "gainLogSD", x.statistic == .styleGainSpread { x.statistic = .styleSpeedSpread }
        return x
    }

    /// The recording's log stroke-time split (``RecordingSummary/strokeTimeSplit``) for a paging
    /// `model` whose one-item strokes are fitted (``oneItemStrokesFitted(_:)``), which every simulated
    /// data set is then measured with instead of its own 2-means split; `nil` otherwise (every
    /// summary splits its own strokes, as before).
    public static func sharedStrokeTimeSplit(_ recording: RecordingSummary, model: SwipeModelParameters, task: SwipeTask) -> Double? {
        guard task == .paging, oneItemStrokesFitted(model) else { return nil }
        let split = recording.strokeTimeSplit
        return split.isFinite ? split : nil
    }

    /// Whether `start` fits ``oneItemStrokeParameters(_:)``: a paging model to which `--like` gave sized
    /// flicks or gliding lift-offs, i.e. a recording whose strokes the default stroke set (65/35
    /// flicks and drags, drags of 0.55 pitch over about three flick durations) does not describe.
    /// Other paging fits keep those four values, as before.
    static func oneItemStrokesFitted(_ start: SwipeModelParameters) -> Bool {
        start.flickDistanceExponent != nil || start.dragReleaseEarliness != nil
    }
}
