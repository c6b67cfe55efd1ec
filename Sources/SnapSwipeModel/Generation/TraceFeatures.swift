import Foundation
import SnapStrategies
import SnapTraces
import SnapScoring
import SnapLabSupport

/// What `generate --like` measures on one sample-level trace (the same code for a recording and
/// for generated swipes, so the two sides of its table are measured alike).
///
/// Rows: the first is touch-down, the last the lift-off; rows between are moves. Units: ms,
/// points, item pitches, pt/ms.
public struct TraceFeatures: Sendable, Hashable {
    /// Index of the user (the reader's users table, or the synthetic user).
    public var user: Int
    /// Session key (`session_id` text, or ``SyntheticSwipe/sessionName`` for generated swipes); `nil` when absent.
    public var session: String?
    /// Touch-down to lift-off, ms.
    public var duration: Double
    /// |release offset − start offset| / pitch.
    public var travelPitches: Double
    /// Release offset − start offset, points (its sign is the direction).
    public var travel: Double
    /// Number of rows.
    public var rows: Int
    /// Touch-down to the first move, ms (`nil` without a move before the lift-off).
    public var firstMoveDelay: Double?
    /// Median interval between consecutive moves, ms (`nil` with fewer than two moves).
    public var moveInterval: Double?
    /// Some interval after the first move (the lift-off row included) exceeds 40 ms.
    public var hasGap: Bool
    /// First move to last move, ms (`nil` with fewer than two moves).
    public var motionTime: Double?
    /// The lift-off row comes more than 40 ms after the last move (a hold, or a stall at lift-off).
    public var liftsLate: Bool
    /// Some interval between two moves exceeds 40 ms (dropped frames; a hold before lift-off does not count).
    public var hasMoveGap: Bool
    /// The lift-off row repeats the last move's position (needs a move before it).
    public var liftRepeats: Bool
    /// The lift-off row moves back against the stroke's travel by at least ``reversalDistance``
    /// (a reversing lift tail, C.3; needs a move before it).
    public var liftReverses: Bool
    /// Last move to a repeated lift-off, ms.
    public var liftRepeatDelay: Double?
    /// The release velocity the reader's estimator gave (LSQ2 by default), pt/ms.
    public var velocity: Double
    /// Finger speed over the last 50 ms of moves (the repeat excluded), pt/ms; `nil` with one move.
    public var lateSpeed: Double?
    /// The GestureApp kit's release speed (`realdata/gestureapp/scripts/convert_gestureapp.py`,
    /// `release_speed` on the rows without a repeated lift-off): the least-squares slope of offset
    /// on time over the rows within 50 ms of the last one, touch-down included, or over the last two
    /// rows when fewer fall in the window; 0 when they share a time. pt/ms, unsigned.
    public var lateSpeedLSQ: Double
    /// Last move to lift-off, ms (`nil` without a move before the lift-off).
    public var liftGap: Double?
    /// |travel| / the fastest move-to-move speed, ms: a stroke-duration proxy in which the
    /// amplitude cancels (`nil` with fewer than two moves or no motion).
    public var strokeTime: Double?
    /// Speed between the last two moves over the fastest move-to-move speed (`nil` with fewer than
    /// two moves): about 1 when the finger was still moving fast at the last move, small after a
    /// stroke that came to rest.
    public var lastToPeakSpeed: Double?
    /// Fastest move-to-move speed, pt/ms (`nil` with fewer than two moves).
    public var peakSpeed: Double?
    /// |first move − start offset| / |travel| (`nil` without a move before the lift-off or without travel).
    public var firstMoveShare: Double?
    /// Touch-down to the first row at least ``onsetDistance`` from the start offset, ms (`nil` when
    /// no row gets that far): the motion's onset, which on a recording logged one row per touch
    /// scan comes after the rows of a finger at rest (``DeliveryInference``).
    public var onsetDelay: Double?
    /// Median absolute deviation of the move intervals from their median, ms (`nil` with fewer than
    /// two moves): the delivery's time jitter (``DeliveryInference``).
    public var moveIntervalDeviation: Double?
    /// `intended_index − start_index` (labelled traces), items.
    public var intent: Int?
    /// The label and the start item.
    public var intendedIndex: Int?
    public var startIndex: Int
    /// Start offset, points.
    public var startOffset: Double
    /// The distance at touch-down from the finger to the screen's edge the stroke moves toward,
    /// points (``ScreenParameters``): a recording's with `touch_x` (``withFinger(touchDownX:lastTouchX:screenWidth:)``),
    /// a generated swipe's with a screen; `nil` when the finger's place is unknown or the trace
    /// did not move.
    public var touchDownRoom: Double?
    /// The trace ends at the screen's edge (the last row's finger within ``screenEdgeTolerance``
    /// of 0 or the width; a generated swipe: its finger reached the edge); `nil` when the finger's
    /// place is unknown.
    public var endsAtScreenEdge: Bool?

