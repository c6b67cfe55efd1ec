import Foundation
import SnapLabSupport

/// How a recording's rows were delivered, as `generate --like` reads it off the recording (issue
/// 32): one row per touch scan, or one per display frame (Android's `InputConsumer` batches the
/// scans of a frame into one move, B.2), with the sampling rates and the time jitter.
///
/// **Rows per scan or per frame.** A recording logged one row per scan has its first row one scan
/// after touch-down whatever the finger does (a finger at rest still gives rows carrying sensor
/// noise) and an `ended` row that carries the last scan's own position; an app that gets moves
/// per frame after the touch slop has its first move several frames after touch-down (the A30
/// study: 89 ms at 60 Hz, 5.3 frames) and an `ended` row that mostly repeats the last move (0.82
/// there). The rule: scans when the median first-move delay is at most ``scanFirstMoveLimit`` move
/// intervals and at most ``scanRepeatLimit`` of the lift-offs repeat the last move; otherwise frames.
/// `bench/gen_traces.py` (every scan of a 60/120 Hz panel written) gives 1.0 intervals and 0%.
///
/// **Rates**: with scans, each user's median move interval (the median over the user's traces of
/// each trace's median), as a rate snapped to 60/90/120/144/240 Hz when within 5% (else rounded to
/// 1 Hz); the rates' weights are their shares of the users (the model draws a rate per user). With
/// frames, which drop (the A30 study's users' own medians spread over 30–60 Hz), one rate from the
/// median over every trace's median interval, as the frame delivery is fitted with.
/// **Jitter**: the median over traces of the move intervals' median absolute deviation, over
/// `0.6745·√2` (an interval is the difference of two jittered times): the sd of a normal jitter.
///
/// Units: ms, Hz.
public struct DeliveryInference: Sendable, Hashable, Codable {
    /// One row per touch scan, or one per display frame.
    public enum Rows: String, Sendable, Hashable, Codable, CaseIterable {
        case scan, frame
    }

    public var rows: Rows
    /// Median over traces of the first move's delay after touch-down, in the trace's move intervals.
    public var firstMoveIntervals: Double
    /// Share of the traces with a move whose lift-off repeats the last move's position.
    public var liftRepeatShare: Double
    /// Sampling rates, Hz, ascending, and their shares of the users.
    public var rates: [Double]
    public var rateUserShares: [Double]
    /// Standard deviation of the time jitter, ms (`nil` when too few traces have two moves).
    public var timeJitterSD: Double?
    /// Traces with a move (and users with a measured rate) the inference rests on.
    public var traces: Int
    public var users: Int

    /// The largest median first-move delay, in move intervals, of a scan-logged recording.
    public static let scanFirstMoveLimit = 1.5
    /// The largest share of repeated lift-offs of a scan-logged recording.
    public static let scanRepeatLimit = 0.3
    /// Rates a measured rate snaps to when within 5%, Hz.
    public static let knownRates: [Double] = [60, 90, 120, 144, 240]
    /// Fewest traces with a move to infer anything from.
    public static let minimumTraces = 20

    /// The delivery of the traces measured in `features` (`nil` with fewer than ``minimumTraces``
    /// traces that have a move and a move interval).
    public static func infer(_ features: [TraceFeatures]) -> DeliveryInference? {
        let measured = features.filter { $0.firstMoveDelay != nil && ($0.moveInterval ?? 0) > 0 }
        guard measured.count >= minimumTraces else { return nil }
        let ratio = Percentile.of(measured.map { $0.firstMoveDelay! / $0.moveInterval! }, 0.5)
        let moved = features.filter { $0.firstMoveDelay != nil }
        let repeats = Double(moved.filter(\.liftRepeats).count) / Double(moved.count)
        let rows: Rows = ratio <= scanFirstMoveLimit && repeats <= scanRepeatLimit ? .scan : .frame
        var byUser: [Int: [Double]] = [:]
        for f in measured { byUser[f.user, default: []].append(f.moveInterval!) }
        var userRates: [Double: Int] = [:]
        if rows == .scan {
            for intervals in RecordingSummary.inKeyOrder(byUser) {
                userRates[snapped(1000 / Percentile.of(intervals, 0.5)), default: 0] += 1
            }
        } else {
            // frames drop (a move interval of two or three frames), and a stroke has few of them:
            // one rate from every trace's median interval, as the frame delivery is fitted with
            let rate = 1000 / Percentile.of(measured.map { $0.moveInterval! }, 0.5)
            userRates[knownRate(near: rate) ?? rate] = byUser.count
        }
        let rates = userRates.keys.sorted()
        let deviations = features.compactMap(\.moveIntervalDeviation)
        let jitter = deviations.count >= minimumTraces ? Percentile.of(deviations, 0.5) / (0.6745 * 2.0.squareRoot()) : nil
        return DeliveryInference(rows: rows, firstMoveIntervals: ratio, liftRepeatShare: repeats, rates: rates,
                                 rateUserShares: rates.map { Double(userRates[$0]!) / Double(byUser.count) },
                                 timeJitterSD: jitter, traces: measured.count, users: byUser.count)
    }

    /// `rate` snapped to a known rate within 5%, else rounded to 1 Hz.
    static func snapped(_ rate: Double) -> Double { knownRate(near: rate) ?? rate.rounded() }

    /// The known rate (``knownRates``) within 5% of `rate`, if any.
    static func knownRate(near rate: Double) -> Double? {
        guard let known = knownRates.min(by: { abs($0 / rate - 1) < abs($1 / rate - 1) }), abs(known / rate - 1) < 0.05 else { return nil }
        return known
    }

    /// Applies a scan-logged recording's delivery to `p`: scan delivery at the rates' user shares,
    /// the jitter (when measured; its clip kept) and a rest before the motion (the starting model's,
    /// else its touch-down dwell, to be fitted). A frame-delivered recording changes nothing here.
    public func apply(to p: inout SwipeModelParameters) {
        p.delivery.inferred = self
        guard rows == .scan else { return }
        p.delivery.isEnabled = false
        p.fixedRate = nil
        p.rates = rates
        p.rateWeights = rateUserShares
        if let sd = timeJitterSD, sd.isFinite, sd > 0 { p.timeJitterSD = sd }
        if p.delivery.scanRestMedian == nil { p.delivery.scanRestMedian = p.delivery.touchDownDwellMedian }
    }

    /// One line for `generate --like`'s notes.
    public var note: String {
        let mix = zip(rates, rateUserShares).map { "\(NumberFormat.compact($0, 1)) Hz (\(NumberFormat.fixed(100 * $1, 0))% of users)" }
        return "delivery: one row per \(rows == .scan ? "touch scan" : "display frame") (first move a median "
            + "\(NumberFormat.fixed(firstMoveIntervals, 2)) move intervals after touch-down, \(NumberFormat.fixed(100 * liftRepeatShare, 0))% "
            + "of lift-offs repeat the last move; scans: ≤ \(NumberFormat.fixed(Self.scanFirstMoveLimit, 1)) and ≤ "
            + "\(NumberFormat.fixed(100 * Self.scanRepeatLimit, 0))%); rates " + mix.joined(separator: ", ")
            + "; time jitter sd \(timeJitterSD.map { NumberFormat.fixed($0, 2) + " ms" } ?? "not measured")"
            + " (\(traces) traces, \(users) users)"
    }
}
