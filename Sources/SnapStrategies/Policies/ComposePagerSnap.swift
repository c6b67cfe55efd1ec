/// Jetpack Compose `HorizontalPager` with `PagerDefaults.flingBehavior` (Compose ≥ 1.7).
///
/// Sources (`androidx/androidx`, `compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/foundation/`):
/// `pager/Pager.kt` (`PagerDefaults.flingBehavior`), `gestures/snapping/PagerSnapLayoutInfoProvider.kt`
/// (`calculateApproachOffset`, `searchForSnappingBounds`, `calculateFinalSnappingBound`),
/// `pager/PagerSnapDistance.kt` (`atMost`), `gestures/snapping/SnapFlingBehavior.kt` (`fling`,
/// `tryApproach`, `isDecayApproachPossible`, `MinFlingVelocityDp`),
/// `gestures/snapping/LazyListSnapLayoutInfoProvider.kt` (`calculateFinalSnappingItem`),
/// `pager/PagerState.kt` (`positionThresholdFraction`, `DefaultPositionThreshold`);
/// `policies.md` Part 2 §2.1.
///
/// With `p` the page position (measured from ``snapOrigin``, below), stride `s`, page size `w` (item width), `v` the velocity, `D` the spline
/// decay (``AndroidSplineDeceleration``) and the finger drag `Δ` (pointer up − down, below):
/// ```
/// v = clamp(v, ±8·density pt/ms)        // Compose Draggable.kt: ViewConfiguration.maximumFlingVelocity, 8000 dp/s
/// decay = sign(v)·D(|v|)
/// start = v < 0 ? ⌊p⌋ + 1 : ⌊p⌋                          // firstVisiblePage (+1 backward)
/// target = clamp(start + trunc(decay/s), 0, count)
/// target = clamp(target, start − n, start + n)            // atMost(n)
/// approach = max(|target − start|·s − s, 0)·sign(v)       // stop one page short
/// if approach ≠ 0 and v ≠ 0:                              // decay (or spring) to the approach
///     v' = |decay| ≥ |approach| ? spline velocity after |approach| : 0;   p' = p + approach/s
/// else v' = v, p' = p
/// lower = ⌊p'⌋, upper = ⌈p'⌉
/// if |v'| ≥ minFlingVelocity·density: target = v' > 0 ? upper : lower
/// else:  f = Δ/w,  frac = f − trunc(f),  forward = !(Δ > 0)
///     if |frac| > positionalThreshold:            target = forward ? upper : lower
///     elif |f| ≥ min(56 dp·density, w/2)/w:        target = forward ? lower : upper
///     else:                                        target = nearer of lower/upper (tie: upper)
/// ```
/// Constants: `atMost(1)`, `MinFlingVelocityDp` 400 dp/s (0.4 pt/ms), `snapPositionalThreshold`
/// 0.5, `DefaultPositionThreshold` 56 dp, the spline (friction 0.015, …), density 1.
///
/// Travel: **finger travel** (`dragDirectionDetector` sets `upDownDifference` = pointer up −
/// pointer down, which includes the touch slop): ``Release/fingerTravel`` when known, else the
/// content travel plus the touch slop (`touchSlop`, 8 dp = `ViewConfiguration.touchSlop`; the
/// content follows only the over-slop delta), negated to pointer coordinates
/// (``Release/fingerTravel(touchSlop:)``).
///
/// Whole pixels: none to model. Compose compares `Float` pixels (`MinFlingVelocityDp.toPx()`,
/// `DefaultPositionThreshold.toPx()`, `Float` velocities and drag deltas), so unlike the
/// View-system policies (``AndroidPixels``) nothing is truncated before a gate.
///
/// Snap origin (``SnapOrigin/start``, declared in ``snapOrigin``): `HorizontalPager`'s
/// `snapPosition` parameter defaults to `SnapPosition.Start` (`pager/Pager.kt`), whose
/// `position(…)` is 0: a resting page's leading edge sits at the leading content padding, whatever
/// the layout's alignment (slot 0 rests at offset 0). `snapOrigin: .paddedCenter` is
/// `SnapPosition.Center`, `.end` `SnapPosition.End`, `.layout` the layout's alignment.
///
/// Deviations: the approach is continuous (Compose stops at the first animation frame past it);
/// the bounds are ⌊p'⌋/⌈p'⌉ rather than the visible pages' offsets (they differ only when the snap
/// position lies in the spacing between pages); at the ends, where Compose keeps the current
/// offset when it cannot scroll further, ours clamps to the first or last page. In a looping
/// layout nothing is clamped.
public struct ComposePagerSnap: DeclaredParameters, AndroidSplineDecayPolicy, Hashable {
    public var id: String { "compose-pager" }
    public var summary: String {
        "at ≥400 dp/s after the decay approach: next/previous page (atMost(1)); slower: 0.5 of a page of finger drag beyond whole pages, 56 dp dead zone"
    }
    public var source: String {
        "androidx compose foundation PagerSnapLayoutInfoProvider.kt calculateFinalSnappingBound, SnapFlingBehavior.kt (400 dp/s, atMost(1), threshold 0.5, 56 dp)"
    }

