@testable import SnapStrategies
import Testing

/// Chromium's scroll-snap fling with `kSnapFlingDecayPrediction` (`decayPrediction` 1): the end is
/// predicted from two inertial updates (`cc/input/snap_fling_controller.cc`
/// `HandleGestureScrollUpdate`, `cc/input/snap_fling_curve.cc` `EstimateDisplacement`), searched from
/// the offset those before it reached, and a search that finds nothing lets the fling run the whole
/// curve and snap at scroll end (`cc/input/input_handler.cc` `GetSnapFlingInfoAndSetAnimatingSnapTarget`
/// `kNativeFling`, `SnapAtScrollEnd`). The update figures are those of `ChromiumFlingEstimateTests`.
@Suite("CSS scroll snap, decay prediction")
struct CSSScrollSnapDecayPredictionTests {
    /// The oracle's carousel (`Scripts/research/chromium-oracle.py`): 160-pt items 10 apart, a 10-pt
    /// inset, a 375-pt viewport, 40 items; snaps every 170 pt (item 15 at 2 550), max offset 6 435.
    let oracle = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)
    /// Snaps every 1 000 pt in a 900-pt snapport: proximity range 300; max offset 3 400.
    let sparse = try! CarouselLayout(itemWidth: 300, spacing: 700, viewportWidth: 900, itemCount: 5)

    func policy(_ strictness: CSSScrollSnap.Strictness, firstUpdate: Double = CSSScrollSnap.desktopFirstUpdate) -> CSSScrollSnap {
        CSSScrollSnap(strictness: strictness, decayPrediction: 1, decayFirstUpdate: firstUpdate)
    }

    /// Release at 2 555 at 1.25 pt/ms. First update 18 ms: the second update predicts 133.27 from
    /// 2 555 + 21.67 = 2 576.67, intended 2 709.94: item 16 (2 720). First update 4.5 ms: the third
    /// predicts 268.45 from 2 580.31, intended 2 848.76, closer to item 17 (2 890, 41.2 away) than
    /// to item 16 (128.8 away). The legacy estimate at its default (25 × the first 4.5 ms, 139.3
    /// pt, intended 2 694.3) picks item 16.
    @Test("the prediction is searched from the offset the earlier updates reached")
    func predictsFromTheOffsetReached() {
        let release = Release(offset: 2555, velocity: 1.25)
        let late = policy(.mandatory).decide(release, in: oracle)
        #expect(late.targetIndex == 16 && late.targetOffset == 2720 && late.rule == "fling-closest-in-direction")
        let early = policy(.mandatory, firstUpdate: 4.5).decide(release, in: oracle)
        #expect(early.targetIndex == 17 && early.targetOffset == 2890 && early.rule == "fling-closest-in-direction")
        #expect(CSSScrollSnap(strictness: .mandatory).decide(release, in: oracle).targetIndex == 16)
        // Backward, mirrored about item 15: 2 545 at −1.25 → intended 2 390.06 → item 14 (2 380).
        let back = policy(.proximity).decide(Release(offset: 2545, velocity: -1.25), in: oracle)
        #expect(back.targetIndex == 14 && back.rule == "fling-closest-in-direction")
    }

    /// Proximity, release at 1 300 at 2 pt/ms: the second update predicts 219.22 from 1 334.73,
    /// intended 1 553.95, 446 from the only snap ahead (2 000): nothing in range. Chromium then
    /// flings natively: the whole curve, 422.66 pt, to 1 722.66, where `SnapAtScrollEnd` finds item 2
    /// (2 000) 277 away, within 300. The legacy path at its default rests at its estimate, unsnapped.
    @Test("a prediction with nothing in range runs the whole curve and snaps at scroll end")
    func nativeFlingThenScrollEnd() {
        let release = Release(offset: 1300, velocity: 2)
        let d = policy(.proximity).decide(release, in: sparse)
        #expect(d.rule == "scroll-end-position" && d.targetIndex == 2 && d.targetOffset == 2000)
        #expect(CSSScrollSnap(strictness: .proximity).decide(release, in: sparse).rule == "no-snap-in-range")
        // From 1 100 at 1.25: intended 1 254.94 finds nothing; the curve ends at 1 339.64, 339.6 from
        // item 1 and 660 from item 2: it rests there, unsnapped (nearest item 1).
        let rest = policy(.proximity).decide(Release(offset: 1100, velocity: 1.25), in: sparse)
        #expect(rest.rule == "no-snap-in-range" && rest.targetIndex == 1 && abs(rest.targetOffset - 1339.643) < 1e-3)
        // Mandatory always finds a snap: the fallback to the closest snap at the offset reached.
        let m = policy(.mandatory).decide(release, in: sparse)
        #expect(m.rule == "fling-closest-in-direction" && m.targetIndex == 2)
    }

    /// A fling that reaches the end of the content before any update predicts (release 5 pt before
    /// the end at 2 pt/ms; the first update is 34.7 pt): it ends there and snaps at scroll end, to
    /// the first item whose snap is the end (item 38; 39's snap clamps there too).
    @Test("a fling that reaches the end snaps at scroll end")
    func reachesTheEnd() {
        let d = policy(.mandatory).decide(Release(offset: 6430, velocity: 2), in: oracle)
        #expect(d.rule == "scroll-end-position" && d.targetIndex == 38 && d.targetOffset == 6435)
    }

    /// Below `minFlingVelocity` there is no fling: the closest snap at the release, as without the feature.
    @Test("a release that does not fling is the end-position search at the release")
    func noFling() {
        let release = Release(offset: 2640, velocity: 0.01)
        let d = policy(.mandatory).decide(release, in: oracle)
        #expect(d == CSSScrollSnap(strictness: .mandatory).decide(release, in: oracle))
        #expect(d.targetIndex == 16 && d.rule == "end-position")
    }
}

