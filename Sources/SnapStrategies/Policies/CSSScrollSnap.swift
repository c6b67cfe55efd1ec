/// CSS scroll snap as Chromium implements it, `scroll-snap-type: x mandatory` or `x proximity`
/// (chromium/chromium: `cc/input/scroll_snap_data.cc` `SnapContainerData::FindSnapPosition`,
/// `FindClosestValidArea`, `FindClosestValidAreaInternal`; `cc/input/snap_selection_strategy.cc`
/// `EndPositionStrategy`, `DirectionStrategy`, `EndAndDirectionStrategy`;
/// `cc/input/snap_fling_controller.cc` `HandleGestureScrollUpdate`;
/// `content/common/input/fling_controller.cc` `ProgressFling`; `ui/events/gestures/fling_curve.cc`;
/// `third_party/blink/renderer/core/page/scrolling/snap_coordinator.cc` `kProximityRatio`;
/// `policies.md` Part 2 §5).
///
/// Every item is a snap area whose snap offset is the layout's (clamped to `[0, maxOffset]` in a
/// bounded layout; the layout's alignment plays `scroll-snap-align`). With `current` = release offset:
/// ```
/// if |v| < minFlingVelocity:                       // no fling: EndPositionStrategy(current)
///     closest snap to current (any direction)
/// else:                                            // fling: EndAndDirectionStrategy(current, D)
///     D = distanceScalar × curve(v, frameInterval)   // ChromiumFlingEstimate (legacy): 25× first delta,
///                                                   // the fling curve's first frameInterval ms
///     intended = current + D
///     valid: round(snap − current) has the sign of D   // moves > 0.5 pt that way
///     closest valid snap to intended
///     stopAlways: DirectionStrategy(current, D) over the stop-always areas
///                 (valid: trunc(snap − current) has the sign of D); keep whichever is closer to current
///     none found and mandatory: EndPositionStrategy(current)   // snap back
/// a candidate not strictly within proximityRatio × viewport of the strategy's base is skipped
/// (`FindClosestValidAreaInternal`: `distance > smallest_distance` returns, and only
/// `distance < smallest_distance` is taken, `smallest_distance` starting at the proximity range;
/// mandatory's range is unbounded); the base is the unclamped `current + D` after a fling
/// (`EndAndDirectionStrategy::base_position`), `current` otherwise;
/// proximity with no candidate: no fling → rests at current; after a fling → rests at intended
///     (scrollEndSnap 0, the default), or runs its whole fling curve unsearched (kNativeFling) and
///     snaps once at scroll end (scrollEndSnap 1, ``coast(from:velocity:in:)``)
/// decayPrediction 1 (kSnapFlingDecayPrediction, ``decideWithDecayPrediction(_:in:)``): D and current
///     come from the first inertial update whose ratio to the previous predicts (cur / (1 − r));
///     nothing found → the whole fling curve, then the closest snap in range at its end;
///     the curve: Aura (flingCurve 0), PhysicsBasedFlingCurve (flingCurve 1, Chrome's touchscreen
///     fling on Linux and Windows) or MobileScrollerFlingCurve (flingCurve 2, Android Chrome's)
/// ```
/// `current` is the release offset clamped to the scroll range (a Chromium scroll offset never
/// leaves it; overscroll is drawn separately), `intended` is not clamped.
/// Ties keep the first area in document order (the lower item). Constants: distance scalar 25
/// (desktop; 40 on Android), first inertial delta = the desktop fling curve's (``ChromiumFlingCurve/aura``)
/// first 4.5 ms (``desktopFrameInterval``, measured against headless Chromium 156 with prompt
/// lift-offs; one frame, ``ChromiumFlingEstimate/frameDelta``, when the lift-off is handled two frames late or more),
/// `min_fling_velocity` 30 DIP/s = 0.03 pt/ms (Aura gesture configuration), proximity range
/// 1/3 of the snapport (`kProximityRatio`), `scroll-snap-stop` normal (0) or always on every item (1).
///
/// Items wider than the viewport take Chromium's covering path (``covering(at:from:direction:range:in:)``):
/// a fling or release whose intended position leaves such an item covering the snapport rests
/// there, mid-item (rule `covering-intended`), and each wide item's nearer covering end competes
/// with the aligned snaps (`covering-displaced`).
///
/// Difference, by necessity: the fling estimate comes from the release velocity (see
/// ``ChromiumFlingEstimate``), not from the first inertial scroll update.
public struct CSSScrollSnap: DeclaredParameters, Hashable {
    /// `scroll-snap-type` strictness.
    public enum Strictness: String, Sendable, Hashable, CaseIterable {
        /// `mandatory`: always snaps; falls back to the closest snap in any direction.
        case mandatory
        /// `proximity`: snaps only to a snap within the proximity range; no fallback.
        case proximity
    }