    /// How near the screen's edge a last row's finger counts as at it, points: the A30 reports the
    /// edge as `touch_x` = 0 exactly; half a point is more than a device pixel (0.38 pt at 2.625).
    public static let screenEdgeTolerance = 0.5

    /// The trace with its finger known: touch-down at `touchDownX` and the last row at
    /// `lastTouchX` on a screen `screenWidth` points wide (points; the finger moves opposite to the
    /// content offset, so a forward trace's room is its touch-down x and a backward one's the width
    /// minus it).
    public func withFinger(touchDownX: Double, lastTouchX: Double, screenWidth: Double) -> TraceFeatures {
        var f = self
        f.touchDownRoom = travel > 0 ? touchDownX : travel < 0 ? screenWidth - touchDownX : nil
        f.endsAtScreenEdge = lastTouchX <= Self.screenEdgeTolerance || lastTouchX >= screenWidth - Self.screenEdgeTolerance
        return f
    }

    /// Measures one trace from its rows (`isMove` non-zero on moves; the last row is the lift-off).
    public init(time: UnsafeBufferPointer<Double>, offset: UnsafeBufferPointer<Double>, startOffset: Double,
                pitch: Double, velocity: Double, user: Int, session: String?, intendedIndex: Int?, startIndex: Int) {
        let n = min(time.count, offset.count)
        self.user = user
        self.session = session
        self.velocity = velocity
        self.intendedIndex = intendedIndex
        self.startIndex = startIndex
        self.startOffset = startOffset
        intent = intendedIndex.map { $0 - startIndex }
        rows = n
        duration = n > 0 ? time[n - 1] - time[0] : 0
        travel = n > 0 ? offset[n - 1] - startOffset : 0
        travelPitches = abs(travel) / pitch
        firstMoveDelay = n >= 3 ? time[1] - time[0] : nil
        firstMoveShare = n >= 3 && travel != 0 ? abs(offset[1] - startOffset) / abs(travel) : nil
        var intervals: [Double] = []
        if n >= 4 { for i in 2..<(n - 1) { intervals.append(time[i] - time[i - 1]) } }
        moveInterval = intervals.isEmpty ? nil : Percentile.of(intervals, 0.5)
        moveIntervalDeviation = moveInterval.map { m in Percentile.of(intervals.map { abs($0 - m) }, 0.5) }
        var onset: Double?
        for i in 1..<max(n, 1) where abs(offset[i] - startOffset) >= Self.onsetDistance {
            onset = time[i] - time[0]
            break
        }
        onsetDelay = onset
        var gap = false
        if n >= 3 { for i in 2..<n where time[i] - time[i - 1] > 40 { gap = true } }
        hasGap = gap
        motionTime = n >= 4 ? time[n - 2] - time[1] : nil
        liftsLate = n >= 3 && time[n - 1] - time[n - 2] > 40
        var moveGap = false
        if n >= 4 { for i in 2..<(n - 1) where time[i] - time[i - 1] > 40 { moveGap = true } }
        hasMoveGap = moveGap
        liftRepeats = n >= 3 && offset[n - 1] == offset[n - 2]
        liftRepeatDelay = liftRepeats ? time[n - 1] - time[n - 2] : nil
        liftReverses = n >= 3 && travel != 0 && (offset[n - 1] - offset[n - 2]) * (travel > 0 ? 1 : -1) <= -Self.reversalDistance
        liftGap = n >= 3 ? time[n - 1] - time[n - 2] : nil
        var peak = 0.0, lastSegment = 0.0
        if n >= 4 {
            for i in 2..<(n - 1) where time[i] > time[i - 1] {
                lastSegment = abs(offset[i] - offset[i - 1]) / (time[i] - time[i - 1])
                peak = max(peak, lastSegment)
            }
        }
        peakSpeed = n >= 4 ? peak : nil
        lastToPeakSpeed = n >= 4 && peak > 0 ? lastSegment / peak : nil
        strokeTime = n >= 4 && peak > 0 && travel != 0 ? abs(travel) / peak : nil
        let last = liftRepeats ? n - 2 : n - 1
        var j = last
        while j > 1 && time[last] - time[j - 1] <= 50 { j -= 1 }
        lateSpeed = last >= 2 && j < last && time[last] > time[j] ? abs(offset[last] - offset[j]) / (time[last] - time[j]) : nil
        lateSpeedLSQ = Self.windowSlope(time: time, offset: offset, through: n >= 3 && liftRepeats ? n - 2 : n - 1)
    }

