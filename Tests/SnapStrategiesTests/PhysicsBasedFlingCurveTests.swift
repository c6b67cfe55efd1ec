@testable import SnapStrategies
import Testing

/// Chromium's touchscreen fling curve on Linux and Windows (`ui/events/gestures/physics_based_fling_curve.cc`),
/// checked against the figures of its own unit test (`physics_based_fling_curve_unittest.cc`: 96 ppi,
/// a 1920 × 1080 viewport, deltas within 1 px) and against the formulas by hand.
@Suite("PhysicsBasedFlingCurve")
struct PhysicsBasedFlingCurveTests {
    /// `BasicFlingTestVelocityX`: 5000 px/s along x, bound 3 × 1920 = 5760 px. Distance
    /// 5² / (2 × 96 × 2.7559e-5) = 4724.71 px, duration min(2, 5000 / 2300) = 2 s; deltas 99 (0–20 ms),
    /// 1054 (20–250 ms), 3571 (to the end).
    @Test("the upstream unit test's x fling: deltas 99, 1054, 3571")
    func upstreamVelocityX() {
        let curve = PhysicsBasedFlingCurve(pixelsPerInch: 96, boundingWidth: 1920)
        let at20 = curve.offset(velocity: 5, elapsed: 20), at250 = curve.offset(velocity: 5, elapsed: 250)
        let end = curve.offset(velocity: 5, elapsed: 10_000)
        #expect(abs(at20 - 99) <= 1)
        #expect(abs(at250 - at20 - 1054) <= 1)
        #expect(abs(end - at250 - 3571) <= 1)
        #expect(abs(end - 4724.712) < 1e-3)
        #expect(curve.coastDistance(velocity: 5) == end)
        #expect(curve.duration(speed: 5000) == 2)
        #expect(curve.offset(velocity: 5, elapsed: -20) == 0 && curve.offset(velocity: 5, elapsed: 0) == 0)
    }

    /// `BasicFlingTestVelocityY`: the same speed bounded by 3 × 1080 = 3240 px: deltas 98, 923, 2218.
    @Test("the upstream unit test's bounded fling: deltas 98, 923, 2218")
    func upstreamBounded() {
        let curve = PhysicsBasedFlingCurve(pixelsPerInch: 96, boundingWidth: 1080)
        let at20 = curve.offset(velocity: -5, elapsed: 20), at250 = curve.offset(velocity: -5, elapsed: 250)
        let end = curve.coastDistance(velocity: -5)
        #expect(abs(-at20 - 98) <= 1)
        #expect(abs(at20 - at250 - 923) <= 1)
        #expect(abs(at250 - end - 2218) <= 1)
        #expect(end == -3240)
    }

    /// `ControlPointsWithSlopeLessThan1` and `…GreaterThan1`: at 5000 px/s the slope is
    /// 5000 × 2 / 4724.71 = 2.117, p1 = (0.2, 0.423); at 15 000 px/s the distance is the bound, 5760,
    /// slope 30 000 / 5760 = 5.208, p1 = (0.192, 1).
    @Test("the first control point follows the fling's speed")
    func controlPoints() throws {
        let curve = PhysicsBasedFlingCurve(pixelsPerInch: 96, boundingWidth: 1920)
        let slow = try #require(curve.shape(speed: 5))
        #expect(slow.p1x == 0.2 && abs(slow.p1y - 0.4233) < 1e-4)
        let fast = try #require(curve.shape(speed: 15))
        #expect(fast.distance == 5760 && fast.p1y == 1 && abs(fast.p1x - 0.192) < 1e-3)
    }

    /// Unbounded desktop curve: 1 pt/ms coasts 1 / (2 × 0.0026457) = 188.99 pt in 1000 / 2300 s;
    /// 2.4 pt/ms 1088.57 pt (Aura: 181.06 and 522.91). No motion for 0 or NaN.
    @Test("distances and durations by hand")
    func byHand() {
        let curve = PhysicsBasedFlingCurve.desktop
        #expect(abs(curve.coastDistance(velocity: 1) - 188.988) < 1e-3)
        #expect(abs(curve.coastDistance(velocity: 2.4) - 1088.574) < 1e-3)
        #expect(abs(curve.duration(speed: 1000) - 1000.0 / 2300) < 1e-12)
        #expect(curve.coastDistance(velocity: 0) == 0 && curve.coastDistance(velocity: .nan) == 0)
        #expect(curve.duration(speed: 0) == 0)
        // The curve starts at the fling's speed: the first 2 ms cover about 2 × v.
        #expect(abs(curve.offset(velocity: 2.4, elapsed: 2) - 4.8) < 0.05)
    }

    /// The Bézier solve returns y(t) where x(t) = the given x, monotone between the ends.
    @Test("the Bézier solve is monotone and reaches its ends")
    func bezier() {
        var last = 0.0
        for i in 1..<100 {
            let y = PhysicsBasedFlingCurve.bezierY(atX: Double(i) / 100, p1x: 0.2, p1y: 0.4233)
            #expect(y > last && y < 1)
            last = y
        }
        #expect(PhysicsBasedFlingCurve.bezierY(atX: 0, p1x: 0.2, p1y: 1) == 0)
    }
}
