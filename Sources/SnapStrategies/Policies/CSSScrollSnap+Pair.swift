// The two CSS strictnesses decided together: what they compute alike from a release in a narrow
// row (the fling test, the clamped position, the estimate's bracket and its certified item) once.

extension CSSScrollSnap {
    /// `css-snap-mandatory` and `css-snap-proximity` decided together
    /// (``SnapPolicy/decide(_:inOneLayout:sharing:into:pairedWith:into:)``). When the layout is a
    /// ``NarrowRow`` for both, both decide narrow rows (``decidesNarrowRows``) without the decay
    /// prediction, and they estimate alike (the same distance scalar, frame interval and minimum
    /// fling velocity, bit for bit), each release's fling test, clamped position, displacement
    /// bracket and certified item (``NarrowRow/certifiedItem(from:direction:between:and:)``: it
    /// does not read the range) are computed once, and each policy applies its own range to the
    /// certificate, as its batch path does (``decide(_:in:sharing:into:)``). A policy whose range
    /// the certificate does not meet, or a release without one, is decided as there: the
    /// displacement computed (its first inertial delta through `kinematics`) and
    /// ``decideNarrow(current:displacement:in:layout:sharing:)``, the search shared through
    /// `kinematics`. Anything else: `false` (nothing decided). Each column is its policy's batch
    /// path's, bit for bit (`CSSScrollSnap+PairTests`).
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>,
                       pairedWith second: CSSScrollSnap, into secondDecisions: UnsafeMutableBufferPointer<SnapDecision>) -> Bool {
        guard let layout = layouts.baseAddress, let shared = kinematics.baseAddress, decayPrediction == 0,
              second.decayPrediction == 0, decidesNarrowRows, second.decidesNarrowRows,
              distanceScalar.bitPattern == second.distanceScalar.bitPattern,
              frameInterval.bitPattern == second.frameInterval.bitPattern,
              minFlingVelocity.bitPattern == second.minFlingVelocity.bitPattern,
              let row = NarrowRow(layout.pointee, range: range(in: layout.pointee)),
              let secondRow = NarrowRow(layout.pointee, range: second.range(in: layout.pointee)) else { return false }
        let count = Swift.min(releases.count, kinematics.count, decisions.count, secondDecisions.count)
        let estimate = ChromiumFlingEstimate(distanceScalar: distanceScalar, frameInterval: frameInterval)
        let bracket = ChromiumFlingEstimate.DisplacementBracket(estimate)
        for i in 0..<count {
            let release = releases[i], velocity = release.velocity
            let flings = self.flings(velocity)
            let current = layout.pointee.clampedOffset(release.offset)
            var firstDone = false, secondDone = false
            // A fling whose target is the same wherever in its bracket the estimate lies: no delta needed.
            if flings, let bracket, let (low, high, direction) = Self.intendedBracket(bracket, velocity: velocity, from: current) {
                if let found = row.certifiedItem(from: current, direction: direction, between: low, and: high) {
                    let decision = row.certifiedDecision(found.index)
                    if found.distance < row.range {
                        decisions.store(decision, at: i)
                        firstDone = true
                    }
                    if found.distance < secondRow.range {
                        secondDecisions.store(decision, at: i)
                        secondDone = true
                    }
                    if firstDone && secondDone { continue }
                }
            }
            let displacement = sharedDisplacement(of: release, flings: flings, estimate: estimate, sharing: shared + i)
            if !firstDone {
                decisions.store(decideNarrow(current: current, displacement: displacement, in: row, layout: layout,
                                             sharing: shared + i), at: i)
            }
            if !secondDone {
                secondDecisions.store(second.decideNarrow(current: current, displacement: displacement, in: secondRow,
                                                          layout: layout, sharing: shared + i), at: i)
            }
        }
        return true
    }
}
