// Offsets, positions and slots of a carousel layout.

extension CarouselLayout {
    /// The offset that brings `slot` to its snap position, before clamping:
    /// `alignmentOrigin + slot·stride`, points.
    @inlinable
    public func rawSnapOffset(ofSlot slot: Int) -> Double {
        alignmentOrigin + Double(slot) * stride
    }

    /// The resting offset of `slot`: ``rawSnapOffset(ofSlot:)`` clamped to `[0, maxOffset]` for a
    /// bounded layout (the slot is clamped to `0..<itemCount` first); unclamped for a looping one.
    @inlinable
    public func snapOffset(ofSlot slot: Int) -> Double {
        if isLooping { return rawSnapOffset(ofSlot: slot) }
        return clampedOffset(rawSnapOffset(ofSlot: clampedSlot(slot)))
    }

    /// The fractional slot position of `offset`: `(offset − alignmentOrigin) / stride`.
    /// Slot `i` is at rest exactly where the position is `i`.
    @inlinable
    public func position(atOffset offset: Double) -> Double {
        (offset - alignmentOrigin) / stride
    }

    /// The slot whose snap position is nearest `offset` (round half away from zero), clamped to
    /// the items of a bounded layout.
    @inlinable
    public func nearestSlot(toOffset offset: Double) -> Int {
        clampedSlot(SnapMath.roundedIndex(position(atOffset: offset)))
    }

    /// `offset` clamped to `[0, maxOffset]` in a bounded layout; unchanged in a looping one
    /// (NaN becomes 0 in both).
    @inlinable
    public func clampedOffset(_ offset: Double) -> Double {
        if isLooping { return offset == offset ? offset : 0 }
        return SnapMath.clamp(offset, 0, maxOffset)
    }

    /// `slot` clamped to `0..<itemCount` in a bounded layout; unchanged in a looping one.
    @inlinable
    public func clampedSlot(_ slot: Int) -> Int {
        isLooping ? slot : SnapMath.clamp(slot, 0, itemCount - 1)
    }

    /// The item shown at `slot`: `slot mod itemCount` when looping, the clamped slot otherwise.
    @inlinable
    public func itemIndex(ofSlot slot: Int) -> Int {
        isLooping ? SnapMath.wrap(slot, modulo: itemCount) : SnapMath.clamp(slot, 0, itemCount - 1)
    }

    /// The slot count of the item nearest the viewport in a looping layout near `offset` for item
    /// `index`: the slot `s` with `s mod itemCount == index` closest to `offset`. In a bounded layout
    /// it is the clamped index.
    public func slot(ofItem index: Int, near offset: Double) -> Int {
        guard isLooping else { return clampedSlot(index) }
        let here = nearestSlot(toOffset: offset)
        let delta = SnapMath.wrap(index - here, modulo: itemCount)
        return delta * 2 > itemCount ? here + delta - itemCount : here + delta
    }

    /// A decision that rests on `slot` (clamped in a bounded layout) at its snap offset.
    @inlinable
    public func decision(slot: Int, rule: String) -> SnapDecision {
        let s = clampedSlot(slot)
        return SnapDecision(targetSlot: s, targetIndex: itemIndex(ofSlot: s),
                            targetOffset: snapOffset(ofSlot: s), rule: rule)
    }
}
