@testable import SnapStrategies
import Testing
import SnapLabTestSupport

/// The batch path for releases of one layout (``SnapPolicy/decide(_:inOneLayout:sharing:into:)``):
/// ``LayoutHoistingPolicy``'s loop with the layout read once,
/// the other policies' default (their shared-kinematics batch), and the bit-for-bit test of
/// layouts (``CarouselLayout/hasSameBits(as:)``) that lets an evaluator take it.
@Suite struct LayoutHoistingPolicyTests {
    /// The catalogue, and the layout-hoisting policies again with other parameters (other tiers,
    /// continuous pixels, the layout's snap origin, a wider limit, paging physics, other rates).
    private var policies: [any SnapPolicy] {
        PolicyCatalog.all + [
            Tag99Snap(lowTier: 0.5, highTier: 1.5, lowTierPages: 2, highTierPages: 4, backwardFraction: 0.2,
                      decelerationRate: 0.99),
            AndroidViewPagerSnap(density: 2.625, wholePixels: 0), AndroidViewPagerSnap(density: 2.625),
            AndroidPagerSnapHelperSnap(density: 3, snapOrigin: .layout), AndroidPagerSnapHelperSnap(wholePixels: 0),
            SwiftUIViewAlignedSnap(limitBehavior: .alwaysByOne, decelerationRate: 0.99, maxViews: 3),
            ICarouselSnap(pagingEnabled: false, decelerationRate: 0.5, scrollSpeed: 2, bounceDistance: 0.3),
            SwiperSnap(longSwipesMs: 100, shortSwipes: 0), SwiperSnap(longSwipes: 0),
            ASHorizontalSnap(widthToScrollNextItem: 0.9, decelerationRate: 0.998), UIKitPagingSnap(positionalThreshold: 0.2),
            NearestPageSnap(basis: .projectedOffset, decelerationRate: 0.9),
            RNIOSSnapIntervalSnap(disableIntervalMomentum: false, decelerationRate: 0.99),
        ]
    }

    /// A seeded release of `layout` (``randomRelease(_:in:)``), sometimes with a known finger
    /// travel, no start index, or an offset or velocity that is not finite.
    private func release(in layout: CarouselLayout, _ rng: inout SplitMix64) -> Release {
        var r = randomRelease(&rng, in: layout)
        if rng.chance(0.2) { r.fingerTravel = rng.double(in: -400...400) }
        if rng.chance(0.2) { r.startIndex = nil }
        if rng.chance(0.08) { r.offset = rng.pick([.nan, .infinity, -.infinity, 1e300, -1e300, -0.0]) }
        if rng.chance(0.08) { r.velocity = rng.pick([.nan, .infinity, -.infinity, -0.0, 1e300, -1e300]) }
        return r
    }

    /// `policy`'s decisions of `releases`, all in `layout`, by ``SnapPolicy/decide(_:inOneLayout:sharing:into:)``,
    /// written over `previous` (decisions of another policy, some with rules built at run time).
    private func decideInOneLayout(_ policy: some SnapPolicy, _ releases: [Release], in layout: CarouselLayout,
                                   over previous: [SnapDecision], sharing kinematics: inout [ReleaseKinematics]) -> [SnapDecision] {
        BatchDecisions.decide(releases, in: [CarouselLayout](repeating: layout, count: releases.count),
                              sharing: &kinematics, over: previous) { policy.decide($0, inOneLayout: $1, sharing: $2, into: $3) }
    }

    /// Seeded batches, one layout each (bounded and looping, any alignment, wide items, one
    /// item), every policy in turn through the kinematics the earlier ones filled (as an
    /// evaluator decides a batch): each decision equals the release decided alone by
    /// ``SnapPolicy/decide(_:in:)``, bit for bit, and no decision is left over from the previous one.
    @Test("batches of one layout decide as each release alone", arguments: [1, 2, 3] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        let policies = policies
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: 0x5137_0000 &+ seed, batches: 80,
                                                                      maxReleases: 120, release: release(in:_:))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // some of them through a layout-hoisting policy's loop
        #expect(compared > 0 && policies.contains { $0 is any LayoutHoistingPolicy })
    }

    /// The catalogue's layout-hoisting policies are the ones whose batch loop is the default
    /// (``SnapPolicy/decide(_:in:into:)``): a policy with its own (shared kinematics) keeps it.
    @Test("the geometric policies hoist the layout; the others keep their batch path")
    func whichPoliciesHoist() {
        let hoisting = PolicyCatalog.all.filter { $0 is any LayoutHoistingPolicy }.map(\.id)
        #expect(hoisting == [
            "ashorizontal", "tag99", "nearest", "uikit-projected-nearest", "android-viewpager", "android-pagersnap",
            "flutter-pageview", "flutter-pageview-bouncing", "uikit-paging", "swiftui-viewaligned",
            "swiftui-viewaligned-never", "icarousel", "icarousel-paging", "swiper", "rn-ios-snapinterval",
            "rn-ios-snapinterval-nomomentum",
        ])
    }

    /// An empty batch writes nothing (and reads no layout).
    @Test("an empty batch decides nothing")
    func emptyBatch() {
        var kinematics: [ReleaseKinematics] = []
        let out = decideInOneLayout(NearestPageSnap(), [], in: try! CarouselLayout(itemWidth: 10, viewportWidth: 10, itemCount: 1),
                                    over: [], sharing: &kinematics)
        #expect(out.isEmpty)
    }

    /// Equal bits only: a copy has them; any one field changed by an ulp, a count, a flag, or a
    /// zero of the other sign (which `==` accepts) does not.
    @Test("layouts have the same bits only when every field does")
    func sameBits() throws {
        let base = try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10, trailingInset: 12,
                                      viewportWidth: 375, itemCount: 40, alignment: .center)
        #expect(base.hasSameBits(as: base))
        #expect(base.hasSameBits(as: try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10, trailingInset: 12,
                                                        viewportWidth: 375, itemCount: 40, alignment: .center)))
        let others = [
            try CarouselLayout(itemWidth: 160.nextUp, spacing: 0, leadingInset: 10, trailingInset: 12, viewportWidth: 375,
                               itemCount: 40, alignment: .center),
            try CarouselLayout(itemWidth: 160, spacing: -0.0, leadingInset: 10, trailingInset: 12, viewportWidth: 375,
                               itemCount: 40, alignment: .center),
            try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10.nextDown, trailingInset: 12, viewportWidth: 375,
                               itemCount: 40, alignment: .center),
            try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10, trailingInset: 11, viewportWidth: 375,
                               itemCount: 40, alignment: .center),
            try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10, trailingInset: 12, viewportWidth: 376,
                               itemCount: 40, alignment: .center),
            try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10, trailingInset: 12, viewportWidth: 375,
                               itemCount: 41, alignment: .center),
            try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10, trailingInset: 12, viewportWidth: 375,
                               itemCount: 40, alignment: .leading),
            try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 10, trailingInset: 12, viewportWidth: 375,
                               itemCount: 40, alignment: .center, isLooping: true),
            base.snapped(to: .paddedCenter),
        ]
        for other in others {
            #expect(!base.hasSameBits(as: other), "\(other)")
            #expect(!other.hasSameBits(as: base), "\(other)")
        }
        #expect(base == others[1], "== takes -0 for +0, the bits do not")
    }
}
