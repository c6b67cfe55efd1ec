import Foundation
import SnapLabSupport

/// A study's trials, reveal or browse (the A30 home recording, issue 32): the release and the hold
/// fitted by their own statistics, stalls placed between moves, no motor noise (`calibrate` sets
/// ``ModelCalibration/fitsReleaseShape`` when the recording's sessions are trials).
///
/// - **Release end and width apart.** `ρ ~ U(1 − q − w, 1 − q)`: the latest release `1 − q` answers
///   to the late finger speed p50, the width `w` to its p90. The earliness parametrisation of the
///   other fits (`U(1 − 1.5q, 1 − 0.5q)`, ``ModelCalibration/releaseRange(earliness:)``) ties the
///   release point's spread to its earliness; released late, it had no spread left, and an early
///   release to spread the speeds moved the median too. The model file keeps the range
///   (`stroke.releaseRange`), so no key is added.
/// - **The hold's mean** (`stroke.holdMean`) answers to the share lifted more than 40 ms after the
///   last move (A30 home: 1.4%; with the 80-ms default the model had 11–17%), the hold probability
///   still to the held share.
/// - **With withheld moves** (``InputDeliveryParameters/firstDeliveryMedian`` set in the starting
///   model of ``ModelCalibration/calibrate(_:cancelledShare:base:)``) the first delivery time answers
///   to the first-move delay and the dwell before the finger moves to the first move's share of the
///   travel (a longer dwell leaves less travel before the first delivery: sign −1). `--like` does
///   not set them by itself: on the A30 home recording (first move's share 0.56 at the median, the
///   model without them 0.06) a fit with them (and this release shape, hold and stalls) reached
///   that share only to 0.35, left the travel p50 at 0.99 against 1.28 pitches and the late finger
///   speed p50 at 0.85 against 1.21 pt/ms, and ranked the policies with ρ = 0.78 against home
///   (0.97 without them; issue 32).
/// - **Moving from touch-down** (``StrokeParameters/movingStartShare`` set in the starting model,
///   with withheld moves): the share answers to the first move's share of the travel in place of
///   the dwell (kept: the finger does not rest), and the withheld time's log sd
///   (``InputDeliveryParameters/firstDeliveryLogSD``) to the first-move delay's spread
///   (``StatisticKind/firstMoveSpread``). `--like` does not set it: on the A30 home recording
///   (dwell 1 ms) the release end ran to its other bound, the amplitude log sd to its floor, and the
///   policy ranking's ρ fell to 0.69 (`Docs/research/2026-11-29-home-fit-moving-start.md`).
/// - **The opening stroke of a reveal trial** (``TrialParameters/openingReleaseEnd``,
///   ``TrialParameters/openingDurationScale``) fitted apart, with the duration median and the
///   release end moved to the later strokes' and the release speed's statistics
///   (``ModelCalibration/withOpeningStroke(_:)``).
/// - **Stalls between moves** (``InputDeliveryParameters/stallsBetweenMoves``) when the recording's
///   gaps between moves outnumber its late lift-offs (A30 home: 10.5% against 1.4%), so that the
///   late lift-offs answer to the hold alone.
/// - **Strokes toward the content's end keep their size** (``StrokeParameters/keepsSizeAtContentEnd``):
///   the rule that places a stroke of the distance still to go is for a target that could be
///   overshot; at the content's end the row's end stops the stroke (A30 home, whose target is the
///   last item: the trials' last strokes travel as far as their middle ones).
/// - **The live row reads the finger** (``InputDeliveryParameters/liveReadsFinger``) on frame
///   delivery: the device's tracker had the input samples between the logged frames, the rows do
///   not (A30 home: with ``TrialParameters/openingAmplitudeScale``, 1 of 16 parameters not converged
///   on seeds 1–3 against 2 of 15, release speed p50 of 1,000 generated users +38% / +9% / +23% against
///   +49% / +50% / +43%; `Docs/research/2026-11-30-home-fit-stroke-speeds.md`).
/// - **No motor noise in the amplitude** (`motorNoiseRange` 0…0): in a reveal stroke the user's
///   motor noise and the amplitude log sd are both a lognormal factor on the amplitude within a user,
///   which no statistic tells apart; with the noise's default U(0.2, 0.4) the within-user travel
///   spread could not fall below about 0.3 (A30 home: 0.17), so `stroke.amplitudeLogSD` carries the
///   whole spread.
extension ModelCalibration {
    /// The limits of the release end gap `q` and width `w` (fractions of `T`) and of the release's
    /// earliest point.
    static let releaseEndLimits: ClosedRange<Double> = 0.005...0.3
    static let releaseWidthLimits: ClosedRange<Double> = 0.01...0.5
    static let earliestRelease = 0.05

