// Chromium's "covering" snap candidates: snap areas wider than the snapport.

extension CSSScrollSnap {
    /// What the covering path of Chromium's search adds for items wider than the viewport
    /// (chromium/chromium `cc/input/scroll_snap_data.cc` `FindClosestValidAreaInternal`,
    /// `FindCoveringCandidate`, `SearchResultForDodgingRange`, `CanCoverSnapportOnAxis`;
    /// `cc/input/snap_selection_strategy.cc` `PickBestResult`; feature
    /// `kScrollSnapPreferCloserCovering`, `FEATURE_ENABLED_BY_DEFAULT` in `cc/base/features.cc`).
    ///
    /// An item `s` occupying `[a, a + w]` (`a = L + s·stride`) with `w > V` (`V` the snapport,
    /// ``snapportWidth(of:)``) can cover the snapport anywhere in `[a, a + w − V]` (items do not
    /// overlap, so no other area intrudes on that range). For the intended position `X` (the strategy's end position):
    /// - if `X` lies in an item's range, that item **covers the intended position**: the scroll
    ///   rests at `X` itself, and `PickBestResult` (end-position and end-and-direction strategies)
    ///   prefers it to every aligned snap, without a direction or proximity check;
    /// - otherwise each wide item offers `clamp(X, a, a + w − V)` (the nearer end of its range),
    ///   which competes with the aligned snaps on validity, proximity and distance, evaluated right
    ///   after the item's aligned snap (ties keep the earlier).
    ///
    /// At most one item's range contains `X` (`w − V < stride`), so the candidates near `X` are the
    /// items `k − 1 … k + 2`, `k = ⌊(X − L)/stride⌋`; farther items' range ends are farther from
    /// `X` than these. Empty unless `w > V`: an item exactly as wide as the viewport covers it at
    /// its aligned offset only (Chromium's dodging range is then a point), which the aligned search
    /// already has.
    struct Covering {
        /// The item whose range contains the intended position, if any.
        var intended: Int?
        /// The displaced candidate nearest the base position: slot, offset, distance.
        var displaced: (slot: Int, offset: Double, distance: Double)?
    }

    /// The covering candidates for intended (and base) position `x`, valid for a strategy moving
    /// `direction` from `current` (0: any), within `range` (strict, as Chromium's
    /// `distance < smallest_distance`).
    func covering(at x: Double, from current: Double, direction: Int, range: Double,
                  in layout: CarouselLayout) -> Covering {
        let w = layout.itemWidth, v = Self.snapportWidth(of: layout)
        guard w > v, v > 0, x.isFinite else { return Covering() }
        let span = w - v
        let k = SnapMath.flooredIndex((x - layout.leadingInset) / layout.stride)
        var result = Covering()
        for s in (k &- 1)...(k &+ 2) {
            guard layout.isLooping || (0..<layout.itemCount).contains(s) else { continue }
            let a = layout.leadingInset + Double(s) * layout.stride
            if x >= a && x <= a + span {
                result.intended = s
                continue
            }
            let offset = SnapMath.clamp(x, a, a + span)
            guard Self.isValid(offset, from: current, direction: direction, truncating: false) else { continue }
            let distance = abs(offset - x)
            guard distance < range else { continue }
            if let best = result.displaced, !(distance < best.distance) { continue }
            result.displaced = (s, offset, distance)
        }
        return result
    }

    /// The snapport's width: the viewport, less the trailing inset where the layout's trailing
    /// alignment plays `scroll-padding-right` (the leading inset is content before item 0, not
    /// scroll padding), so that an item's aligned snap is an end of its covering range (leading:
    /// the start, trailing: the end; centred: the middle). A trailing inset as wide as the
    /// viewport leaves no snapport and no covering.
    static func snapportWidth(of layout: CarouselLayout) -> Double {
        layout.alignment == .trailing ? layout.viewportWidth - layout.trailingInset : layout.viewportWidth
    }

    /// `aligned` (a slot from the aligned search, or nil) or the covering candidate that beats it,
    /// as a decision; nil when neither exists. Items no wider than the snapport (most layouts) have
    /// no covering candidate (``covering(at:from:direction:range:in:)`` finds none): `aligned`, at
    /// once, without the search's call.
    @inline(__always)
    func resolveCovering(aligned: Int?, alignedRule: StaticString, base x: Double, current: Double, direction: Int,
                         range: Double, in layout: CarouselLayout) -> SnapDecision? {
        guard layout.itemWidth > Self.snapportWidth(of: layout) else {
            return aligned.map { layout.decision(slot: $0, rule: alignedRule) }
        }
        return resolveWideCovering(aligned: aligned, alignedRule: alignedRule, base: x, current: current,
                                   direction: direction, range: range, in: layout)
    }

    /// ``resolveCovering(aligned:alignedRule:base:current:direction:range:in:)`` with items wider
    /// than the snapport.
    @inline(never)
    func resolveWideCovering(aligned: Int?, alignedRule: StaticString, base x: Double, current: Double,
                             direction: Int, range: Double, in layout: CarouselLayout) -> SnapDecision? {
        let c = covering(at: x, from: current, direction: direction, range: range, in: layout)
        if let s = c.intended {
            return SnapDecision(targetSlot: s, targetIndex: layout.itemIndex(ofSlot: s),
                                targetOffset: layout.clampedOffset(x), rule: "covering-intended" as StaticString)
        }
        if let d = c.displaced {
            let alignedDistance = aligned.map { abs(layout.snapOffset(ofSlot: $0) - x) } ?? .infinity
            if d.distance < alignedDistance || (d.distance == alignedDistance && d.slot < (aligned ?? .max)) {
                return SnapDecision(targetSlot: d.slot, targetIndex: layout.itemIndex(ofSlot: d.slot),
                                    targetOffset: layout.clampedOffset(d.offset), rule: "covering-displaced" as StaticString)
            }
        }
        return aligned.map { layout.decision(slot: $0, rule: alignedRule) }
    }
}