    /// Strictness of this instance.
    public let strictness: Strictness
    /// `kDistanceEstimatorScalar`: 25 desktop, 40 Android.
    public var distanceScalar: Double
    /// Milliseconds of release velocity in the first inertial delta (``desktopFrameInterval``).
    public var frameInterval: Double

    /// The first inertial delta of desktop Chromium, in milliseconds of release velocity, measured
    /// with the browser as the oracle (`Scripts/research/chromium-oracle.py`: headless Chromium 156 on Linux,
    /// paced touch swipes, the value that makes the policies pick the browser's resting item most
    /// often; `Docs/policies.md`, "Chromium as the oracle"): the fling's first scroll update comes
    /// before a whole frame of motion has passed. Android Chrome: `kDistanceEstimatorScalar` 40
    /// (`distanceScalar`), its first delta not measured here (16 ms, a whole frame, was SnapLab's
    /// earlier assumption for both).
    public static let desktopFrameInterval = 4.5
    /// Slower releases do not fling, pt/ms (Aura `min_fling_velocity` 30 DIP/s).
    public var minFlingVelocity: Double
    /// Proximity range as a fraction of the viewport (`kProximityRatio` 1/3; proximity only).
    public var proximityRatio: Double
    /// 1: every item has `scroll-snap-stop: always` (a fling cannot pass an item); 0: `normal`.
    public var stopAlways: Double
    /// 1: a proximity fling whose estimate finds no snap in range runs its whole curve and snaps once
    /// where it ends (``coast(from:velocity:in:)``), as Chromium does without `kSnapFlingDecayPrediction`; 0 (the
    /// default): it rests at the estimate. Against the browser (`Docs/policies.md`, "Chromium as the
    /// oracle") 1 changes no decision on any saved run, deterministic or paced (the per-update search
    /// it replaced lost 6 to 7 of 432 swipes on the paced ones). Proximity only.
    public var scrollEndSnap: Double
    /// 1: the fling's end is predicted as Chromium does with `kSnapFlingDecayPrediction` (on by
    /// default in Chromium 156), from the ratio of two inertial updates
    /// (``decideWithDecayPrediction(_:in:)``, `CSSScrollSnap+DecayPrediction.swift`); 0 (the default):
    /// `distanceScalar` × the first inertial update, Chromium's path with the feature off.
    public var decayPrediction: Double
    /// With ``decayPrediction``: the milliseconds of the fling curve the first inertial update covers,
    /// later ones covering a 60-Hz frame (``desktopFirstUpdate``). It sets the ratio of the first two
    /// updates, which decides the prediction: over one frame the second update predicts, under one
    /// Chromium waits for two whole frames.
    public var decayFirstUpdate: Double
    /// The fling curve of the decay path (``decideWithDecayPrediction(_:in:)``) and of a native
    /// fling's end (``coast(from:velocity:in:)``): 0 (the default) ``ChromiumFlingCurve/aura``
    /// (`ui/events/gestures/fling_curve.cc`); 1 ``PhysicsBasedFlingCurve/desktop``
    /// (`ui/events/gestures/physics_based_fling_curve.cc`), the touchscreen fling of Chrome on Linux
    /// and Windows as it ships (`kExperimentalFlingAnimation`); 2 ``MobileScrollerFlingCurve/android``
    /// (`ui/events/mobile_scroller.cc`), Android Chrome's fling. The legacy estimate's first
    /// inertial delta keeps the Aura curve: the curves start at `v × t` (`Docs/policies.md`, "The
    /// browser's default path, repeatable").
    public var flingCurve: Double

