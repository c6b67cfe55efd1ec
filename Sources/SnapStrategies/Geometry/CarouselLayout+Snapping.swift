// Offsets, positions and slots of a carousel layout.

extension CarouselLayout {
    /// The offset that brings `slot` to its snap position, before clamping:
    /// `alignmentOrigin + slot·stride`, points.
    @inlinable @inline(__always)
    public func rawSnapOffset(ofSlot slot: Int) -> Double {
        alignmentOrigin + Double(slot) * stride
    }

    /// The resting offset of `slot`: ``rawSnapOffset(ofSlot:)`` clamped to `[0, maxOffset]` for a
    /// bounded layout (the slot is clamped to `0..<itemCount` first); unclamped for a looping one.
    @inlinable @inline(__always)
    public func snapOffset(ofSlot slot: Int) -> Double {
        if isLooping { return rawSnapOffset(ofSlot: slot) }
        return clampedOffset(rawSnapOffset(ofSlot: clampedSlot(slot)))
    }

    /// The fractional slot position of `offset`: ``unsnappedPosition(atOffset:)``, snapped
    /// to the whole slot when within 1e-9 (relative) of it (``SnapMath/snappedToWhole(_:)``), so
    /// that a release at rest on a snap offset is exactly at its slot, also after a shift by
    /// whole loop cycles. Slot `i` is at rest exactly where the position is `i`.
    @inlinable @inline(__always)
    public func position(atOffset offset: Double) -> Double {
        SnapMath.snappedToWhole(unsnappedPosition(atOffset: offset))
    }

    /// `(offset − alignmentOrigin) / stride`: ``position(atOffset:)`` before the snap to the whole
    /// slot (what the nearest slots round, where the snap cannot change the answer).
    @inlinable @inline(__always)
    public func unsnappedPosition(atOffset offset: Double) -> Double {
        (offset - alignmentOrigin) / stride
    }

    /// The slot whose snap position is nearest `offset` (round half away from zero), clamped to
    /// the items of a bounded layout: `roundedIndex` of ``position(atOffset:)``.
    ///
    /// The position is rounded without being snapped to the whole slot first, with the same
    /// answer: ``SnapMath/snappedToWhole(_:)`` returns either its argument or the whole number
    /// `r` it rounds to half away from zero (below 2^28 within 0.27 of it, so `r` is also the
    /// nearest whole number; beyond, `roundedHalfAway`'s), and ``SnapMath/roundedIndex(_:)`` of
    /// either is `r` (NaN and infinities are returned unchanged). `CarouselLayoutSnappingTests`
    /// checks it against the snapped form over seeded offsets near whole and half slots.
    @inlinable @inline(__always)
    public func nearestSlot(toOffset offset: Double) -> Int {
        clampedSlot(SnapMath.roundedIndex(unsnappedPosition(atOffset: offset)))
    }

    /// The slot whose snap position is nearest `offset`, a tie to the later slot, not clamped:
    /// `⌊position(atOffset: offset) + ½⌋` (``SnapMath/flooredIndex(_:)``; Dart's `round` for a
    /// position ≥ 0, Flutter's page and wheel item).
    ///
    /// Below 2^28 the position is not snapped to the whole slot first, with the same answer:
    /// ``SnapMath/snappedToWhole(_:)`` there returns its argument `x` or the whole number `r`
    /// within `1e-9·2^28 < 0.27` of it, and `⌊r + ½⌋ = r = ⌊x + ½⌋` (`x + ½` lies in
    /// `[r + 0.23, r + 0.77]`, far more than its rounding error from either whole number). Larger
    /// positions, NaN and infinities take the snapped form (a tie at −5·10^8 snaps away from zero,
    /// where the floor of the unsnapped one goes up). `CarouselLayoutSnappingTests` checks both.
    @inlinable @inline(__always)
    public func nearestSlotHalfUp(toOffset offset: Double) -> Int {
        let x = unsnappedPosition(atOffset: offset)
        guard abs(x) < 268_435_456 else { return SnapMath.flooredIndex(SnapMath.snappedToWhole(x) + 0.5) }  // 2^28
        return SnapMath.flooredIndex(x + 0.5)
    }

    /// `offset` clamped to `[0, maxOffset]` in a bounded layout; unchanged in a looping one
    /// (NaN becomes 0 in both).
    @inlinable @inline(__always)
    public func clampedOffset(_ offset: Double) -> Double {
        if isLooping { return offset == offset ? offset : 0 }
        return SnapMath.clamp(offset, 0, maxOffset)
    }

