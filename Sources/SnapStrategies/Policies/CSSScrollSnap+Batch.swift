// CSS scroll snap's batch path: what is the same for every release of a layout and a policy decided
// once, and the common case (a bounded row of items no wider than the snapport) decided straight through.

extension CSSScrollSnap {
    /// ``decide(_:in:)`` for each release, the first inertial delta of its fling estimate taken
    /// from (or first stored in) its ``ReleaseKinematics`` (both CSS policies estimate the same
    /// fling at their default frame interval): the same displacement, bit for bit, as
    /// ``flingDisplacement(velocity:)``. With ``decayPrediction`` each release is decided alone
    /// (``decideWithDecayPrediction(_:in:)``: it follows the fling frame by frame, nothing to share).
    ///
    /// What depends only on the policy is settled once per batch (``decidesNarrowRows``), what
    /// depends only on the layout once per release before anything else (``NarrowRow``): in a
    /// bounded layout whose items are no wider than the snapport, with `scroll-snap-stop: normal`
    /// and no scroll-end snap, there is no covering candidate, no stop-always search and no coast,
    /// and the release is decided by ``decideNarrow(current:displacement:in:layout:sharing:)``, whose
    /// search guesses and checks instead of searching (``NarrowRow/closestItem(to:from:direction:)``).
    /// Any other release takes the general path (``decide(_:in:displacement:sharing:)``). Both keep
    /// the closest-snap search in the release's ``ReleaseKinematics``
    /// (``ReleaseKinematics/closestSnap(to:from:direction:truncating:in:search:)``) for the other
    /// strictness. Decisions are the general path's bit for bit (`CSSScrollSnap+BatchTests`).
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        let count = Swift.min(releases.count, layouts.count, kinematics.count, decisions.count)
        if decayPrediction != 0 {
            for i in 0..<count { decisions.store(decideWithDecayPrediction(releases[i], in: layouts[i]), at: i) }
            return
        }
        let estimate = ChromiumFlingEstimate(distanceScalar: distanceScalar, frameInterval: frameInterval)
        let narrowRows = decidesNarrowRows
        let bracket = narrowRows ? ChromiumFlingEstimate.DisplacementBracket(estimate) : nil
        for i in 0..<count {
            let release = releases[i], velocity = release.velocity
            let flings = self.flings(velocity)
            let layout = layouts.baseAddress! + i
            let row = narrowRows ? NarrowRow(layout.pointee, range: range(in: layout.pointee)) : nil
            let current = layout.pointee.clampedOffset(release.offset)
            // A fling whose target is the same wherever in its bracket the estimate lies: no delta needed.
            if flings, let row, let bracket, let (low, high, direction) = Self.intendedBracket(bracket, velocity: velocity, from: current) {
                if let found = kinematics[i].certifiedSnap(between: low, and: high, from: current, direction: direction,
                                                           in: layout.pointee, certify: {
                                                               row.certifiedItem(from: current, direction: direction,
                                                                                 between: low, and: high)
                                                           }),
                   found.distance < row.range {
                    decisions.store(row.certifiedDecision(found.index), at: i)
                    continue
                }
            }
            let displacement = sharedDisplacement(of: release, flings: flings, estimate: estimate,
                                                  sharing: kinematics.baseAddress! + i)
            if let row {
                decisions.store(decideNarrow(current: current, displacement: displacement, in: row, layout: layout,
                                             sharing: kinematics.baseAddress! + i), at: i)
            } else {
                decisions.store(decide(release, in: layout.pointee, displacement: displacement,
                                       sharing: kinematics.baseAddress! + i), at: i)
            }
        }
    }

    /// Whether a release of `velocity` (pt/ms) flings, as the batch paths test it: at least
    /// ``minFlingVelocity`` and not 0.
    @inline(__always)
    func flings(_ velocity: Double) -> Bool { abs(velocity) >= minFlingVelocity && velocity != 0 }

    /// The batch paths' displacement of `release`'s fling (`flings`: ``flings(_:)``), its first
    /// inertial delta taken from (or first stored in) `kinematics`
    /// (``ReleaseKinematics/chromiumFirstInertialDelta(of:frameInterval:)``); `nil` when it does not fling.
    @inline(__always)
    func sharedDisplacement(of release: Release, flings: Bool, estimate: ChromiumFlingEstimate,
                            sharing kinematics: UnsafeMutablePointer<ReleaseKinematics>) -> Double? {
        guard flings else { return nil }
        let delta = kinematics.pointee.chromiumFirstInertialDelta(of: release, frameInterval: frameInterval)
        return estimate.displacement(firstInertialDelta: delta)
    }

    /// The intended position's bracket of a fling of `velocity` from `current`: `current + D` for
    /// `D` at the ends of `bracket`'s bounds, and the fling's direction (±1); `nil` when the bracket
    /// gives no bounds for this velocity.
    @inline(__always)
    static func intendedBracket(_ bracket: ChromiumFlingEstimate.DisplacementBracket, velocity: Double,
                                from current: Double) -> (low: Double, high: Double, direction: Int)? {
        guard let d = bracket.bounds(velocity: velocity) else { return nil }
        return (current + d.lower, current + d.upper, velocity > 0 ? 1 : -1)
    }

    /// Whether this policy decides a release in a ``NarrowRow`` by ``decideNarrow(current:displacement:in:layout:sharing:)``:
    /// `scroll-snap-stop: normal` (``stopAlways`` 0) and, for proximity, no scroll-end snap
    /// (``scrollEndSnap`` 0), so that neither a stop-always search nor a coast can follow.
    var decidesNarrowRows: Bool { stopAlways == 0 && (strictness == .mandatory || scrollEndSnap == 0) }

    /// A bounded layout whose items are no wider than the snapport (``snapportWidth(of:)``): no
    /// item offers a covering candidate (``covering(at:from:direction:range:in:)`` finds none), so
    /// the aligned search alone decides.
    struct NarrowRow {
        /// The layout's item count, alignment origin, stride and maximum offset.
        let count: Int, origin: Double, stride: Double, maxOffset: Double
        /// The policy's range in this layout (``CSSScrollSnap/range(in:)``).
        let range: Double

        /// `nil` for a looping layout or one with items wider than the snapport.
        @inline(__always)
        init?(_ layout: CarouselLayout, range: Double) {
            guard !layout.isLooping, !(layout.itemWidth > CSSScrollSnap.snapportWidth(of: layout)) else { return nil }
            self.range = range
            count = layout.itemCount
            origin = layout.alignmentOrigin
            stride = layout.stride
            maxOffset = layout.maxOffset
        }

        /// The decision for item `i` certified by ``certifiedItem(from:direction:between:and:)``.
        @inline(__always)
        func certifiedDecision(_ i: Int) -> SnapDecision {
            SnapDecision(targetSlot: i, targetIndex: i, targetOffset: snap(i), rule: "fling-closest-in-direction")
        }

        /// Item `i`'s snap offset, `i` in `0..<count`: ``CarouselLayout/snapOffset(ofSlot:)``'s
        /// arithmetic (`alignmentOrigin + i·stride` clamped to `[0, maxOffset]`, never NaN here).
        @inline(__always)
        func snap(_ i: Int) -> Double { Swift.min(Swift.max(origin + Double(i) * stride, 0), maxOffset) }

        /// The first item `i` for which `holds(snap(i))` (false, then true, along the items), or
        /// `count`, when it is the item at which the unclamped snaps reach `x`; `nil` when it is not
        /// (or `x` is not a number).
        @inline(__always)
        func turn(at x: Double, where holds: (Double) -> Bool) -> Int? {
            let p = (x - origin) / stride
            let g: Int
            if p > 0 {
                guard p < Double(count) else { return holds(snap(count - 1)) ? nil : count }
                let t = Int(p)
                g = Double(t) < p ? t + 1 : t
            } else {
                guard p == p else { return nil }
                g = 0
            }
            guard g == count || holds(snap(g)) else { return nil }
            return g == 0 || !holds(snap(g - 1)) ? g : nil
        }

        /// The item ``decideNarrow(current:displacement:in:layout:sharing:)`` picks for a fling
        /// moving `direction` (±1) from `current` whatever its intended position in `low...high`
        /// (`current + D` for `D` in ``ChromiumFlingEstimate/DisplacementBracket``'s bounds: the
        /// computed intended position lies there, a sum with `current` being monotone), or `nil`
        /// when that is not shown here (the caller then computes `D`).
        ///
        /// The search answers the first valid item of least `|snap − x|` (rounded), `x` the intended
        /// position, and the decision is that item when its distance is under the range. Item `a`
        /// (the one nearest `low`, or the next in the direction when that one is not valid) is that
        /// answer for every `x` in `low...high` when it is valid and:
        /// - the item before it, if valid (moving back every item before a valid one is), is farther
        ///   by a margin: `(x − s₋) − |s − x|` does not decrease with `x`, so its value at `low`
        ///   bounds it; above `2⁻⁴⁰·(|low| + |high| + |s₋| + |s| + 1)` as computed, it is exactly
        ///   positive with room for every rounding (each relative `2⁻⁵³`): `x − s₋` rounds to more
        ///   than `|s − x|` does, and every item before (snaps never decrease with the index) lies
        ///   farther still (rounding is monotone). A valid item before with the same snap fails it.
        ///   When the item before is not valid (moving forward) neither is any item before it.
        /// - the item after it, if valid, likewise at `high` (`(s₊ − x) − |s − x|` does not
        ///   increase), or it shares `a`'s snap and that snap is ``maxOffset`` (every later snap is
        ///   then the same, a tie that `a`, earlier, wins);
        /// Returned with the larger of the rounded `|s − x|` at the two ends, which bounds it over the
        /// bracket (convex in `x`; rounding is monotone): the caller compares it with ``range``.
        /// Snaps are non-decreasing in the index for a positive stride (every step of ``snap(_:)``
        /// is monotone); a NaN anywhere fails a comparison and answers `nil`.
        @inline(__always)
        func certifiedItem(from current: Double, direction: Int, between low: Double,
                           and high: Double) -> (index: Int, distance: Double)? {
            guard stride > 0 else { return nil }
            @inline(__always) func valid(_ s: Double) -> Bool {
                direction > 0 ? s - current >= 0.5 : s - current <= -0.5
            }
            let p = (low - origin) / stride
            var a = p > 0 ? (p < Double(count - 1) ? Int(p + 0.5) : count - 1) : 0
            var s = snap(a)
            if !valid(s) {
                a += direction
                guard a >= 0, a < count else { return nil }
                s = snap(a)
                guard valid(s) else { return nil }
            }
            if a > 0 {
                let before = snap(a - 1)
                if direction < 0 || valid(before) {
                    let scale = abs(low) + abs(high) + abs(before) + abs(s) + 1
                    guard (low - before) - abs(s - low) > 0x1p-40 * scale else { return nil }
                }
            }
            if a < count - 1 {
                let after = snap(a + 1)
                if direction > 0 || valid(after) {
                    if after == s {
                        guard s == maxOffset else { return nil }
                    } else {
                        let scale = abs(low) + abs(high) + abs(after) + abs(s) + 1
                        guard (after - high) - abs(s - high) > 0x1p-40 * scale else { return nil }
                    }
                }
            }
            return (a, Swift.max(abs(s - low), abs(s - high)))
        }

        /// ``CSSScrollSnap/closestItem(to:from:direction:truncating:in:)`` (not truncating) without
        /// its binary searches, `nil` when it must be asked instead (`found` `nil`: no valid item).
        /// `j`, the first item whose snap is at or past `base`, is guessed from the unclamped snaps
        /// and checked against its neighbour (the one index where a predicate that turns true once
        /// turns); the valid run's end is looked for only when it decides: when the items before `j`
        /// are not valid (moving forward: then its first item is the answer) or `j` is not
        /// (moving back). As in `closestItem`, `j` and the item before it compete, ties to the
        /// earlier; the item before that is checked for the same distance. Any guess or tie that
        /// does not hold (several items sharing a clamped snap at an end, a base on a snap or a
        /// rounding just across one) answers `nil`: the same item and distance, or none.
        @inline(__always)
        func closestItem(to base: Double, from current: Double,
                         direction: Int) -> (found: (index: Int, distance: Double)?, known: Bool) {
            guard let reach = turn(at: base, where: { $0 - base >= 0 }) else { return (nil, false) }
            var j = reach, rightInRun = reach < count, leftInRun = reach > 0, secondInRun = reach > 1
            if direction > 0 {
                if reach == 0 || !(snap(reach - 1) - current >= 0.5) {
                    // The valid run starts at or after `reach`: its first item, if any.
                    guard let first = turn(at: current + 0.5, where: { $0 - current >= 0.5 }) else { return (nil, false) }
                    return (first < count ? (first, abs(snap(first) - base)) : nil, true)
                }
                secondInRun = reach > 1 && snap(reach - 2) - current >= 0.5
            } else if direction < 0, !(reach < count && snap(reach) - current <= -0.5) {
                // The valid run ends before `reach`: its last item competes alone.
                guard let end = turn(at: current - 0.5, where: { !($0 - current <= -0.5) }) else { return (nil, false) }
                guard end > 0 else { return (nil, true) }
                j = end
                rightInRun = false
                leftInRun = true
                secondInRun = end > 1
            }
            var best = j
            var bestDistance = rightInRun ? abs(snap(j) - base) : Double.infinity
            if leftInRun {
                let left = abs(snap(j - 1) - base)
                if left <= bestDistance {
                    if secondInRun && abs(snap(j - 2) - base) <= left { return (nil, false) }
                    best = j - 1
                    bestDistance = left
                }
            }
            return ((best, bestDistance), true)
        }
    }

    /// The proximity range of this policy in `layout` (unbounded for mandatory), points.
    @inline(__always)
    func range(in layout: CarouselLayout) -> Double {
        strictness == .proximity ? proximityRatio * layout.viewportWidth : Double.infinity
    }

    /// The closest valid item in a ``NarrowRow`` (``NarrowRow/closestItem(to:from:direction:)``,
    /// else ``closestItem(to:from:direction:truncating:in:)``) within the row's range, as a decision
    /// with `rule`; the search kept in (or read from) `shared` when given
    /// (``ReleaseKinematics/closestSnap(to:from:direction:truncating:in:search:)``: the other
    /// strictness searches alike).
    @inline(__always)
    func narrowTarget(to base: Double, from current: Double, direction: Int, rule: StaticString,
                      in row: NarrowRow, layout: UnsafePointer<CarouselLayout>,
                      sharing shared: UnsafeMutablePointer<ReleaseKinematics>?) -> SnapDecision? {
        func search() -> (index: Int, distance: Double)? {
            let quick = row.closestItem(to: base, from: current, direction: direction)
            return quick.known ? quick.found
                : closestItem(to: base, from: current, direction: direction, truncating: false, in: layout.pointee)
        }
        let found = if let shared {
            shared.pointee.closestSnap(to: base, from: current, direction: direction, truncating: false,
                                       in: layout.pointee, search: search)
        } else {
            search()
        }
        guard let found, found.distance < row.range else { return nil }
        // `layout.decision(slot:rule:)` of an item of the row: the same slot, item and offset.
        return SnapDecision(targetSlot: found.index, targetIndex: found.index, targetOffset: row.snap(found.index),
                            rule: rule)
    }

    /// ``decide(current:displacement:in:)`` in a ``NarrowRow`` of `layout` for a policy that ``decidesNarrowRows``,
    /// `current` already clamped: the general path with what cannot happen there left out (the
    /// covering resolution answers the aligned slot; no stop-always search), the search kept in
    /// `shared` when given.
    @inline(__always)
    func decideNarrow(current: Double, displacement rawDisplacement: Double?, in row: NarrowRow,
                      layout: UnsafePointer<CarouselLayout>,
                      sharing shared: UnsafeMutablePointer<ReleaseKinematics>? = nil) -> SnapDecision {
        guard let displacement = rawDisplacement, displacement == displacement, displacement != 0 else {
            return narrowTarget(to: current, from: current, direction: 0, rule: "end-position", in: row, layout: layout,
                                sharing: shared)
                ?? noSnap(at: current, in: layout.pointee)
        }
        let intended = current + displacement
        let direction = displacement > 0 ? 1 : -1
        if let found = narrowTarget(to: intended, from: current, direction: direction,
                                    rule: "fling-closest-in-direction", in: row, layout: layout, sharing: shared) {
            return found
        }
        if strictness == .mandatory,
           let found = narrowTarget(to: current, from: current, direction: 0,
                                    rule: "fling-fallback-end-position", in: row, layout: layout, sharing: shared) {
            return found
        }
        return noSnap(at: intended, in: layout.pointee)
    }
}
