// What Chromium does with a proximity fling whose first estimate finds no snap area in range.

extension CSSScrollSnap {
    /// A proximity fling that found no snap in range, as Chromium lets it go on (``scrollEndSnap`` = 1).
    ///
    /// Sources (chromium/chromium): `cc/input/snap_fling_controller.cc`
    /// `SnapFlingController::HandleGestureScrollUpdate` — with no snap found the controller is
    /// `kIgnored`, lets the update scroll, and is asked again at every later inertial update, from
    /// the offset reached and with `kDistanceEstimatorScalar` × that update as the estimate;
    /// `content/common/input/fling_controller.cc` `ProgressFling` — the updates are the differences
    /// of the fling curve (``ChromiumFlingCurve/aura``, `ui/events/gestures/fling_curve.cc`) at
    /// successive frames, updates of 0.1 pt or less are not sent; `cc/input/input_handler.cc`
    /// `SnapAtScrollEnd` — when the fling ends, `EndPositionStrategy` at the resting offset, which
    /// for proximity snaps only to an area within the proximity range, in either direction.
    ///
    /// Model: the first update covers `frameInterval` ms of the curve (the estimate that found
    /// nothing), each later one a 60-Hz frame (``ChromiumFlingEstimate/frameDelta``). Before each later update `δ` the
    /// search (``flingTarget(current:displacement:range:in:)``) runs from the offset reached with
    /// `distanceScalar × δ`; the first snap found is the target (rule `fling-closest-in-direction`
    /// or `fling-snap-stop`). When the curve ends, or the content reaches an end, the closest snap
    /// within range of that offset is the target (rule `scroll-end-position`), else the content rests
    /// there (`no-snap-in-range`). Frames are taken as regular; a loaded browser's irregular frames
    /// change the later updates (`Docs/policies.md`, "Chromium as the oracle").
    func coast(from current: Double, velocity: Double, in layout: CarouselLayout) -> SnapDecision {
        let curve = ChromiumFlingCurve.aura
        let range = proximityRatio * layout.viewportWidth
        let duration = curve.duration(speed: Swift.min(abs(velocity) * 1000, curve.maximumVelocity)) * 1000
        var elapsed = Swift.max(0, frameInterval)
        var reached = curve.offset(velocity: velocity, elapsed: elapsed)
        var x = layout.clampedOffset(current + reached)
        func atEnd(_ x: Double) -> Bool { !layout.isLooping && (x <= 0 || x >= layout.maxOffset) }
        var frames = 0
        while elapsed < duration, !atEnd(x), frames < 1000 {
            let next = curve.offset(velocity: velocity, elapsed: elapsed + ChromiumFlingEstimate.frameDelta)
            let delta = next - reached
            if abs(delta) > ChromiumFlingEstimate.minInertialScrollDelta,
               let found = flingTarget(current: x, displacement: delta * distanceScalar, range: range, in: layout) {
                return found
            }
            x = layout.clampedOffset(x + delta)
            reached = next
            elapsed += ChromiumFlingEstimate.frameDelta
            frames += 1
        }
        return snapAtScrollEnd(x, range: range, in: layout)
    }

    /// `InputHandler::SnapAtScrollEnd` (`cc/input/input_handler.cc`): `EndPositionStrategy` at the
    /// offset `x` where the fling ended, the closest snap within `range` in either direction (rule
    /// `scroll-end-position`), else the content rests at `x` (`no-snap-in-range`).
    func snapAtScrollEnd(_ x: Double, range: Double, in layout: CarouselLayout) -> SnapDecision {
        let slot = closestSlot(to: x, from: x, direction: 0, truncating: false, range: range, in: layout)
        if let d = resolveCovering(aligned: slot, alignedRule: "scroll-end-position", base: x, current: x,
                                   direction: 0, range: range, in: layout) {
            return d
        }
        return noSnap(at: x, in: layout)
    }
}