    /// `PagerSnapDistance.atMost(n)`: most pages moved by the approach (1).
    public var maxPages: Double
    /// `snapPositionalThreshold`: fraction of a page of drag beyond whole pages that moves on (0.5).
    public var positionalThreshold: Double
    /// `DefaultPositionThreshold`: drags shorter than this snap to the nearest page, dp (56).
    public var positionThresholdDistance: Double
    /// `MinFlingVelocityDp`: velocity that picks the next/previous page, dp per ms (400 dp/s).
    public var minFlingVelocity: Double
    /// The decay (its density scales the dp thresholds).
    public var spline: AndroidSplineDeceleration

    /// Touch slop, dp (8): added to a content-only travel to estimate the pointer's.
    public var touchSlop: Double

    /// Where a resting page sits (`HorizontalPager(snapPosition:)`, default `SnapPosition.Start`).
    public var snapOrigin: SnapOrigin

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        ComposePagerSnap(maxPages: .nan, positionalThreshold: .nan, positionThresholdDistance: .nan,
                         minFlingVelocity: .nan, touchSlop: .nan))

    public init(maxPages: Double = ComposePagerSnap.defaults.maxPages,
                positionalThreshold: Double = ComposePagerSnap.defaults.positionalThreshold,
                positionThresholdDistance: Double = ComposePagerSnap.defaults.positionThresholdDistance,
                minFlingVelocity: Double = ComposePagerSnap.defaults.minFlingVelocity,
                spline: AndroidSplineDeceleration = AndroidSplineDeceleration(),
                touchSlop: Double = ComposePagerSnap.defaults.touchSlop, snapOrigin: SnapOrigin = .start) {
        self.touchSlop = touchSlop
        self.snapOrigin = snapOrigin
        self.maxPages = maxPages
        self.positionalThreshold = positionalThreshold
        self.positionThresholdDistance = positionThresholdDistance
        self.minFlingVelocity = minFlingVelocity
        self.spline = spline
    }

    /// The parameters, declared once (``DeclaredParameters``); the spline's are its own.
    public static let parameters = ParameterTable<ComposePagerSnap>([
        ParameterField(\.maxPages, "maxPages", unit: "pages", default: 1, range: 1...1000, isInteger: true,
                       summary: "PagerSnapDistance.atMost(n)"),
        ParameterField(\.positionalThreshold, "positionalThreshold", unit: "fraction of page", default: 0.5, range: 0...1,
                       comparedWith: Self.dragOverflow, summary: "snapPositionalThreshold on the drag beyond whole pages"),
        ParameterField(\.positionThresholdDistance, "positionThresholdDistance", unit: "dp", default: 56, range: 0...1000,
                       summary: "DefaultPositionThreshold: shorter drags snap to the nearest page"),
        ParameterField(\.minFlingVelocity, "minFlingVelocity", unit: "dp/ms", default: 0.4, range: 0...10,
                       summary: "MinFlingVelocityDp on the velocity left after the approach"),
    ] + AndroidSplineDeceleration.parameters.fields(in: \.spline) + [
        ParameterField(\.touchSlop, "touchSlop", unit: "dp", default: 8, range: 0...100,
                       role: .platformConstant, summary: "touch slop added to content travel when finger travel is unknown (8 dp)"),
    ])

    public var parameterTable: ParameterTable<ComposePagerSnap> { Self.parameters }

    /// `positionalThreshold`'s feature: the finger drag beyond whole pages, `|f − trunc(f)|` with
    /// `f = Δ / w` (``dragInPages(_:in:)``), compared `>` (`calculateFinalSnappingBound`); reached
    /// only when the release does not fling. Depends on `touchSlop` and `density` (the drag
    /// estimated from content travel adds the slop in points).
    public static let dragOverflow = ThresholdFeature(.measured("drag beyond whole pages", dependsOn: ["touchSlop", "density"]),
                                                      .exceeds)

    /// The finger drag `Δ` (pointer up − down, points; the slop `touchSlop · density` added to a
    /// content-only travel), `f = Δ / w` pages (0 for NaN) and its part beyond whole pages.
    private func dragInPages(_ release: Release, in layout: CarouselLayout) -> (drag: Double, pages: Double, overflow: Double) {
        let drag = -release.fingerTravel(touchSlop: touchSlop * spline.density)
        let f = drag == drag ? drag / layout.itemWidth : 0
        return (drag, f, f - f.rounded(.towardZero))
    }

    /// ``dragOverflow``'s value (NaN for any other name).
    public func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double {
        name == Self.dragOverflow.quantity.name ? abs(dragInPages(release, in: layout).overflow) : .nan
    }

    /// The decision for a release whose spline decay (signed, points; the distance of the clamped
    /// velocity, 0 for NaN) is `decay`, in the app's layout snapped to ``snapOrigin``
    /// (``AndroidSplineDecayPolicy``: one release, a batch sharing the decay, or a batch of one
    /// layout snapped once).
    ///
    /// The decay moves the target only through `start + trunc(decay/s)` and the clamps after it,
    /// a chain non-decreasing in that index (which `trunc` keeps within ±2⁵², ``SnapMath``), and
    /// is read again only when the target lies two pages or more from `start`. Where the chain at
    /// both extreme indices (`start ∓ 2⁵²`) stays within a page of `start` (every release of a
    /// bounded layout in its content at `atMost(1)`), no approach is possible and the decay is
    /// not computed.
    public func decide(_ release: Release, inSnapped layout: CarouselLayout, decay: AndroidSplineDecay) -> SnapDecision {
        let stride = layout.stride
        let density = spline.density
        // NaN stays NaN (no fling, the drag rules decide); a finite or infinite speed is clamped to
        // the platform's maximum fling velocity (``AndroidSplineDeceleration/platformMaximumFlingVelocity``).
        let v = release.velocity.isNaN ? release.velocity : spline.clampedFlingVelocity(release.velocity)
        let p = layout.position(atOffset: release.offset)
        let n = SnapMath.truncatedIndex(maxPages)

        // Approach: decay toward a page, stopping one page short (`decay` is the distance of `v`:
        // NaN coasts nowhere, like 0).
        let firstVisible = SnapMath.flooredIndex(p)
        let start = v < 0 ? firstVisible + 1 : firstVisible
        // Inlined: out of line it was a call with the layout and the bounds on every release (issue 36, spring41).
        @inline(__always) func clampedTarget(_ raw: Int) -> Int {
            var target = raw
            if !layout.isLooping { target = SnapMath.clamp(target, 0, layout.itemCount) }
            target = SnapMath.clamp(target, start - n, start + n)
            if !layout.isLooping { target = SnapMath.clamp(target, 0, layout.itemCount) }
            return target
        }
        let reach = Int(SnapMath.indexLimit)
        var approachPages = 0
        var settleVelocity = v
        var position = p
        if clampedTarget(start - reach) < start - 1 || clampedTarget(start + reach) > start + 1 {
            let decay = decay.value()
            approachPages = Swift.max(abs(clampedTarget(start + SnapMath.truncatedIndex(decay / stride)) - start) - 1, 0)
            if approachPages > 0 && v != 0 && v == v {
                let approach = Double(approachPages) * stride
                settleVelocity = abs(decay) >= approach ? spline.velocity(afterTravelling: approach, from: v) : 0
                let end = release.offset + (v > 0 ? approach : -approach)
                position = layout.position(atOffset: layout.clampedOffset(end))
            }
        }
        let lower = SnapMath.flooredIndex(position)
        let upper = SnapMath.ceiledIndex(position)
        let approached = approachPages > 0

        // Settle.
        if abs(settleVelocity) >= minFlingVelocity * density {
            return settleVelocity > 0 ? layout.decision(slot: upper, rule: approached ? "fling-next-after-approach" : "fling-next")
                                      : layout.decision(slot: lower, rule: approached ? "fling-previous-after-approach" : "fling-previous")
        }
        let (drag, f, overflow) = dragInPages(release, in: layout)
        let pageSize = layout.itemWidth
        let forward = !(drag > 0)
        let fraction = Swift.min(positionThresholdDistance * density, pageSize / 2) / pageSize
        if abs(overflow) > positionalThreshold {
            return layout.decision(slot: forward ? upper : lower, rule: approached ? "drag-past-threshold-after-approach" : "drag-past-threshold")
        }
        if abs(f) >= fraction {
            return layout.decision(slot: forward ? lower : upper, rule: approached ? "drag-below-threshold-after-approach" : "drag-below-threshold")
        }
        let nearer = position - Double(lower) < Double(upper) - position ? lower : upper
        return layout.decision(slot: nearer, rule: approached ? "dead-zone-nearest-after-approach" : "dead-zone-nearest")
    }
}

extension ComposePagerSnap: NativeFlingCap {
    /// `PagerSnapDistance.atMost(min(maxPages, n))` (``CappedSnapPolicy``).
    public func cappingFlings(atMost n: Int) -> ComposePagerSnap? {
        var copy = self
        copy.maxPages = Swift.min(maxPages, Double(n))
        return copy
    }
}