    /// The curve ``flingCurve`` chooses, as the distance a whole fling at `velocity` pt/ms covers.
    func nativeFlingDistance(velocity: Double) -> Double {
        gestureCurve.coastDistance(velocity: velocity)
    }

    /// The fling curve ``flingCurve`` chooses: ``ChromiumFlingCurve/aura`` (0),
    /// ``PhysicsBasedFlingCurve/desktop`` (1), ``MobileScrollerFlingCurve/android`` (2).
    var gestureCurve: any ChromiumGestureCurve {
        switch flingCurve {
        case 1: PhysicsBasedFlingCurve.desktop
        case 2: MobileScrollerFlingCurve.android
        default: ChromiumFlingCurve.aura
        }
    }

    /// The first inertial update on the decay-prediction path, ms, measured with headless Chromium
    /// 156 as it ships (`Scripts/research/chromium-oracle.py --decay-prediction on --resampling on
    /// --lift paced`, a run of the previous round; the value, at 0.5-ms steps, that makes the
    /// policies pick the browser's item most often; `Docs/policies.md`, "The browser's default
    /// path"). A little over one frame, so that the second update already predicts. It fits runs
    /// with a late lift-off too, where Chromium clamps the first update to exactly one frame: it
    /// stands for the ratio of the browser's first two updates (its second covering less than a
    /// whole frame of the desktop curve), which frame timing spreads from swipe to swipe. On frames
    /// the harness issues (`--clock frames`), where the first update is known, the browser's ratios
    /// are those of `PhysicsBasedFlingCurve`, not of ``ChromiumFlingCurve/aura``: 18 ms made the
    /// Aura curve's ratio look like that curve's (`Docs/policies.md`, "The browser's default path,
    /// repeatable").
    public static let desktopFirstUpdate = 18.0

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        CSSScrollSnap(distanceScalar: .nan, frameInterval: .nan, minFlingVelocity: .nan, proximityRatio: .nan,
                      stopAlways: .nan, scrollEndSnap: .nan, decayPrediction: .nan, decayFirstUpdate: .nan,
                      flingCurve: .nan))

    public init(strictness: Strictness = .mandatory,
                distanceScalar: Double = CSSScrollSnap.defaults.distanceScalar,
                frameInterval: Double = CSSScrollSnap.defaults.frameInterval,
                minFlingVelocity: Double = CSSScrollSnap.defaults.minFlingVelocity,
                proximityRatio: Double = CSSScrollSnap.defaults.proximityRatio,
                stopAlways: Double = CSSScrollSnap.defaults.stopAlways,
                scrollEndSnap: Double = CSSScrollSnap.defaults.scrollEndSnap,
                decayPrediction: Double = CSSScrollSnap.defaults.decayPrediction,
                decayFirstUpdate: Double = CSSScrollSnap.defaults.decayFirstUpdate,
                flingCurve: Double = CSSScrollSnap.defaults.flingCurve) {
        self.strictness = strictness
        self.distanceScalar = distanceScalar
        self.frameInterval = frameInterval
        self.minFlingVelocity = minFlingVelocity
        self.proximityRatio = proximityRatio
        self.stopAlways = stopAlways
        self.scrollEndSnap = scrollEndSnap
        self.decayPrediction = decayPrediction
        self.decayFirstUpdate = decayFirstUpdate
        self.flingCurve = flingCurve
    }

    public var id: String { strictness == .mandatory ? "css-snap-mandatory" : "css-snap-proximity" }

    public var summary: String {
        switch strictness {
        case .mandatory:
            return "Chromium CSS scroll-snap mandatory: closest snap to the fling-end estimate (25 x first inertial delta) in the fling direction, else snap back"
        case .proximity:
            return "Chromium CSS scroll-snap proximity: as mandatory but only snaps within 1/3 of the viewport, and never snaps back"
        }
    }

    public var source: String {
        "chromium cc/input/scroll_snap_data.cc FindClosestValidArea(Internal), cc/input/snap_selection_strategy.cc EndAndDirectionStrategy/EndPositionStrategy, cc/input/snap_fling_controller.cc HandleGestureScrollUpdate (kDistanceEstimatorScalar 25), snap_coordinator.cc kProximityRatio 1/3"
    }

    /// The parameters, declared once (``DeclaredParameters``): those of `proximity`; `mandatory`
    /// has all but `proximityRatio` (``mandatoryParameters``).
    public static let parameters = ParameterTable<CSSScrollSnap>([
        ParameterField(\.distanceScalar, "distanceScalar", unit: "x first delta", default: 25, range: 0...200,
                       role: .platformConstant, summary: "fling distance per first inertial delta (25 desktop, 40 Android)"),
        ParameterField(\.frameInterval, "frameInterval", unit: "ms", default: Self.desktopFrameInterval, range: 1...100,
                       role: .platformConstant,
                       summary: "release velocity times this is the first inertial delta (4.5 ms measured in desktop Chromium 156)"),
        ParameterField(\.minFlingVelocity, "minFlingVelocity", unit: "pt/ms", default: 0.03, range: 0...5,
                       comparedWith: ThresholdFeature(.speed, .atLeast), summary: "slower releases do not fling (Aura min_fling_velocity 30 DIP/s)"),
        ParameterField(\.proximityRatio, "proximityRatio", unit: "fraction of viewport", default: 1.0 / 3.0,
                       range: 0...10,
                       summary: "snaps farther than this from the intended end are ignored"),
        ParameterField(\.stopAlways, "stopAlways", unit: "flag", default: 0, range: 0...1,
                       isInteger: true,
                       summary: "1: every item has scroll-snap-stop: always (a fling stops at the first item)"),
        ParameterField(\.scrollEndSnap, "scrollEndSnap", unit: "flag", default: 0, range: 0...1, isInteger: true,
                       role: .platformConstant,
                       summary: "1: a proximity fling with no snap in range runs the desktop fling curve to its end and snaps there (Chromium's kNativeFling, without the decay prediction); 0: rests at the estimate"),
        ParameterField(\.decayPrediction, "decayPrediction", unit: "flag", default: 0, range: 0...1, isInteger: true,
                       role: .platformConstant,
                       summary: "1: predict the fling's end from the ratio of two inertial updates (Chromium's kSnapFlingDecayPrediction, on by default in Chromium 156); 0: distanceScalar x the first update"),
        ParameterField(\.decayFirstUpdate, "decayFirstUpdate", unit: "ms", default: Self.desktopFirstUpdate, range: 1...100,
                       role: .platformConstant,
                       summary: "with decayPrediction 1: ms of the fling curve in the first inertial update, later ones a 60-Hz frame (18 ms measured in headless Chromium 156 as it ships)"),
        ParameterField(\.flingCurve, "flingCurve", unit: "option", default: 0, range: 0...2, isInteger: true,
                       role: .platformConstant,
                       summary: "fling curve of the decay path and of a native fling's end: 0 Aura (fling_curve.cc), 1 PhysicsBasedFlingCurve (Chrome's touchscreen fling on Linux and Windows), 2 MobileScroller (Android Chrome)"),
    ])

    /// ``parameters`` without `proximityRatio` and `scrollEndSnap`, which only `proximity` has.
    public static let mandatoryParameters = ParameterTable<CSSScrollSnap>(
        parameters.fields.filter { $0.keyPath != \CSSScrollSnap.proximityRatio && $0.keyPath != \CSSScrollSnap.scrollEndSnap })

    public var parameterTable: ParameterTable<CSSScrollSnap> {
        strictness == .proximity ? Self.parameters : Self.mandatoryParameters
    }

    /// The fling displacement estimated for `velocity`, or `nil` when the release does not fling.
    public func flingDisplacement(velocity: Double) -> Double? {
        guard abs(velocity) >= minFlingVelocity, velocity != 0 else { return nil }
        return ChromiumFlingEstimate(distanceScalar: distanceScalar, frameInterval: frameInterval)
            .coastDistance(velocity: velocity)
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        if decayPrediction != 0 { return decideWithDecayPrediction(release, in: layout) }
        return decide(release, in: layout, displacement: flingDisplacement(velocity: release.velocity))
    }

    /// ``decide(_:in:)`` with the fling displacement given (``flingDisplacement(velocity:)``), the
    /// closest-snap search kept in `shared` when given.
    @inline(__always)
    func decide(_ release: Release, in layout: CarouselLayout, displacement: Double?,
                sharing shared: UnsafeMutablePointer<ReleaseKinematics>? = nil) -> SnapDecision {
        let decision = decide(current: release.offset, displacement: displacement, in: layout, sharing: shared)
        // A proximity fling whose estimate finds no snap in range goes on (``coast(from:velocity:in:)``).
        guard strictness == .proximity, scrollEndSnap != 0, let fling = displacement, fling == fling, fling != 0,
              decision.hasRule(Self.noSnapRule) else {
            return decision
        }
        return coast(from: layout.clampedOffset(release.offset), velocity: release.velocity, in: layout)
    }

    /// The decision from the scroll position at release and a fling displacement (`nil`: no fling,
    /// `EndPositionStrategy`), e.g. one from ``ChromiumFlingEstimate/decayPredictedDisplacement(previousDelta:currentDelta:framesWaited:)``.
    public func decide(current rawCurrent: Double, displacement rawDisplacement: Double?,
                       in layout: CarouselLayout) -> SnapDecision {
        decide(current: rawCurrent, displacement: rawDisplacement, in: layout, sharing: nil)
    }

    /// ``decide(current:displacement:in:)``, the closest-snap search kept in `shared` when given.
    @inline(__always)
    func decide(current rawCurrent: Double, displacement rawDisplacement: Double?, in layout: CarouselLayout,
                sharing shared: UnsafeMutablePointer<ReleaseKinematics>?) -> SnapDecision {
        let current = layout.clampedOffset(rawCurrent)
        let range = strictness == .proximity ? proximityRatio * layout.viewportWidth : Double.infinity
        let displacement = rawDisplacement.flatMap { $0 == $0 && $0 != 0 ? $0 : nil }
        guard let displacement else {
            let slot = closestSlot(to: current, from: current, direction: 0, truncating: false, range: range, in: layout,
                                   sharing: shared)
            if let d = resolveCovering(aligned: slot, alignedRule: "end-position", base: current, current: current,
                                       direction: 0, range: range, in: layout) {
                return d
            }
            return noSnap(at: current, in: layout)
        }
        // Unclamped: EndAndDirectionStrategy's intended and base position is current + displacement.
        if let found = flingTarget(current: current, displacement: displacement, range: range, in: layout,
                                   sharing: shared) {
            return found
        }
        if strictness == .mandatory {
            let slot = closestSlot(to: current, from: current, direction: 0, truncating: false, range: range, in: layout,
                                   sharing: shared)
            if let d = resolveCovering(aligned: slot, alignedRule: "fling-fallback-end-position", base: current,
                                       current: current, direction: 0, range: range, in: layout) {
                return d
            }
        }
        return noSnap(at: current + displacement, in: layout)
    }

    /// `EndAndDirectionStrategy(current, displacement)`: the snap closest to `current + displacement`
    /// (unclamped) in the fling's direction within `range`, or the nearer stop-always item
    /// (``stopAlways``); `nil` when there is none. The closest-snap search is kept in `shared` when given.
    @inline(__always)
    func flingTarget(current: Double, displacement: Double, range: Double, in layout: CarouselLayout,
                     sharing shared: UnsafeMutablePointer<ReleaseKinematics>? = nil) -> SnapDecision? {
        let intended = current + displacement
        let direction = displacement > 0 ? 1 : -1
        let aligned = closestSlot(to: intended, from: current, direction: direction, truncating: false,
                                  range: range, in: layout, sharing: shared)
        let found = resolveCovering(aligned: aligned, alignedRule: "fling-closest-in-direction", base: intended,
                                    current: current, direction: direction, range: range, in: layout)
        if let d = found, stopAlways != 0,
           let stop = closestSlot(to: current, from: current, direction: direction, truncating: true,
                                  range: range, in: layout),
           abs(layout.snapOffset(ofSlot: stop) - current) < abs(d.targetOffset - current) {
            return layout.decision(slot: stop, rule: "fling-snap-stop")
        }
        return found
    }

    /// The rule of a decision that rests where no snap area is in range.
    static let noSnapRule: StaticString = "no-snap-in-range"

    func noSnap(at offset: Double, in layout: CarouselLayout) -> SnapDecision {
        let rest = layout.clampedOffset(offset)
        let slot = layout.nearestSlot(toOffset: rest)
        return SnapDecision(targetSlot: slot, targetIndex: layout.itemIndex(ofSlot: slot), targetOffset: rest,
                            rule: Self.noSnapRule)
    }

    /// Whether a snap at `snap` is valid for a strategy moving `direction` from `current`:
    /// rounded (EndAndDirection) or truncated (Direction) `snap − current` has that sign; any for 0.
    /// (A truncated `d` is positive exactly when `d ≥ 1`, a rounded one when `d ≥ ½`; NaN neither:
    /// compared directly, without rounding.)
    static func isValid(_ snap: Double, from current: Double, direction: Int, truncating: Bool) -> Bool {
        guard direction != 0 else { return true }
        let d = snap - current
        let step = truncating ? 1.0 : 0.5
        return direction > 0 ? d >= step : d <= -step
    }

    /// The slot whose snap offset is valid and closest to `base` (within `range`), first in order on
    /// ties. In a bounded layout the search is kept in (or read from) `shared` when given
    /// (``ReleaseKinematics/closestSnap(to:from:direction:truncating:in:search:)``), the range applied after.
    func closestSlot(to base: Double, from current: Double, direction: Int, truncating: Bool,
                     range: Double, in layout: CarouselLayout,
                     sharing shared: UnsafeMutablePointer<ReleaseKinematics>? = nil) -> Int? {
        guard layout.isLooping else {
            let found = if let shared {
                shared.pointee.closestSnap(to: base, from: current, direction: direction, truncating: truncating,
                                           in: layout) {
                    closestItem(to: base, from: current, direction: direction, truncating: truncating, in: layout)
                }
            } else {
                closestItem(to: base, from: current, direction: direction, truncating: truncating, in: layout)
            }
            guard let found, found.distance < range else { return nil }
            return found.index
        }
        var best: (slot: Int, distance: Double)?
        // Snap offsets increase strictly with the slot: the closest valid slot is the valid slot
        // nearest `base`, or the first valid slot in the direction; look around both, in order.
        let k = SnapMath.roundedIndex(layout.position(atOffset: base))
        let edge = direction >= 0 ? SnapMath.ceiledIndex(layout.position(atOffset: current))
                                  : SnapMath.flooredIndex(layout.position(atOffset: current))
        // The candidates k−1…k+1 and edge−2…edge+2 in increasing order (a slot in both is looked
        // at once: a second look could not replace it), without building an array.
        func consider(_ slots: ClosedRange<Int>) {
            for slot in slots {
                let snap = layout.snapOffset(ofSlot: slot)
                guard Self.isValid(snap, from: current, direction: direction, truncating: truncating) else { continue }
                let d = abs(snap - base)
                guard d < range else { continue }
                if let b = best, !(d < b.distance) { continue }
                best = (slot, d)
            }
        }
        let near = (k &- 1)...(k &+ 1), around = (edge &- 2)...(edge &+ 2)
        if near.upperBound &+ 1 < around.lowerBound {
            consider(near)
            consider(around)
        } else if around.upperBound &+ 1 < near.lowerBound {
            consider(around)
            consider(near)
        } else {
            consider(Swift.min(near.lowerBound, around.lowerBound)...Swift.max(near.upperBound, around.upperBound))
        }
        return best?.slot
    }

    /// ``closestSlot(to:from:direction:truncating:range:in:sharing:)`` in a bounded layout: what a scan of
    /// every item in document order (as Chromium walks the snap areas) keeping the first of least
    /// distance finds, in O(log n) steps, usually a handful.
    ///
    /// Snap offsets never decrease with the item index (several items may share a clamped offset
    /// at either end), so the valid items form one run (all of them, a suffix when moving forward,
    /// a prefix when moving back), and along it the distance to `base` never rises up to `j`, the
    /// first item whose snap is at or past `base`, and never falls from `j` on. The scan's answer
    /// is therefore the first item at the least distance left of `j` unless `j` is strictly closer.
    /// Returns that item with its distance (`nil`: no valid item); the caller applies the range.
    func closestItem(to base: Double, from current: Double, direction: Int, truncating: Bool,
                             in layout: CarouselLayout) -> (index: Int, distance: Double)? {
        let n = layout.itemCount
        @inline(__always) func snap(_ i: Int) -> Double { layout.snapOffset(ofSlot: i) }
        @inline(__always) func valid(_ i: Int) -> Bool { Self.isValid(snap(i), from: current, direction: direction, truncating: truncating) }
        // Where an item's snap reaches `offset` if unclamped: a first probe, right in most cases.
        @inline(__always) func guess(_ offset: Double) -> Int { SnapMath.ceiledIndex((offset - layout.alignmentOrigin) / layout.stride) }
        var lo = 0, hi = n - 1
        if direction > 0 {
            lo = Self.firstIndex(in: 0, n - 1, guess: guess(current + 0.5)) { valid($0) }
        } else if direction < 0 {
            hi = Self.firstIndex(in: 0, n - 1, guess: guess(current - 0.5)) { !valid($0) } - 1
        }
        guard lo <= hi else { return nil }
        let j = Self.firstIndex(in: lo, hi, guess: guess(base)) { snap($0) - base >= 0 }
        var best = j
        var bestDistance = j <= hi ? abs(snap(j) - base) : Double.infinity
        if j > lo {
            let left = abs(snap(j - 1) - base)
            if left <= bestDistance {
                best = Self.firstIndex(in: lo, j - 1, guess: j - 1) { abs(snap($0) - base) <= left }
                bestDistance = left
            }
        }
        return (best, bestDistance)
    }

    /// The first index in `lo...hi` at which `predicate` (false, then true, along the indices)
    /// holds, or `hi + 1`: a binary search whose first two probes go to `guess` and its neighbour.
    /// The guess (clamped to `lo...hi + 1`) is checked first, straight through: it is the answer
    /// exactly when the predicate holds there (or it is `hi + 1`) and not just before it (or it is
    /// `lo`), since a predicate that turns true once has one such index. Otherwise the search.
    @inline(__always)
    static func firstIndex(in lo: Int, _ hi: Int, guess: Int, where predicate: (Int) -> Bool) -> Int {
        let g = SnapMath.clamp(guess, lo, hi + 1)
        if (g > hi || predicate(g)) && (g == lo || !predicate(g - 1)) { return g }
        var lo = lo, hi = hi + 1  // the answer is in lo...hi
        var probe = guess
        var probes = 0
        while lo < hi {
            let mid = probes < 2 ? SnapMath.clamp(probe, lo, hi - 1) : lo + (hi - lo) / 2
            if predicate(mid) {
                hi = mid
                probe = mid - 1
            } else {
                lo = mid + 1
                probe = mid + 1
            }
            probes += 1
        }
        return lo
    }
}
