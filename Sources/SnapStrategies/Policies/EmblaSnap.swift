/// Embla Carousel's release rule (davidjerleke/embla-carousel v8.6.0, same in 9.0-rc:
/// `packages/embla-carousel/src/components/DragHandler.ts` `up`, `allowedForce`, `forceBoost`;
/// `DragTracker.ts` `pointerUp`; `ScrollTarget.ts` `byDistance`, `byIndex`; `Options.ts`;
/// `policies.md` Part 2 §7.2).
///
/// With `force = v × 400 ms` (``EmblaProjection``, touch; 0 unless `|v| > 0.1` pt/ms), the
/// threshold `T = clamp(0.2 × viewport, 50, 225)` pt and `selected` = the item selected before the drag:
/// ```
/// |force| < T:                                      closest snap to (offset + force)
/// skipSnaps and closest snap to offset ≠ selected:  base = closest snap to (offset + force) − offset;
///                                                   closest snap to (offset + 0.5 · base)
/// else:                                             selected + sign(force)      // exactly one neighbour
/// ```
/// Constants: boost 400 ms (touch; mouse 300), minimum speed 0.1 px/ms, threshold fraction 0.2 of the
/// container, clamp 50…225 px, `skipSnaps` false, skip factor 0.5. 1 px = 1 pt. Embla's sign convention
/// (positive force = backward) is flipped to ours (positive velocity = toward later items). Release
/// within 170 ms of the last move is assumed (the release velocity carries that window). "Closest
/// snap" ties go to the lower item index (Embla's stable sort in `findTargetSnap`); positions are
/// rounded relative to the whole slot at the release, so a loop shifted by whole cycles decides the
/// same item.
///
/// Bounded carousels measure against Embla's snap list (``decideBounded(_:force:in:)``,
/// ``SnapList``): with `containScroll: 'trimSnaps'` (the default, ``containScroll`` = 1) the snaps
/// are clamped to the scroll bounds and the repeats at either end merged (`ScrollContain.ts`
/// `measureContained`) before `ScrollTarget.ts` `findTargetSnap` measures distances from the
/// constrained target, so near either end of a row of items narrower than the viewport the end
/// snap wins where an unclamped item position would not; "closest", "selected", "next" and
/// skipSnaps' "target changed" (`DragHandler.up`: the snap nearest the current position ≠ the
/// selected snap) are all snap-list entries, an end snap standing for the items merged into it.
/// ``containScroll`` 2 is `'keepSnaps'` (clamped, repeats kept), 0 is `false` (unclamped snaps,
/// limit from the first to the last, `ScrollLimit.ts`). Looping carousels are never contained.
public struct EmblaSnap: DeclaredParameters, Hashable {
    public var id: String { "embla" }
    public var summary: String {
        "Embla: projects 400 ms x v; below clamp(20% of the viewport, 50, 225) pt the closest snap to the projection, else exactly one neighbour of the selected item"
    }
    public var source: String {
        "davidjerleke/embla-carousel v8.6.0 packages/embla-carousel/src/components/DragHandler.ts up/allowedForce (forceBoost touch 400, goToNextThreshold clamp(0.2 x container, 50, 225)), DragTracker.ts pointerUp"
    }

    /// Milliseconds of projection per pt/ms of release speed (touch 400, mouse 300).
    public var forceBoost: Double
    /// Slower releases project nothing, pt/ms.
    public var minimumSpeed: Double
    /// Threshold as a fraction of the viewport.
    public var thresholdFraction: Double
    /// Lower clamp of the threshold, pt.
    public var thresholdMinimum: Double
    /// Upper clamp of the threshold, pt.
    public var thresholdMaximum: Double
    /// 1: `skipSnaps` (vigorous flicks may pass several items); 0: off.
    public var skipSnaps: Double
    /// Fraction of the projected move kept with `skipSnaps`.
    public var skipFactor: Double

    /// `containScroll`: 1 `'trimSnaps'` (default), 2 `'keepSnaps'`, 0 `false` (``ContainScroll``).
    public var containScroll: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(
        EmblaSnap(forceBoost: .nan, minimumSpeed: .nan, thresholdFraction: .nan, thresholdMinimum: .nan,
                  thresholdMaximum: .nan, skipSnaps: .nan, skipFactor: .nan))