    /// `ρ ~ U(1 − q − w, 1 − q)`, `q` and `w` kept in their limits and the lower end at
    /// ≥ ``earliestRelease``.
    static func releaseRange(end q: Double, width w: Double) -> ClosedRange<Double> {
        let upper = 1 - min(max(q, releaseEndLimits.lowerBound), releaseEndLimits.upperBound)
        let width = min(max(w, releaseWidthLimits.lowerBound), releaseWidthLimits.upperBound)
        return max(upper - width, earliestRelease)...upper
    }

    /// `fitted` with the release end and width, the hold mean, (`opening`) a reveal trial's opening
    /// stroke (``withOpeningStroke(_:)``) and (`withheld`) the dwell fitted as this extension's
    /// comment says.
    static func withReleaseShape(_ fitted: [Fitted], withheld: Bool, movingStart: Bool = false, opening: Bool = false) -> [Fitted] {
        var out = fitted.filter { $0.key != "stroke.releaseRange" && !(withheld && $0.key == "delivery.touchDownDwellMedian") }
        out.append(Fitted(name: "stroke release end q (latest release at 1 − q of T)", key: "stroke.releaseRange.end",
                          // with the opening stroke's own release and time (withOpeningStroke), q answers to the release speed
                          statistic: opening ? .releaseSpeedP50 : .lateSpeedP50, isProbability: false,
                          get: { 1 - $0.stroke.releaseRange.upperBound },
                          set: { p, q in
                              let r = p.stroke.releaseRange
                              p.stroke.releaseRange = releaseRange(end: q, width: r.upperBound - r.lowerBound)
                          }, limits: releaseEndLimits, valueName: "stroke release end q = 1 − upper end of parameters.stroke.releaseRange"))
        out.append(Fitted(name: "stroke release width w (ρ ~ U(1 − q − w, 1 − q))", key: "stroke.releaseRange.width",
                          statistic: .lateSpeedP90, isProbability: false,
                          get: { $0.stroke.releaseRange.upperBound - $0.stroke.releaseRange.lowerBound },
                          set: { p, w in p.stroke.releaseRange = releaseRange(end: 1 - p.stroke.releaseRange.upperBound, width: w) },
                          limits: releaseWidthLimits, valueName: "stroke release width w of parameters.stroke.releaseRange"))
        out.append(Fitted(name: "placed-stroke hold mean (ms)", key: "stroke.holdMean", statistic: .liftedLate, isProbability: false,
                          get: { $0.stroke.holdMean }, set: { $0.stroke.holdMean = $1 }))
        if opening { out = withOpeningStroke(out) }
        if withheld && movingStart {
            out.append(Fitted(name: "stroke moving-start share (of the amplitude, from touch-down)", key: "stroke.movingStartShare",
                              statistic: .firstMoveShareMedian, isProbability: true,
                              get: { $0.stroke.movingStartShare ?? .nan }, set: { $0.stroke.movingStartShare = $1 }))
            out.append(Fitted(name: "first delivery log sd", key: "delivery.firstDeliveryLogSD", statistic: .firstMoveSpread,
                              isProbability: false, get: { $0.delivery.firstDeliveryLogSD ?? $0.delivery.touchDownDwellLogSD },
                              set: { $0.delivery.firstDeliveryLogSD = $1 }))
        } else if withheld {
            out.append(Fitted(name: "touch-down dwell median (ms; before the finger moves)", key: "delivery.touchDownDwellMedian",
                              statistic: .firstMoveShareMedian, isProbability: false,
                              get: { $0.delivery.touchDownDwellMedian }, set: { $0.delivery.touchDownDwellMedian = $1 }, sign: -1))
        }
        return out
    }

