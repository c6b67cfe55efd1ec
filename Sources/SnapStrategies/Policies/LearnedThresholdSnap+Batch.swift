extension LearnedThresholdSnap {
    /// The rule's numbers read once for many decisions: the eight weights as values and the cut
    /// points by pointer, so that a decision does no array access, bounds check or reference
    /// counting (``withScorer(_:)``). The score, the item count and the decision of every path
    /// (``score(_:)``, ``pages(forScore:)``, ``decide(_:in:)`` and the batch paths) are computed here.
    struct Scorer {
        let w0, w1, w2, w3, w4, w5, w6, w7: Double
        /// The cut points, lowest first (valid inside ``LearnedThresholdSnap/withScorer(_:)`` only).
        let cutpoints: UnsafeBufferPointer<Double>
        /// ``LearnedThresholdSnap/pagesBack``: `⌊c/2⌋`.
        let back: Int
        /// Whether each cut point is `<=` the next (then none is NaN, or there is only one).
        let ascending: Bool

        /// The linear score `η = Σ weightᵢ · featureᵢ`, summed in ``LearnedThresholdSnap/featureNames`` order.
        @inline(__always)
        func score(_ f: Features) -> Double {
            w0 * f.velocity + w1 * f.travel + w2 * f.fingerTravel + w3 * f.fraction
                + w4 * f.uikitProjection + w5 * f.androidProjection + w6 * f.duration + w7 * f.quickness
        }

        /// Items moved from the start item for score `η`: `−⌊c/2⌋ + #{cutⱼ < η}`; NaN gives 0.
        ///
        /// Ascending cut points are counted by bisection: `cⱼ ≤ cⱼ₊₁` for every `j`, so
        /// `cⱼ < η` implies `cᵢ < η` for every `i < j`, the cut points below `η` are a prefix,
        /// and its length is the first index whose cut point is not below `η` (one cut point: the
        /// one comparison either way). Otherwise each cut point is compared.
        @inline(__always)
        func pages(forScore eta: Double) -> Int {
            guard eta == eta else { return 0 }
            var above = 0
            if ascending {
                var end = cutpoints.count
                while above < end {
                    let middle = above &+ (end &- above) >> 1
                    if cutpoints[middle] < eta { above = middle &+ 1 } else { end = middle }
                }
            } else {
                for c in cutpoints where c < eta { above &+= 1 }   // at most the count: no overflow
            }
            return above &- back                                    // back = ⌊count/2⌋ ≥ 0
        }

        /// The decision for a release with features `x`: the start slot moved by
        /// ``pages(forScore:)`` of its score.
        @inline(__always)
        func decide(features x: Features, in layout: CarouselLayout) -> SnapDecision {
            let k = pages(forScore: score(x))
            let slot = layout.clampedSlot(x.startSlot) &+ k
            guard let rule = LearnedThresholdSnap.literalRule(pages: k) else {
                return Self.decision(slot: slot, pages: k, in: layout)
            }
            return layout.decision(slot: slot, rule: rule)
        }

        /// The decision with a rule built at run time (more than three items moved).
        @inline(never)
        static func decision(slot: Int, pages k: Int, in layout: CarouselLayout) -> SnapDecision {
            layout.decision(slot: slot, ruleText: LearnedThresholdSnap.rule(pages: k))
        }
    }

    /// `body` with this rule's ``Scorer`` (``weights`` must hold 8 values, as every initializer
    /// and ``assignValidatedParameterValues(_:)`` leave them).
    @inline(__always)
    func withScorer<R>(_ body: (Scorer) -> R) -> R {
        let w = weights, back = pagesBack
        return cutpoints.withUnsafeBufferPointer { cuts in
            var ascending = true
            for j in cuts.indices.dropFirst() where !(cuts[j - 1] <= cuts[j]) { ascending = false }
            return body(Scorer(w0: w[0], w1: w[1], w2: w[2], w3: w[3], w4: w[4], w5: w[5], w6: w[6], w7: w[7],
                               cutpoints: cuts, back: back, ascending: ascending))
        }
    }

    /// Whether ``androidStandIn(_:in:startSlot:decay:)`` is `+0` for every release of `layout`
    /// (then it need not be computed per release): a bounded layout whose ends `0` and
    /// `maxOffset` give finite unsnapped positions.
    ///
    /// Proof. In a bounded layout `clampedOffset(x)` is `SnapMath.clamp(x, 0, maxOffset)`: `0` for
    /// a NaN `x`, else `min(max(x, 0), maxOffset)`, which is `maxOffset` or a value of `[0, maxOffset]`;
    /// with a finite `maxOffset` every clamped offset lies between `0` and `maxOffset` (a `−0` has
    /// the value of `0`). The stand-in's `(clamp(x) − o)/W` is monotone in the clamped offset
    /// (rounding is monotone; the division keeps or reverses the order), so it lies between its
    /// values at `0` and at `maxOffset`, finite at both: finite for both ends `x = offset ∓ B`
    /// of every release, and the stand-in returns `+0`.
    @inline(__always)
    static func androidStandInIsZero(in layout: CarouselLayout) -> Bool {
        guard !layout.isLooping, layout.maxOffset.isFinite else { return false }
        let atStart = (0 - layout.alignmentOrigin) / layout.stride
        let atEnd = (layout.maxOffset - layout.alignmentOrigin) / layout.stride
        return atStart.isFinite && atEnd.isFinite
    }

    /// The `androidProjection` feature from the release's shared spline distance (``ReleaseKinematics``),
    /// read only when its weight is not `±0` (else ``androidStandIn(_:in:startSlot:decay:)``).
    public func decide(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        decideBatch(releases, in: layouts, oneLayout: nil, sharing: kinematics, into: decisions)
    }

    /// As ``SnapPolicy/decide(_:inOneLayout:sharing:into:)`` (every release in `layouts[0]`'s
    /// bits): ``decide(_:in:sharing:into:)``'s loop with the layout a local constant and, when
    /// ``androidStandInIsZero(in:)``, the stand-in `+0` without its per-release test (the same
    /// features, so the same decisions).
    public func decide(_ releases: UnsafeBufferPointer<Release>, inOneLayout layouts: UnsafeBufferPointer<CarouselLayout>,
                       sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                       into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard let layout = layouts.first else { return }
        decideBatch(releases, in: layouts, oneLayout: layout, sharing: kinematics, into: decisions)
    }

    /// The batch loop of both paths: release `i` in `oneLayout` when given, else in `layouts[i]`.
    @inline(__always)
    private func decideBatch(_ releases: UnsafeBufferPointer<Release>, in layouts: UnsafeBufferPointer<CarouselLayout>,
                             oneLayout: CarouselLayout?,
                             sharing kinematics: UnsafeMutableBufferPointer<ReleaseKinematics>,
                             into decisions: UnsafeMutableBufferPointer<SnapDecision>) {
        guard !releases.isEmpty else { return }
        let logDuration = scoreNeedsDuration, exactFraction = scoreNeedsFraction, exactQuickness = scoreNeedsQuickness
        let needsAndroid = scoreNeedsAndroidProjection
        let standInIsZero = oneLayout.map(Self.androidStandInIsZero(in:)) ?? false
        withScorer { scorer in
            ReleaseKinematics.decide(releases, in: layouts, sharing: kinematics, into: decisions) { release, each, decay in
                let layout = oneLayout ?? each
                let x = Self.features(of: release, in: layout, logDuration: logDuration, exactFraction: exactFraction,
                                      exactQuickness: exactQuickness) { s in
                    needsAndroid ? Self.androidProjection(ofEnd: release.offset + decay.value(), startSlot: s, in: layout)
                        : standInIsZero ? 0 : Self.androidStandIn(release, in: layout, startSlot: s, decay: decay)
                }
                return scorer.decide(features: x, in: layout)
            }
        }
    }
}