    /// The kit's least-squares slope over the rows `0...end` within 50 ms of row `end` (at least
    /// the last two), unsigned; 0 with fewer than two rows or no time between them.
    static func windowSlope(time: UnsafeBufferPointer<Double>, offset: UnsafeBufferPointer<Double>, through end: Int) -> Double {
        guard end >= 1 else { return 0 }
        var first = end
        while first > 0 && time[end] - time[first - 1] <= 50 { first -= 1 }
        first = min(first, end - 1)
        guard time[end] > time[first] else { return 0 }
        let count = Double(end - first + 1)
        var mt = 0.0, mx = 0.0
        for i in first...end { mt += time[i] - time[first]; mx += offset[i] }
        mt /= count
        mx /= count
        var sxy = 0.0, sxx = 0.0
        for i in first...end {
            let dt = time[i] - time[first] - mt
            sxy += dt * (offset[i] - mx)
            sxx += dt * dt
        }
        return sxx > 0 ? abs(sxy / sxx) : 0
    }

    /// The late finger speed (``lateSpeed``) below which a stroke was at rest before lift-off, pt/ms:
    /// 2.5 pt over 50 ms, a few noise steps.
    public static let restSpeed = 0.05

    /// How far back a lift-off row must move to count as reversing (``liftReverses``), points: a
    /// reversing tail moves 1–3 pt back, and two rows of 0.6-pt sensor noise differ by this much
    /// on 4% of rows.
    public static let reversalDistance = 1.5

    /// How far from the start offset a row marks the motion's onset (``onsetDelay``), points: well
    /// above sensor noise (0.3–0.6 pt) and a device pixel.
    public static let onsetDistance = 2.0

    /// The finger came to rest before lifting: the lift-off repeats the last move more than 15 ms
    /// after it (longer than a delivery repeat of a few ms), and either 15–40 ms or more than 110 ms
    /// after it (not a stall's 45–90 ms plus at most a frame) or after a last move below 0.3 of the
    /// stroke's peak speed (a finger that had slowed to rest; a stall at lift-off cuts a stroke still
    /// moving fast, ``stoppedWhileMoving``). So holds of every length count, not only those
    /// outside a stall's window.
    public var heldBeforeLift: Bool {
        guard liftRepeats, let g = liftGap, g > 15 else { return false }
        return g <= 40 || g > 110 || (lastToPeakSpeed ?? 1) < 0.3
    }

