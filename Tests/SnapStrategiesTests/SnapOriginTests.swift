import Testing
@testable import SnapStrategies
import SnapLabTestSupport

/// Unequal insets: 150 pt items, spacing 10, insets 10 (leading) and 130 (trailing), 390 pt viewport.
/// Viewport centre origin 10 + 75 − 195 = −110; padded centre origin (10 + 130)/2 + 75 − 195 = −50.
private let unequal = try! CarouselLayout(itemWidth: 150, spacing: 10, leadingInset: 10, trailingInset: 130,
                                          viewportWidth: 390, itemCount: 15, alignment: .center)

@Suite("Snap origins (Android snap helpers centre on the padded area)")
struct SnapOriginTests {
    @Test("origins: layout, start 0, padded centre (L + R)/2 + w/2 − V/2, end L + w − (V − R)")
    func origins() throws {
        #expect(unequal.alignmentOrigin(for: .layout) == -110)
        #expect(unequal.alignmentOrigin(for: .start) == 0)
        #expect(unequal.alignmentOrigin(for: .paddedCenter) == -50)
        #expect(unequal.alignmentOrigin(for: .end) == 10 + 150 - (390 - 130))
        #expect(unequal.snapped(to: .paddedCenter).snapOffset(ofSlot: 9) == 1390)
        #expect(unequal.snapped(to: .layout) == unequal)
        // Equal insets: the padded centre is the viewport centre.
        let equal = try CarouselLayout(itemWidth: 150, spacing: 10, leadingInset: 40, viewportWidth: 390,
                                       itemCount: 15, alignment: .center)
        #expect(equal.alignmentOrigin(for: .paddedCenter) == equal.alignmentOrigin)
    }

    /// Worked example (policies.md Part 2 style). Release at 1 440 pt:
    /// viewport centre p = (1440 + 110)/160 = 9.6875 → nearest 10;
    /// padded centre   p = (1440 + 50)/160  = 9.3125 → nearest 9.
    /// `distanceToCenter` translated: child 9's centre is 10 + 9·160 + 75 − 1440 = 85 pt into the
    /// view, child 10's 245; the padded centre is 10 + (390 − 10 − 130)/2 = 135: d = −50 and +110,
    /// so `findCenterView` picks child 9, a forward fling the first child at or after the centre
    /// (10), a backward one the last at or before it (9).
    @Test("PagerSnapHelper and LinearSnapHelper pick by the padded centre")
    func pagerAndLinear() {
        let slow = Release(offset: 1440, velocity: 0)
        let pager = AndroidPagerSnapHelperSnap()
        #expect(pager.snapOrigin == .paddedCenter)
        #expect(pager.decide(slow, in: unequal).targetIndex == 9)
        #expect(pager.decide(slow, in: unequal).targetOffset == 1390)
        #expect(pager.decide(Release(offset: 1440, velocity: 1), in: unequal).targetIndex == 10)
        #expect(pager.decide(Release(offset: 1440, velocity: -1), in: unequal).targetIndex == 9)
        #expect(AndroidLinearSnapHelperSnap().decide(slow, in: unequal).targetIndex == 9)
        #expect(ComposeLazyRowSnap().decide(slow, in: unequal).targetIndex == 9)
        // The layout's alignment, selectable: the viewport centre picks 10.
        #expect(AndroidPagerSnapHelperSnap(snapOrigin: .layout).decide(slow, in: unequal).targetIndex == 10)
        #expect(AndroidLinearSnapHelperSnap(snapOrigin: .layout).decide(slow, in: unequal).targetIndex == 10)
        #expect(ComposeLazyRowSnap(snapOrigin: .layout).decide(slow, in: unequal).targetIndex == 10)
    }

    @Test("the declared origin holds whatever the layout's alignment (leading layout, unequal insets)")
    func leadingLayout() throws {
        let leading = try CarouselLayout(itemWidth: 150, spacing: 10, leadingInset: 10, trailingInset: 130,
                                         viewportWidth: 390, itemCount: 15)
        let d = AndroidPagerSnapHelperSnap().decide(Release(offset: 1440, velocity: 0), in: leading)
        #expect(d.targetIndex == 9 && d.targetOffset == 1390)
    }

    @Test("policies without a platform snap position follow the layout")
    func defaults() {
        #expect(AndroidViewPagerSnap().snapOrigin == .layout)
        #expect(CSSScrollSnap().snapOrigin == .layout)
    }
}

extension SnapOriginTests {
    /// Property over the generated cases (unequal insets half the time): a policy that declares its
    /// own snap origin decides the same whatever the layout's alignment.
    @Test("a declared origin makes the decision independent of the layout's alignment",
          arguments: PolicyCatalog.identifiers)
    func alignmentIndependence(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        guard policy.snapOrigin != .layout else { return }
        var g = SplitMix64(seed: 0x0_5EED)
        var checked = 0
        for _ in 0..<3000 {
            var c = PropertyCase(seed: g.next(), looping: g.chance(0.3))
            guard let a = c.layout else { continue }
            c.alignment = SnapAlignment.allCases[(SnapAlignment.allCases.firstIndex(of: c.alignment)! + 1) % 3]
            guard let b = c.layout else { continue }
            let d = policy.decide(c.release, in: a), e = policy.decide(c.release, in: b)
            #expect(d == e, "\(id): \(c)")
            checked += 1
        }
        #expect(checked > 2000)
    }
}