    /// `slot` clamped to `0..<itemCount` in a bounded layout; in a looping one limited to
    /// `±2^52` (``SnapMath/indexLimit``, where ``SnapMath/roundedIndex(_:)`` saturates) so that
    /// slot arithmetic on an untrusted start index (`Int.max`) cannot overflow.
    @inlinable @inline(__always)
    public func clampedSlot(_ slot: Int) -> Int {
        if isLooping {
            let limit = Int(SnapMath.indexLimit)
            return SnapMath.clamp(slot, -limit, limit)
        }
        return SnapMath.clamp(slot, 0, itemCount - 1)
    }

    /// The item shown at `slot`: `slot mod itemCount` when looping, the clamped slot otherwise.
    @inlinable @inline(__always)
    public func itemIndex(ofSlot slot: Int) -> Int {
        isLooping ? SnapMath.wrap(slot, modulo: itemCount) : SnapMath.clamp(slot, 0, itemCount - 1)
    }

    /// The slot showing item `index` nearest `offset`: in a looping layout the slot `s` with
    /// `s mod itemCount == index mod itemCount` closest to ``nearestSlot(toOffset:)`` (at exactly
    /// half a cycle either way, the later one); in a bounded layout the clamped index.
    public func slot(ofItem index: Int, near offset: Double) -> Int {
        guard isLooping else { return clampedSlot(index) }
        let here = nearestSlot(toOffset: offset)
        // Wrap both before subtracting: `index − here` overflows for an untrusted `index` near Int.min.
        let delta = SnapMath.wrap(SnapMath.wrap(index, modulo: itemCount) - SnapMath.wrap(here, modulo: itemCount),
                                  modulo: itemCount)
        return delta * 2 > itemCount ? here + delta - itemCount : here + delta
    }

    /// A decision that rests on `slot` (clamped in a bounded layout) at its snap offset, its
    /// rule a literal (``SnapDecision/hasRule(_:)``).
    ///
    /// ``snapOffset(ofSlot:)`` and ``itemIndex(ofSlot:)`` of the clamped slot, without clamping it
    /// again: in a bounded layout the item is the slot and the offset its raw snap offset clamped
    /// to the content; in a looping one the item is the slot modulo the count and the offset the
    /// raw one (``CarouselLayoutSnappingTests`` checks the two forms agree bit for bit).
    @inlinable @inline(__always)
    public func decision(slot: Int, rule: StaticString) -> SnapDecision {
        if isLooping {
            let s = clampedSlot(slot)
            return SnapDecision(targetSlot: s, targetIndex: SnapMath.wrap(s, modulo: itemCount),
                                targetOffset: rawSnapOffset(ofSlot: s), rule: rule)
        }
        let s = SnapMath.clamp(slot, 0, itemCount &- 1)   // itemCount ≥ 1: no overflow
        return SnapDecision(targetSlot: s, targetIndex: s, targetOffset: SnapMath.clamp(rawSnapOffset(ofSlot: s), 0, maxOffset),
                            rule: rule)
    }

    /// ``decision(slot:rule:)`` with a rule built at run time.
    @inlinable
    public func decision(slot: Int, ruleText rule: String) -> SnapDecision {
        let s = clampedSlot(slot)
        return SnapDecision(targetSlot: s, targetIndex: itemIndex(ofSlot: s),
                            targetOffset: snapOffset(ofSlot: s), rule: rule)
    }
}

extension CarouselLayout {
    /// Whether `other` is this layout bit for bit: every stored length the same bits (`==` takes
    /// −0 for +0), the same count, alignment, looping and snap origin. Releases of layouts with
    /// the same bits decide the same in either (``SnapPolicy/decide(_:inOneLayout:sharing:into:)``).
    @inlinable
    public func hasSameBits(as other: CarouselLayout) -> Bool {
        itemWidth.bitPattern == other.itemWidth.bitPattern && spacing.bitPattern == other.spacing.bitPattern
            && leadingInset.bitPattern == other.leadingInset.bitPattern
            && trailingInset.bitPattern == other.trailingInset.bitPattern
            && viewportWidth.bitPattern == other.viewportWidth.bitPattern && itemCount == other.itemCount
            && alignment == other.alignment && isLooping == other.isLooping
            && stride.bitPattern == other.stride.bitPattern && maxOffset.bitPattern == other.maxOffset.bitPattern
            && alignmentOrigin.bitPattern == other.alignmentOrigin.bitPattern
    }
}