/// `flingCurve` 1: the decay path and a native fling's end follow `PhysicsBasedFlingCurve`.
@Suite("CSS scroll snap, physics-based fling curve")
struct CSSScrollSnapPhysicsCurveTests {
    let oracle = CSSScrollSnapDecayPredictionTests().oracle
    let sparse = CSSScrollSnapDecayPredictionTests().sparse

    /// Release at 2 555 at 2.4 pt/ms, first update 3.33 ms (the harness's frames). Physics curve:
    /// the second update predicts 1 300.85 from 2 555 + 122.12, intended 3 977.97: item 23 (3 910,
    /// 68 away; item 24, 4 080, 102). Aura: 555.90 from 2 555 + 46.14, intended 3 157.04: item 19.
    @Test("the physics curve's slower decay predicts farther")
    func predictsFarther() {
        let release = Release(offset: 2555, velocity: 2.4)
        let physics = CSSScrollSnap(strictness: .mandatory, decayPrediction: 1, decayFirstUpdate: 10.0 / 3, flingCurve: 1)
        let aura = CSSScrollSnap(strictness: .mandatory, decayPrediction: 1, decayFirstUpdate: 10.0 / 3)
        #expect(physics.decide(release, in: oracle).targetIndex == 23)
        #expect(aura.decide(release, in: oracle).targetIndex == 19)
        #expect(aura == CSSScrollSnap(strictness: .mandatory, decayPrediction: 1, decayFirstUpdate: 10.0 / 3, flingCurve: 0))
        // The legacy estimate (decayPrediction 0) does not read the curve: same decision either way.
        let legacy = Release(offset: 2555, velocity: 1.25)
        #expect(CSSScrollSnap(flingCurve: 1).decide(legacy, in: oracle) == CSSScrollSnap().decide(legacy, in: oracle))
    }

    /// scrollEndSnap 1, proximity, from 1 450 at 2.4 pt/ms (range 300): the first estimate (25 × the
    /// first 16 ms, to 2 380.1; `CSSScrollSnapTests`) finds nothing; Aura coasts 522.91 to 1 972.91, item 2 (2 000) in range; the physics curve coasts
    /// 1 088.57 to 2 538.57, 538.6 from item 2 and 461.4 from item 3: it rests there, unsnapped.
    @Test("a native fling ends where the chosen curve ends")
    func nativeFlingEnd() {
        let release = Release(offset: 1450, velocity: 2.4)
        let aura = CSSScrollSnap(strictness: .proximity, frameInterval: 16, scrollEndSnap: 1).decide(release, in: sparse)
        #expect(aura.rule == "scroll-end-position" && aura.targetOffset == 2000)
        let physics = CSSScrollSnap(strictness: .proximity, frameInterval: 16, scrollEndSnap: 1, flingCurve: 1).decide(release, in: sparse)
        #expect(physics.rule == "no-snap-in-range" && abs(physics.targetOffset - 2538.574) < 1e-3)
    }
}

/// `flingCurve` 2: the decay path and a native fling's end follow `MobileScrollerFlingCurve`.
@Suite("CSS scroll snap, Android Chrome's fling curve")
struct CSSScrollSnapMobileCurveTests {
    let oracle = CSSScrollSnapDecayPredictionTests().oracle
    let sparse = CSSScrollSnapDecayPredictionTests().sparse

    /// Release at 2 555 at 2.4 pt/ms, first update 3.33 ms: the spline table is linear within each
    /// 1% of the duration, so the updates hold steady until the fifth, which predicts 1 794.49 from
    /// 2 555 + 126.57, intended 4 476.06: item 26 (4 420, 56 away; item 27, 4 590, 114).
    @Test("the mobile curve predicts from its fifth update")
    func predicts() {
        let release = Release(offset: 2555, velocity: 2.4)
        let mobile = CSSScrollSnap(strictness: .mandatory, decayPrediction: 1, decayFirstUpdate: 10.0 / 3, flingCurve: 2)
        #expect(mobile.decide(release, in: oracle).targetIndex == 26)
        let prediction = ChromiumFlingEstimate.decayPrediction(velocity: 2.4, firstUpdate: 10.0 / 3, frame: 1000.0 / 60,
                                                               curve: MobileScrollerFlingCurve.android)
        #expect(abs((prediction?.scrolled ?? 0) - 126.574) < 1e-3)
        #expect(abs((prediction?.displacement ?? 0) - 1794.487) < 1e-3)
    }

    /// scrollEndSnap 1, proximity, from 1 450 at 2.4 pt/ms (range 300): the first estimate finds
    /// nothing; the mobile curve coasts 888.49 to 2 338.49, 338.5 from item 2: it rests there.
    @Test("a native fling ends where the mobile curve ends")
    func nativeFlingEnd() {
        let release = Release(offset: 1450, velocity: 2.4)
        let mobile = CSSScrollSnap(strictness: .proximity, frameInterval: 16, scrollEndSnap: 1, flingCurve: 2).decide(release, in: sparse)
        #expect(mobile.rule == "no-snap-in-range" && abs(mobile.targetOffset - 2338.488) < 1e-3)
    }
}
