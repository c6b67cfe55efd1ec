import SnapStrategies
import SnapTraces

/// What one policy did with one trace, measured against the person's intent.
///
/// - `error = target − intended` in items (in a looping layout the shortest way round, in
///   `(−count/2, count/2]`);
/// - the swipe's direction is the sign of `offset − startOffset`, or of the velocity when the
///   drag did not move (as `shared/bench/baseline.py`); an error in that direction is an
///   overshoot, against it an undershoot;
/// - a missed change: intended ≠ start item and target = start item; a false change:
///   intended = start item and target ≠ start item;
/// - snap correction: `|target offset − natural resting offset|`, points, where the natural resting
///   offset is the release projected with UIKit's normal rate (0.998 per ms) and clamped to the
///   content: how hard the snap fights momentum;
/// - cells reconfigured: ``ReusePool/reconfigurations(from:to:)`` for the settle from the release
///   offset to the target offset (visible cells plus one on each side, seed 004).
public struct TraceOutcome: Sendable, Hashable {
    public var error: Int?
    public var intendedIndex: Int?
    public var direction: Int
    public var pagesMoved: Int
    public var startIndex: Int
    public var targetIndex: Int
    public var snapCorrection: Double
    public var cellsReconfigured: Int
    /// Whether the policy reached the intended item under the trace's hit criterion
    /// (``TraceRelease/hit``, else `.exact`; ``HitCriterion/reaches(intended:targetIndex:targetOffset:in:)``).
    public var reached: Bool

    /// Scores `decision` for `trace`.
    public init(decision: SnapDecision, trace: TraceRelease, naturalRest: Double, startSlot: Int) {
        let layout = trace.layout
        let release = trace.release
        targetIndex = decision.targetIndex
        startIndex = layout.itemIndex(ofSlot: startSlot)
        pagesMoved = Self.saturatingDifference(decision.targetSlot, startSlot)
        direction = Self.swipeDirection(of: release)
        intendedIndex = trace.intendedIndex
        error = trace.intendedIndex.map { Self.itemError(target: decision.targetIndex, intended: $0, in: layout) }
        snapCorrection = Self.snapCorrection(targetOffset: decision.targetOffset, naturalRest: naturalRest)
        cellsReconfigured = ReusePool(layout: layout).reconfigurations(from: release.offset, to: decision.targetOffset)
        reached = trace.intendedIndex.map {
            trace.criterion.reaches(intended: $0, targetIndex: decision.targetIndex, targetOffset: decision.targetOffset, in: layout)
        } ?? false
    }

    /// A hit under the trace's criterion (``reached``): the exact item, or (`revealed`) the
    /// intended item wholly visible.
    public var isHit: Bool { reached }
    public var isOvershoot: Bool { (error ?? 0).signum() * direction > 0 }
    public var isUndershoot: Bool { (error ?? 0).signum() * direction < 0 }
    /// Intended a change of item, but the policy stayed on the start item.
    public var isMissedChange: Bool { intendedIndex.map { $0 != startIndex && targetIndex == startIndex } ?? false }
    /// Intended to stay, but the policy changed item.
    public var isFalseChange: Bool { intendedIndex.map { $0 == startIndex && targetIndex != startIndex } ?? false }
}

// MARK: - The rules, shared by every scorer (compare, fit, plots)

extension TraceOutcome {
    /// `target − intended` in items; in a looping layout the shortest way round, in
    /// `(−count/2, count/2]`.
    ///
    /// Never traps, whatever the indices (huge indices from a looping layout, offsets far out):
    /// in a looping layout both are reduced modulo the count first (`|e| ≤ n/2`); otherwise the
    /// difference saturates at ±2^62, so that `abs(e)` and `e · direction` stay in range.
    /// Always inlined: the scorers call it once per trace and policy.
    @inlinable @inline(__always)
    public static func itemError(target: Int, intended: Int, in layout: CarouselLayout) -> Int {
        if layout.isLooping {
            let n = layout.itemCount
            var e = SnapMath.wrap(SnapMath.wrap(target, modulo: n) - SnapMath.wrap(intended, modulo: n), modulo: n)
            if e > n - e { e -= n }
            return e
        }
        return saturatingDifference(target, intended)
    }

    /// `a − b`, saturated at ±2^62 (no overflow trap; negating or doubling it stays in range).
    @inlinable @inline(__always)
    public static func saturatingDifference(_ a: Int, _ b: Int) -> Int {
        let (d, overflow) = a.subtractingReportingOverflow(b)
        let limit = 1 << 62
        if overflow { return a > b ? limit : -limit }
        return Swift.max(-limit, Swift.min(limit, d))
    }

    /// The swipe's direction: the sign of `offset − startOffset`, or of the velocity when the
    /// drag did not move (as `shared/bench/baseline.py`).
    @inlinable
    public static func swipeDirection(of release: Release) -> Int {
        let moved = SnapMath.sign(release.offset - release.startOffset)
        return moved != 0 ? moved : SnapMath.sign(release.velocity)
    }

    /// `|target offset − natural rest|`, points; 0 when not finite.
    @inlinable
    public static func snapCorrection(targetOffset: Double, naturalRest: Double) -> Double {
        let correction = abs(targetOffset - naturalRest)
        return correction.isFinite ? correction : 0
    }

    /// Whether `policy` reaches `trace`'s intended item under its hit criterion
    /// (``TraceRelease/criterion``); `false` when unlabelled.
    @inlinable
    public static func isHit(_ policy: any SnapPolicy, on trace: TraceRelease) -> Bool {
        guard let intended = trace.intendedIndex else { return false }
        let d = policy.decide(trace.release, in: trace.layout)
        return trace.criterion.reaches(intended: intended, targetIndex: d.targetIndex, targetOffset: d.targetOffset, in: trace.layout)
    }
}