    /// The end of `limits` (a fitted parameter's ``Fitted/limits``) that `value` sits at, as
    /// ``problems(fitted:targets:history:returned:stoppedBy:jacobian:precision:)`` reports it, or `nil`.
    static func limitFinding(_ value: Double, in limits: ClosedRange<Double>) -> String? {
        if value <= limits.lowerBound + 1e-9 { return "at the search's bound \(limits.lowerBound) (kept in [\(limits.lowerBound), \(limits.upperBound)])" }
        if value >= limits.upperBound - 1e-9 { return "at the search's bound \(limits.upperBound) (kept in [\(limits.lowerBound), \(limits.upperBound)])" }
        return nil
    }

    /// Sets up `p` for the release shape: no motor noise, (reveal trials) the opening stroke and
    /// strokes that keep their size toward the content's end, and stalls between moves when the
    /// recording's share of gaps between moves (`moveGaps`) exceeds its share of late lift-offs
    /// (`lateLifts`) on frame delivery. Returns the notes.
    static func prepareReleaseShape(_ p: inout SwipeModelParameters, moveGaps: Double?, lateLifts: Double?) -> [String] {
        var notes = ["release: ρ ~ U(1 − q − w, 1 − q), q fitted to the late finger speed p50, w to its p90; the hold mean to the share lifted > 40 ms after the last move; "
                     + "motor noise 0 (in a reveal stroke it and the amplitude log sd are one lognormal factor; the amplitude log sd carries it)"]
        p.motorNoiseRange = 0...0
        if let note = prepareOpeningRelease(&p) { notes.append(note) }
        if p.task == .reveal && p.trials != nil {
            p.stroke.keepsSizeAtContentEnd = true
            notes.append("content end: a stroke toward a target revealed at the content's end keeps its drawn size (the row's end stops it; "
                         + "no stroke placed to the distance still to go)")
            if p.delivery.isEnabled {
                p.delivery.liveReadsFinger = true
                notes.append("live row: the simulated row flings with the finger's velocity at lift-off (the device's tracker had the input samples "
                             + "between the logged frames), not with the logged rows read through LSQ2")
            }
        }
        if p.delivery.isEnabled, p.delivery.stallsBetweenMoves == nil, let gaps = moveGaps, let late = lateLifts, gaps > late {
            p.delivery.stallsBetweenMoves = true
            notes.append("stalls between moves: the recording has gaps > 40 ms between moves in \(NumberFormat.fixed(100 * gaps, 1))% of its strokes "
                         + "and lift-offs > 40 ms after the last move in \(NumberFormat.fixed(100 * late, 1))%, so a stall ends before the lift-off")
        }
        return notes
    }

    /// `fitted` with withheld moves (``InputDeliveryParameters/firstDeliveryMedian``): the first
    /// delivery time answers to the first-move delay, and the dwell is not fitted (the finger's
    /// rest before it moves is hidden behind the withheld time; the starting model's dwell is kept,
    /// and the first move's share of the travel follows).
    static func withWithheldMoves(_ fitted: [Fitted]) -> [Fitted] {
        var out = fitted.filter { $0.key != "delivery.touchDownDwellMedian" }
        out.append(Fitted(name: "first delivery median (ms)", key: "delivery.firstDeliveryMedian",
                          statistic: .firstMoveLocation, isProbability: false,
                          get: { $0.delivery.firstDeliveryMedian ?? .nan }, set: { $0.delivery.firstDeliveryMedian = $1 }))
        return out
    }
}
