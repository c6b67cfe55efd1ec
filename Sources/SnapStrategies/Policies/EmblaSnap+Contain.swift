// Embla's snap list in a bounded carousel: `containScroll` and `ScrollTarget.findTargetSnap`.

extension EmblaSnap {
    /// Embla's `containScroll` option (davidjerleke/embla-carousel v8.6.0
    /// `packages/embla-carousel/src/components/ScrollContain.ts`; bounded carousels only, a loop
    /// never contains).
    public enum ContainScroll: Int, Sendable, Hashable, CaseIterable {
        /// `false`: the aligned snaps, unclamped; the scroll limit runs from the first to the last snap
        /// (`ScrollLimit.ts` `measureLimit`).
        case off = 0
        /// `'trimSnaps'` (Embla's default): snaps clamped to the scroll bounds, rounded to 0.001 px,
        /// the repeats at either end merged into one (`measureContained`: the slice from the last
        /// index of the start snap to the first index of the end snap).
        case trimSnaps = 1
        /// `'keepSnaps'`: snaps clamped and rounded, repeats kept.
        case keepSnaps = 2
    }

    /// The snap list of a bounded `layout` under ``containScroll``: the slots `first…last` whose
    /// snaps Embla keeps, each slot's snap offset, and the scroll limit.
    struct SnapList {
        let layout: CarouselLayout
        let mode: ContainScroll
        /// First and last slot with a snap of their own; slot `first` stands for the items merged
        /// into the start snap, `last` for those merged into the end snap.
        let first: Int, last: Int
        /// The scroll limit (`Limit.constrain`), offsets.
        let lower: Double, upper: Double

        init(layout: CarouselLayout, mode: ContainScroll) {
            self.layout = layout
            self.mode = mode
            let n = layout.itemCount
            switch mode {
            case .off:
                first = 0; last = n - 1
                lower = layout.rawSnapOffset(ofSlot: 0); upper = layout.rawSnapOffset(ofSlot: n - 1)
            case .keepSnaps:
                first = 0; last = n - 1
                lower = 0; upper = layout.maxOffset
            case .trimSnaps:
                lower = 0; upper = layout.maxOffset
                if layout.maxOffset <= 0 {   // contentSize ≤ viewSize: one snap, at the start
                    first = 0; last = 0
                    return
                }
                let bounded = { (s: Int) in Self.rounded(layout.snapOffset(ofSlot: s)) }
                let start = bounded(0), end = bounded(n - 1)
                // lastIndexOf(start) and indexOf(end): snaps never decrease with the slot.
                var m = SnapMath.clamp(SnapMath.flooredIndex(-layout.alignmentOrigin / layout.stride), 0, n - 1)
                while m > 0 && bounded(m) != start { m -= 1 }
                while m + 1 < n && bounded(m + 1) == start { m += 1 }
                var e = SnapMath.clamp(SnapMath.ceiledIndex((layout.maxOffset - layout.alignmentOrigin) / layout.stride), 0, n - 1)
                while e + 1 < n && bounded(e) != end { e += 1 }
                while e > 0 && bounded(e - 1) == end { e -= 1 }
                first = m; last = Swift.max(m, e)
            }
        }

        /// `parseFloat(x.toFixed(3))`. ``SnapMath/roundedHalfAway(_:)`` is `rounded()` bit for bit
        /// without a library call (this runs about 35 times per decision).
        static func rounded(_ x: Double) -> Double { SnapMath.roundedHalfAway(x * 1000) / 1000 }

        /// Slot `s`'s snap offset in this list.
        func snap(_ s: Int) -> Double {
            mode == .off ? layout.rawSnapOffset(ofSlot: s) : Self.rounded(layout.snapOffset(ofSlot: s))
        }

        /// `Limit.constrain`: `offset` clamped to the scroll limit (NaN to the lower end).
        func constrain(_ offset: Double) -> Double { SnapMath.clamp(offset, lower, upper) }

        /// `Limit.reachedAny`: strictly beyond either end of the limit.
        func reachedBound(_ offset: Double) -> Bool { offset < lower || offset > upper }

        /// The slot standing for `slot`'s snap (`index` of the snap list).
        func representative(of slot: Int) -> Int { SnapMath.clamp(slot, first, last) }

        /// `findTargetSnap`: the slot whose snap is nearest `constrain(target)`, ties to the
        /// earlier slot (a stable sort by distance). Snaps never decrease with the slot, so the
        /// nearest is within two slots of the unclamped estimate.
        ///
        /// The slots are scanned upward from two below the estimate and the scan stops after the
        /// first slot whose snap is at or above `y`: from there on snaps only grow, so their
        /// distances (`snap − y`, rounded monotonically) never fall below that slot's, and a later
        /// slot could not replace the earliest nearest one.
        func nearest(to target: Double) -> Int {
            let y = constrain(target)
            let guess = SnapMath.clamp(SnapMath.roundedIndex((y - layout.alignmentOrigin) / layout.stride), first, last)
            let to = Swift.min(last, guess + 2)
            var s = Swift.max(first, guess - 2), offset = snap(s)
            var best = s, bestDistance = abs(offset - y)
            while offset < y && s < to {
                s += 1
                offset = snap(s)
                let d = abs(offset - y)
                if d < bestDistance { best = s; bestDistance = d }
            }
            return best
        }
    }

    /// `DragHandler.up` in a bounded carousel over the snap list (``SnapList``), with `force` the
    /// projection (pt, positive toward later items).
    func decideBounded(_ release: Release, force: Double, in layout: CarouselLayout) -> SnapDecision {
        decideBounded(release, force: force, in: layout, list: SnapList(layout: layout, mode: containMode))
    }

    /// The ``containScroll`` option.
    var containMode: ContainScroll { ContainScroll(rawValue: Int(containScroll)) ?? .trimSnaps }

    /// ``decideBounded(_:force:in:)`` over a snap list already built for `layout` (the batch path
    /// builds one per run of traces in the same layout).
    func decideBounded(_ release: Release, force: Double, in layout: CarouselLayout, list: SnapList) -> SnapDecision {
        let current = release.offset == release.offset ? release.offset : 0
        // Each search where its answer is used (the snap nearest the projection is not, when the
        // release goes to a neighbour: most swipes past the threshold).
        if !(abs(force) >= goToNextThreshold(in: layout)) {
            return layout.decision(slot: list.nearest(to: current + force),
                                   rule: force == 0 ? "closest-snap" : "closest-to-projection")
        }
        let selected = list.representative(of: release.startSlot(in: layout))
        // targetChanged: byDistance(0, false) — the snap nearest the (constrained) current position.
        if skipSnaps != 0 && list.nearest(to: current) != selected {
            // allowedForce: baseForce = byDistance(force, true).distance, the force itself when
            // the projection passes a bound; kept at skipFactor, then snapped again.
            let base = list.reachedBound(current + force) ? force : list.snap(list.nearest(to: current + force)) - current
            return layout.decision(slot: list.nearest(to: current + skipFactor * base), rule: "skip-snaps")
        }
        let next = list.representative(of: selected &+ (force > 0 ? 1 : -1))
        return layout.decision(slot: next, rule: force > 0 ? "next" : "previous")
    }
}
