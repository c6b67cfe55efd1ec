// What Chromium does with a proximity fling whose first estimate finds no snap area in range.

extension CSSScrollSnap {
    /// A proximity fling that found no snap in range, as Chromium lets it go on (``scrollEndSnap`` = 1):
    /// it runs its whole curve and snaps once, where it ends.
    ///
    /// Sources (chromium/chromium): `cc/input/input_handler.cc`
    /// `InputHandler::GetSnapFlingInfoAndSetAnimatingSnapTarget` — when the search of the first
    /// estimate (`EndAndDirectionStrategy` from the offset before the update) finds no area
    /// (`SnapPositionData::Type::kNone`), `snap_fling_state_` becomes `kNativeFling`, and every later
    /// call returns false at once (`snap_fling_state_ == kNativeFling`) until the next gesture;
    /// `cc/input/snap_fling_controller.cc` `SnapFlingController::HandleGestureScrollUpdate` — the
    /// controller is then `kIgnored` and lets each update scroll the content;
    /// `content/common/input/fling_controller.cc` `ProgressFling` — the updates are the differences
    /// of the fling curve (``ChromiumFlingCurve/aura``, `ui/events/gestures/fling_curve.cc`, or with
    /// ``flingCurve`` 1 ``PhysicsBasedFlingCurve``, with 2 ``MobileScrollerFlingCurve``) until it
    /// ends; `InputHandler::SnapAtScrollEnd` — then `EndPositionStrategy` at the resting offset, which
    /// for proximity snaps only to an area within the proximity range, in either direction.
    ///
    /// Model: the content coasts the curve's whole distance from the release (stopping at an end of
    /// a bounded layout), and the closest snap within range of where it stops is the target (rule
    /// `scroll-end-position`), else the content rests there (`no-snap-in-range`). No later update is
    /// searched. Worked example (`CSSScrollSnap+ProximityTests`): snaps every 1 000 pt, range 300;
    /// from 1 450 at 2.4 pt/ms the first estimate (2 380) has nothing in range; the curve coasts to
    /// 1 450 + ``ChromiumFlingCurve/coastDistance(velocity:)``, and item 2's snap (2 000) is within
    /// range of that end.
    func coast(from current: Double, velocity: Double, in layout: CarouselLayout) -> SnapDecision {
        let range = proximityRatio * layout.viewportWidth
        let end = layout.clampedOffset(current + nativeFlingDistance(velocity: velocity))
        return snapAtScrollEnd(end, range: range, in: layout)
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