    /// Where the lift-off row falls after the last move (``liftWindow``): how a placed stroke's
    /// hold is told from a delivery repeat and from a stall.
    public enum LiftWindow: Sendable, Hashable {
        /// At most 15 ms: a delivery repeat (or a lift-off within the frame), not a hold.
        case prompt
        /// 15–40 ms or more than 110 ms: only a hold puts a lift-off here (a stall lasts 45–90 ms
        /// and is delivered at its end, so a lift-off during one comes 45 ms to 90 ms plus a frame
        /// after the last move).
        case hold
        /// 40–110 ms: a hold or a lift-off delivered at the end of a stall.
        case stall
    }

    /// The lift-off's window (`nil` without a move before it).
    public var liftWindow: LiftWindow? {
        guard let g = liftGap else { return nil }
        return g <= 15 ? .prompt : (g <= 40 || g > 110 ? .hold : .stall)
    }

    /// Came to rest before lift-off: the last move below ``restSpeedRatio`` of the stroke's peak move
    /// speed (drags, stays, placed strokes; a flick released at `ρ ≤ 0.85` is at ≥ 0.25 of its peak
    /// there). `false` without a last-to-peak ratio (fewer than two moves).
    public var cameToRest: Bool { (lastToPeakSpeed ?? 1) < Self.restSpeedRatio }

    /// The last-to-peak move speed ratio below which a stroke counts as having come to rest.
    public static let restSpeedRatio = 0.2

    /// Released while moving and delivered whole: at least two moves, the last still at ≥ 0.2 of the
    /// stroke's peak move speed (a flick released at `ρ ≤ 0.85` is at ≥ 0.25 of its peak there; a
    /// stroke that came to rest is below 0.2) and the lift-off ≤ 40 ms after it (a later lift-off
    /// on a moving finger is a stall's, whose frames stopped early and cut the travel and the peak
    /// short: `RecordingSummary+Styles`).
    public var releasedMovingPromptly: Bool {
        guard let r = lastToPeakSpeed, r >= Self.restSpeedRatio, let g = liftGap, g <= 40, let t = strokeTime else { return false }
        return t > 0
    }

    /// Frames stopped while the finger moved: a gap > 40 ms between moves, or a late lift-off
    /// (> 40 ms after the last move) that follows fewer than two moves or a move still at ≥ 0.6 of
    /// the stroke's peak speed (a finger that had come to rest would have slowed down).
    public var stoppedWhileMoving: Bool {
        if hasMoveGap { return true }
        guard liftsLate else { return false }
        return (lastToPeakSpeed ?? 1) >= 0.6
    }

    /// Measures a generated swipe as the reader would see it (`estimator` on its rows).
    public init(_ s: SyntheticSwipe, pitch: Double, estimator: any VelocityEstimator) {
        let n = s.times.count
        let flags = [UInt8](repeating: 1, count: max(n - 1, 0)) + (n > 0 ? [0] : [])
        let features = s.times.withUnsafeBufferPointer { t in
            s.offsets.withUnsafeBufferPointer { x in
                flags.withUnsafeBufferPointer { m in
                    let v = estimator.estimate(TraceSamples(time: t, offset: x, isMove: m)).velocity
                    return TraceFeatures(time: t, offset: x, startOffset: s.startOffset, pitch: pitch, velocity: v,
                                         user: s.user, session: s.sessionName,
                                         intendedIndex: s.isLabelled ? s.intendedIndex : nil, startIndex: s.startIndex)
                }
            }
        }
        self = features
        if let room = s.deliveryDraws?.touchDownRoom {
            touchDownRoom = travel == 0 ? nil : room
            endsAtScreenEdge = s.endsAtScreenEdge
        }
    }
}