    /// `containScroll` is an option, not a number: its default `.trimSnaps` is the table's 1
    /// (`ParameterTableTests` checks that a default-constructed policy reports every declared default).
    public init(forceBoost: Double = EmblaSnap.defaults.forceBoost,
                minimumSpeed: Double = EmblaSnap.defaults.minimumSpeed,
                thresholdFraction: Double = EmblaSnap.defaults.thresholdFraction,
                thresholdMinimum: Double = EmblaSnap.defaults.thresholdMinimum,
                thresholdMaximum: Double = EmblaSnap.defaults.thresholdMaximum,
                skipSnaps: Double = EmblaSnap.defaults.skipSnaps,
                skipFactor: Double = EmblaSnap.defaults.skipFactor,
                containScroll: ContainScroll = .trimSnaps) {
        self.containScroll = Double(containScroll.rawValue)
        self.forceBoost = forceBoost
        self.minimumSpeed = minimumSpeed
        self.thresholdFraction = thresholdFraction
        self.thresholdMinimum = thresholdMinimum
        self.thresholdMaximum = thresholdMaximum
        self.skipSnaps = skipSnaps
        self.skipFactor = skipFactor
    }

    /// The parameters, declared once (``DeclaredParameters``).
    public static let parameters = ParameterTable<EmblaSnap>([
        ParameterField(\.forceBoost, "forceBoost", unit: "ms", default: 400, range: 0...2000,
                       summary: "projection = v x this (touch 400, mouse 300)"),
        ParameterField(\.minimumSpeed, "minimumSpeed", unit: "pt/ms", default: 0.1, range: 0...5,
                       comparedWith: ThresholdFeature(.speed, .exceeds),
                       summary: "slower releases project nothing"),
        ParameterField(\.thresholdFraction, "thresholdFraction", unit: "fraction of viewport", default: 0.2, range: 0...2,
                       summary: "a projection this large goes to the neighbour"),
        ParameterField(\.thresholdMinimum, "thresholdMinimum", unit: "pt", default: 50, range: 0...2000,
                       summary: "lower clamp of the neighbour threshold"),
        ParameterField(\.thresholdMaximum, "thresholdMaximum", unit: "pt", default: 225, range: 0...5000,
                       summary: "upper clamp of the neighbour threshold"),
        ParameterField(\.skipSnaps, "skipSnaps", unit: "flag", default: 0, range: 0...1, isInteger: true,
                       summary: "1: skipSnaps, vigorous flicks may pass several items"),
        ParameterField(\.skipFactor, "skipFactor", unit: "fraction", default: 0.5, range: 0...1,
                       summary: "with skipSnaps, the fraction of the projected move kept"),
        ParameterField(\.containScroll, "containScroll", unit: "option", default: 1, range: 0...2, isInteger: true,
                       summary: "bounded snap list: 1 trimSnaps (default), 2 keepSnaps, 0 false"),
    ], orders: [(\.thresholdMinimum, \.thresholdMaximum)])

    public var parameterTable: ParameterTable<EmblaSnap> { Self.parameters }

