import SnapLabSupport
import SnapGSL

/// The screen the finger moves on (issue 32): where a stroke touches down and the screen's edge
/// that stops what the device reports.
///
/// A finger that slides past the screen's edge is reported **at the edge**: the GestureApp
/// recording (Samsung Galaxy A30, `realdata/gestureapp`) ends 35 of its 295 home strokes (11.9%)
/// and 28 of its 238 pix strokes (11.8%) at `touch_x` = 0, with one move at the edge (none in 3
/// of the 35 home ones) and the lift-off row repeating it 0–17 ms later (median 8 ms, as its other
/// repeated lift-offs): the finger left the glass
/// there and the content stopped, its travel cut at the edge (a tracker replayed on the rows still
/// reads the approach: SnapLab's LSQ2 reads those 35 at 1.19–4.18 pt/ms).
/// With a screen (frame delivery only, ``InputDeliveryParameters/isEnabled``) the finger's travel
/// in the stroke's direction is capped at the **room** between its touch-down point and the edge
/// ahead (`Docs/swipe-model.md` §4): the first frame at or after the finger reaches the edge
/// carries the edge, without sensor noise, and the lift-off row repeats it after the drawn repeat
/// delay. The finger moves opposite to the content offset (content offset grows as `touch_x`
/// falls), so a forward stroke's room is its touch-down x and a backward stroke's is the width
/// minus it; the two directions are taken as mirror images and share one distribution.
/// `nil` (the key absent: every model file written before it) has no edge, drawn exactly as before.
public struct ScreenParameters: Sendable, Hashable, Codable {
    /// The screen's width, points (the A30: 1080 px / 2.625 = 411.43 pt).
    public var width: Double
    /// Quantiles of the room at touch-down (the distance from the touch-down point to the edge the
    /// stroke moves toward) as fractions of ``width``, at the equally spaced probabilities
    /// `0, 1/(n − 1), …, 1`; a draw interpolates linearly between them. `generate --like` reads
    /// them off a recording's first rows (``inferred(rooms:width:)``).
    public var touchDownRoomQuantiles: [Double]

    public init(width: Double, touchDownRoomQuantiles: [Double]) {
        self.width = width
        self.touchDownRoomQuantiles = touchDownRoomQuantiles
    }

    /// How many quantiles `generate --like` writes: 21 (every 5%).
    public static let quantileCount = 21

    /// The fewest strokes with finger positions `generate --like` reads the room from: 20.
    public static let minimumStrokes = 20

    /// A draw of the room at touch-down, points: `width · Q(u)`, `u ~ U(0, 1)`, `Q` the quantiles
    /// interpolated linearly (the type-7 quantile of the sorted quantiles at `u` is exactly that
    /// interpolation). One uniform draw from `rng`.
    func drawRoom(using rng: GSLRandom) -> Double {
        width * Percentile.ofSorted(touchDownRoomQuantiles, rng.uniform())
    }

    /// The screen read off a recording: `rooms` (points, one per stroke with finger positions and
    /// travel) on a screen `width` points wide, as ``quantileCount`` quantiles of `room / width`;
    /// `nil` with fewer than ``minimumStrokes`` rooms or a width that is not positive.
    public static func inferred(rooms: [Double], width: Double) -> ScreenParameters? {
        guard width > 0, width.isFinite else { return nil }
        let fractions = rooms.filter(\.isFinite).map { min(max($0 / width, 0), 1) }.sorted()
        guard fractions.count >= minimumStrokes else { return nil }
        let quantiles = (0..<quantileCount).map { Percentile.ofSorted(fractions, Double($0) / Double(quantileCount - 1)) }
        return ScreenParameters(width: width, touchDownRoomQuantiles: quantiles)
    }

    /// The screen read off `recording` (``inferred(rooms:width:)`` of its strokes' rooms, the width
    /// its carousel's viewport: a row the screen's width, as the A30 study's) with a note for
    /// `generate --like`; `nil` (and a note saying why) for a recording of content offsets (no
    /// `touch_x`), one logged one row per touch scan, or too few strokes with finger positions.
    public static func inferred(from recording: RecordingSummary, frameDelivery: Bool) -> (screen: ScreenParameters?, note: String) {
        let rooms = recording.features.compactMap(\.touchDownRoom)
        let known = recording.features.filter { $0.endsAtScreenEdge != nil }
        guard !known.isEmpty else {
            return (nil, "screen: the recording has content offsets, not finger positions (no touch_x); no screen edge")
        }
        guard frameDelivery else {
            return (nil, "screen: the edge is modelled with frame delivery only, and the recording was logged one row per touch scan; no screen edge")
        }
        let width = recording.layout.viewportWidth
        guard let screen = inferred(rooms: rooms, width: width) else {
            return (nil, "screen: \(rooms.count) strokes with finger positions and travel, fewer than \(minimumStrokes); no screen edge")
        }
        let atEdge = known.filter { $0.endsAtScreenEdge == true }.count
        let median = width * Percentile.ofSorted(screen.touchDownRoomQuantiles, 0.5)
        return (screen, "screen: \(NumberFormat.fixed(width, 2)) pt wide (the recording's viewport), touch-down room to the edge ahead p50 "
                + "\(NumberFormat.fixed(median, 1)) pt over \(rooms.count) strokes; \(atEdge) of \(known.count) strokes end at the edge, "
                + "so a finger past it is reported there and the trace ends")
    }

    /// Checks a screen: a positive width and at least two non-decreasing quantiles in [0, 1].
    static func validate(_ s: ScreenParameters, frameDelivery: Bool) throws(SwipeModelError) {
        try SwipeModel.need(SwipeModel.positive(s.width) && s.width <= 100_000, "screen.width", s.width,
                            "a positive width up to 100000 points")
        let q = s.touchDownRoomQuantiles
        try SwipeModel.need(q.count >= 2 && q.allSatisfy { $0 >= 0 && $0 <= 1 } && zip(q, q.dropFirst()).allSatisfy { $0 <= $1 },
                            "screen.touchDownRoomQuantiles", q, "at least two non-decreasing fractions of the width in [0, 1]")
        try SwipeModel.need(frameDelivery, "screen", "a screen with delivery.isEnabled false",
                            "frame delivery (delivery.isEnabled true): the edge is modelled on delivered frames only")
    }
}
