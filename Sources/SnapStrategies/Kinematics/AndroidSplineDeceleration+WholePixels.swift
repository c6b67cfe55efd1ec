// The platform spline's fling distance at RecyclerView's whole-pixel velocities, tabulated.

extension AndroidSplineDeceleration {
    /// `Math.round` of the platform spline's fling distance (``standard``: friction 0.015, inflexion
    /// 0.35, `DR` = ln 0.78 / ln 0.9, density 1), points, for every whole speed `k` from 0 to
    /// 8000 px/s (``platformMaximumFlingVelocity``): entry `k` is
    /// `SnapMath.roundedHalfAway(standard.coastDistance(velocity: Double(k) / 1000))`, what
    /// `Scroller.getFinalX()` gives for `fling((int) xvel, …)` (RecyclerView `onTouchEvent`,
    /// `LinearSnapHelper`; ``AndroidPixels/trackedVelocity(_:)``).
    ///
    /// The velocity RecyclerView flings with is a whole number of px/s clamped to ±8000 at density
    /// 1, so its spline distance (a logarithm and an exponential) takes one of 8001 values: they are
    /// computed here once, by the same code, and a decision reads one (`AndroidSplineDeceleration+
    /// WholePixelsTests` compares every entry with the formula bit for bit). At most 7 186 points
    /// (8000 px/s), so each fits a `UInt16` (16 KB in all); were one not to, the table is empty and
    /// every distance is computed.
    static let standardWholePixelDistances: [UInt16] = {
        let spline = AndroidSplineDeceleration.standard
        var table = [UInt16]()
        table.reserveCapacity(8001)
        for k in 0...8000 {
            let d = SnapMath.roundedHalfAway(spline.coastDistance(velocity: Double(k) / 1000))
            guard let entry = UInt16(exactly: d) else { return [] }
            table.append(entry)
        }
        return table
    }()

    /// `SnapMath.roundedHalfAway(standard.coastDistance(velocity: pixelsPerSecond / 1000))` for a
    /// whole `pixelsPerSecond` (signed): read from ``standardWholePixelDistances`` within ±8000,
    /// computed beyond (and for a value that is not whole, which the table does not hold).
    @inline(__always)
    static func standardWholePixelDistance(pixelsPerSecond k: Double) -> Double {
        let table = standardWholePixelDistances
        let m = abs(k)
        // NaN and values beyond the table fail the first test; a fraction fails the second.
        if m < Double(table.count), Double(Int(m)) == m {
            let d = Double(table[Int(m)])
            return k < 0 ? -d : d
        }
        return SnapMath.roundedHalfAway(standard.coastDistance(velocity: k / 1000))
    }
}