    /// `clamp(thresholdFraction × viewport, thresholdMinimum, thresholdMaximum)`, pt
    /// (the upper clamp wins if the bounds cross).
    public func goToNextThreshold(in layout: CarouselLayout) -> Double {
        Swift.min(Swift.max(thresholdFraction * layout.viewportWidth, thresholdMinimum), thresholdMaximum)
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let offset = layout.clampedOffset(release.offset)
        let force = EmblaProjection(boost: forceBoost, minimumSpeed: minimumSpeed).coastDistance(velocity: release.velocity)
        if !layout.isLooping { return decideBounded(release, force: force, in: layout) }
        // Positions relative to the whole slot `base` at or before the release, so that a shift by
        // whole loop cycles changes `base` only and every rounding sees the same fraction.
        let here = layout.position(atOffset: offset)
        let base = here.isFinite ? SnapMath.flooredIndex(here) : 0
        let fraction = here.isFinite ? here - Double(base) : here
        let projected = SnapMath.snappedToWhole(fraction + force / layout.stride)
        let closest = Self.nearestSlot(base: base, relativePosition: projected, in: layout)
        if !(abs(force) >= goToNextThreshold(in: layout)) {
            return layout.decision(slot: closest, rule: force == 0 ? "closest-snap" : "closest-to-projection")
        }
        let selected = release.startSlot(in: layout)
        if skipSnaps != 0 && Self.nearestSlot(base: base, relativePosition: fraction, in: layout) != selected {
            // base(f) = distance to the snap closest to (offset + force), kept at skipFactor.
            let closestPosition = layout.position(atOffset: layout.snapOffset(ofSlot: closest)) - Double(base)
            let resnap = SnapMath.snappedToWhole(fraction + skipFactor * (closestPosition - fraction))
            return layout.decision(slot: Self.nearestSlot(base: base, relativePosition: resnap, in: layout),
                                   rule: "skip-snaps")
        }
        return layout.decision(slot: selected &+ (force > 0 ? 1 : -1), rule: force > 0 ? "next" : "previous")
    }

    /// The batch path: as ``decide(_:in:)`` for each release, with the bounded snap list
    /// (``SnapList``) built once per run of releases in the same layout instead of once per release.
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        let count = Swift.min(releases.count, layouts.count, decisions.count)
        let projection = EmblaProjection(boost: forceBoost, minimumSpeed: minimumSpeed)
        let mode = containMode
        var list: SnapList?
        for i in 0..<count {
            let layout = layouts[i]
            guard !layout.isLooping else {
                decisions.store(decide(releases[i], in: layout), at: i)
                continue
            }
            let current: SnapList
            if let known = list, known.layout == layout { current = known } else {
                current = SnapList(layout: layout, mode: mode)
                list = current
            }
            decisions.store(decideBounded(releases[i], force: projection.coastDistance(velocity: releases[i].velocity),
                                          in: layout, list: current), at: i)
        }
    }

    /// As ``SnapPolicy/decide(_:inOneLayout:sharing:into:)`` (every release in `layouts[0]`'s bits):
    /// ``decide(_:in:into:)``'s loop with the layout a local constant and, bounded, its snap list
    /// (``SnapList``) built once before the loop, without comparing the layout per release (the
    /// same layout and list bits, so the same decisions).
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let layout = layouts.first else { return }
        let count = Swift.min(releases.count, decisions.count)
        guard !layout.isLooping else {
            for i in 0..<count { decisions.store(decide(releases[i], in: layout), at: i) }
            return
        }
        let projection = EmblaProjection(boost: forceBoost, minimumSpeed: minimumSpeed)
        let list = SnapList(layout: layout, mode: containMode)
        for i in 0..<count {
            decisions.store(decideBounded(releases[i], force: projection.coastDistance(velocity: releases[i].velocity),
                                          in: layout, list: list), at: i)
        }
    }

    /// The slot nearest position `base + relativePosition` (clamped like
    /// ``CarouselLayout/clampedSlot(_:)``). A tie goes to the slot showing the lower item index, as
    /// in Embla's `ScrollTarget.findTargetSnap` (a stable sort of the snaps, in index order, by
    /// distance): the earlier item in a bounded carousel; in a loop, the earlier slot except across
    /// the wrap from the last item to item 0. The rule depends only on the item indices, so it is
    /// the same after a shift by whole loop cycles (round-half-away-from-zero is not: −0.5 and 0.5
    /// round in opposite directions).
    static func nearestSlot(base: Int, relativePosition x: Double, in layout: CarouselLayout) -> Int {
        guard x.isFinite else { return layout.clampedSlot(base &+ SnapMath.roundedIndex(x)) }
        let step = SnapMath.flooredIndex(x)
        let lower = base &+ step, upper = lower &+ 1
        let frac = x - Double(step)
        let slot = frac < 0.5 ? lower
            : frac > 0.5 ? upper
            : layout.itemIndex(ofSlot: upper) < layout.itemIndex(ofSlot: lower) ? upper : lower
        return layout.clampedSlot(slot)
    }
}
