@testable import SnapStrategies
import Testing

/// Android Chrome's fling curve (`ui/events/mobile_scroller.cc`, `MobileScroller`), checked against
/// its formulas by hand (`GetSplineFlingDistance`, `GetSplineFlingDuration`, the spline table's
/// linear interpolation, `kThresholdForFlingEnd`): the figures were computed independently of the
/// Swift code, from the constants 0.35, 0.015, 9.80665 × 39.37 × 160 × 0.84 and ln 0.78 / ln 0.9.
@Suite("MobileScrollerFlingCurve")
struct MobileScrollerFlingCurveTests {
    let curve = MobileScrollerFlingCurve.android

    /// 1000 DIP/s: 194.314 pt in 555.181 ms (555 181 µs, truncated); 88.736 pt after 100 ms,
    /// 159.457 after 250 ms; 5000 DIP/s: 3 177.622 pt in 1 815.783 ms.
    @Test("distance, duration and offsets at 1 and 5 pt/ms")
    func workedExamples() {
        #expect(abs(curve.coastDistance(velocity: 1) - 194.3136) < 1e-3)
        #expect(abs(curve.duration(speed: 1000) - 0.555181) < 1e-9)
        #expect(abs(curve.offset(velocity: 1, elapsed: 100) - 88.736) < 1e-3)
        #expect(abs(curve.offset(velocity: 1, elapsed: 250) - 159.457) < 1e-3)
        #expect(abs(curve.coastDistance(velocity: 5) - 3177.622) < 1e-3)
        #expect(abs(curve.duration(speed: 5000) - 1.815783) < 1e-9)
        #expect(abs(curve.offset(velocity: 5, elapsed: 250) - 1159.396) < 1e-3)
        // The same spline as Android's own Scroller at density 1.
        #expect(curve.coastDistance(velocity: 2.4) == AndroidSplineDeceleration().coastDistance(velocity: 2.4))
    }

    /// Past the duration, and within 0.1 px of the end before it, the offset is the whole distance;
    /// no fling, no time or an infinite velocity (no duration) covers nothing; a backward fling
    /// mirrors a forward one.
    @Test("the fling's end, sign and degenerate inputs")
    func endAndSign() {
        let total = curve.coastDistance(velocity: 1)
        #expect(curve.offset(velocity: 1, elapsed: 555.181) == total)
        #expect(curve.offset(velocity: 1, elapsed: 554.181) == total)   // 0.02 px short: kThresholdForFlingEnd
        #expect(curve.offset(velocity: 1, elapsed: 500) < total - 0.5)   // 193.51: still moving
        #expect(curve.offset(velocity: -1, elapsed: 100) == -curve.offset(velocity: 1, elapsed: 100))
        #expect(curve.offset(velocity: 1, elapsed: 0) == 0 && curve.offset(velocity: 0, elapsed: 100) == 0)
        #expect(curve.offset(velocity: .nan, elapsed: 100) == 0 && curve.duration(speed: 0) == 0)
        #expect(curve.coastDistance(velocity: 0) == 0 && curve.coastDistance(velocity: -.infinity) == 0)
        #expect(curve.offset(velocity: .infinity, elapsed: 100) == 0)
    }
}
