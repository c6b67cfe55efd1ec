// Chromium's scroll-snap fling with `kSnapFlingDecayPrediction`, the browser's default path.

extension CSSScrollSnap {
    /// The decision with ``decayPrediction`` = 1: Chromium predicts a fling's end from the ratio of
    /// two inertial updates instead of from the first one alone.
    ///
    /// Sources (chromium/chromium): `cc/input/snap_fling_controller.cc`
    /// `SnapFlingController::HandleGestureScrollUpdate` — each inertial update is offered to
    /// `SnapFlingCurve::EstimateDisplacement(delta, last_inertial_delta_, allow_slow_decay)`, which
    /// with the feature on predicts `cur / (1 − r)`, `r = |cur| / |prev|`, once `r < 0.96`, or
    /// `r < 1` after `kMaxFramesToWaitForDecay` = 3 decaying updates (`cc/input/snap_fling_curve_unittest.cc`
    /// `EstimateDisplacementFeatureEnabled`: 8 after 10 predicts 40; 8 after 8.1 waits); while it
    /// waits the update scrolls the content; `cc/input/input_handler.cc`
    /// `InputHandler::GetSnapFlingInfoAndSetAnimatingSnapTarget` — the prediction is searched with
    /// `EndAndDirectionStrategy` from the offset reached (``decide(current:displacement:in:)``); when it
    /// finds no area the state becomes `kNativeFling` and no later update is searched: the fling runs
    /// the whole curve and `SnapAtScrollEnd` snaps where it ends (``snapAtScrollEnd(_:range:in:)``);
    /// `content/common/input/fling_controller.cc` `FlingController::ProgressFling` — the updates.
    ///
    /// Model (``ChromiumFlingEstimate/decayPrediction(velocity:firstUpdate:frame:curve:)``): the first
    /// update covers ``decayFirstUpdate`` ms of the fling curve ``flingCurve`` chooses (Aura by
    /// default, ``PhysicsBasedFlingCurve`` with 1, ``MobileScrollerFlingCurve`` with 2), later ones a 60-Hz frame
    /// (``ChromiumFlingEstimate/frameDelta``); the first update that predicts is searched from the release offset plus the
    /// updates before it. A fling that reaches an end of a bounded layout, or whose curve ends,
    /// before any update predicts, snaps at scroll end. Slower releases than `minFlingVelocity` do
    /// not fling (`EndPositionStrategy` at the release). `distanceScalar`, `frameInterval` and
    /// `scrollEndSnap` (the legacy estimate's) play no part. The outcome in the browser depends on the
    /// frame timing after the lift-off, which the release does not carry (`Docs/policies.md`, "The
    /// browser's default path"): ``decayFirstUpdate`` is the typical first update, not every one.
    public func decideWithDecayPrediction(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let current = layout.clampedOffset(release.offset)
        let velocity = release.velocity
        guard abs(velocity) >= minFlingVelocity, velocity != 0, velocity == velocity else {
            return decide(current: current, displacement: nil, in: layout)
        }
        let range = strictness == .proximity ? proximityRatio * layout.viewportWidth : Double.infinity
        if let prediction = ChromiumFlingEstimate.decayPrediction(velocity: velocity, firstUpdate: decayFirstUpdate,
                                                                  frame: ChromiumFlingEstimate.frameDelta, curve: gestureCurve) {
            let reached = current + prediction.scrolled
            let x = layout.clampedOffset(reached)
            let hitEnd = !layout.isLooping && x != reached
            if !hitEnd {
                let decision = decide(current: x, displacement: prediction.displacement, in: layout)
                if !decision.hasRule(Self.noSnapRule) { return decision }
            }
        }
        return snapAtScrollEnd(layout.clampedOffset(current + nativeFlingDistance(velocity: velocity)), range: range, in: layout)
    }
}
