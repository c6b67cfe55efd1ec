import Testing
@testable import SnapStrategies

/// The per-fling cap (`ID@max<n>`) on every policy of the catalogue.
@Suite struct CappedSnapPolicyTests {
    /// Releases that fling hard from item 4 of a 40-item carousel, both ways, plus a long drag.
    static let layout = try! CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)

    @Test("every policy: ID@max<n> resolves, keeps the base's parameters, and moves at most n items from the start item",
          arguments: PolicyCatalog.identifiers)
    func capHoldsForEveryPolicy(id: String) throws {
        let base = try PolicyCatalog.policy(id: id)
        for n in [1, 2] {
            let capped = try PolicyCatalog.policy(id: id + "@max\(n)")
            #expect(capped.id == id + "@max\(n)")
            #expect(capped.parameterSpecs.map(\.name) == base.parameterSpecs.map(\.name))
            #expect(capped.parameterValues == base.parameterValues)
            #expect(capped.snapOrigin == base.snapOrigin)
            var layouts = try WebPolicyChecks.boundedLayouts() + WebPolicyChecks.loopingLayouts()
            layouts.append(Self.layout)
            var within = 0
            for layout in layouts {
                for r in WebPolicyChecks.releases(in: layout, seed: 0xCA9 + UInt64(n), count: 150) {
                    let own = layout.snapped(to: base.snapOrigin)
                    let start = r.startSlot(in: own)
                    let d = capped.decide(r, in: layout)
                    if !Self.countsFromTheReleasePage.contains(id) {
                        #expect(abs(d.targetSlot - start) <= n, "\(capped.id): \(r) in \(layout) → \(d.targetSlot), start \(start)")
                    }
                    #expect((0..<layout.itemCount).contains(d.targetIndex))
                    let b = base.decide(r, in: layout)
                    if abs(b.targetSlot - start) <= n, !Self.countsFromTheReleasePage.contains(id) {
                        #expect(d == b, "\(capped.id): within the cap the base decides")
                        within += 1
                    }
                }
            }
            #expect(within > 0 || Self.countsFromTheReleasePage.contains(id))
        }
    }

    /// Policies whose platform's own cap counts from the page the fling starts on, not from the
    /// item selected before the drag (Compose `PagerSnapDistance.atMost`; checked in `composeAtMost`).
    static let countsFromTheReleasePage: Set<String> = ["compose-pager"]

    @Test("a hard fling is capped at one item; the rule says so")
    func oneAtATime() throws {
        let r = Release(offset: 700, velocity: 4, startOffset: 600, startTime: 0, time: 80, startIndex: 4)
        let free = try PolicyCatalog.policy(id: "swiftui-viewaligned-never").decide(r, in: Self.layout)
        let capped = try PolicyCatalog.policy(id: "swiftui-viewaligned-never@max1").decide(r, in: Self.layout)
        #expect(free.targetSlot > 5)
        #expect(capped.targetSlot == 5 && capped.rule == free.rule + "+cap")
        #expect(capped.targetOffset == Self.layout.snapOffset(ofSlot: 5))
        // Backwards too, and a cap of 3.
        let back = Release(offset: 500, velocity: -4, startOffset: 600, startTime: 0, time: 80, startIndex: 4)
        #expect(try PolicyCatalog.policy(id: "css-snap-mandatory@max1").decide(back, in: Self.layout).targetSlot == 3)
    }

    @Test("SwiftUI's own cap: swiftui-viewaligned-never@max1 decides as swiftui-viewaligned (alwaysByOne)")
    func swiftUI() throws {
        let never = try PolicyCatalog.policy(id: "swiftui-viewaligned-never@max1")
        let byOne = try PolicyCatalog.policy(id: "swiftui-viewaligned")
        for r in WebPolicyChecks.releases(in: Self.layout, seed: 5, count: 300) {
            #expect(never.decide(r, in: Self.layout).targetSlot == byOne.decide(r, in: Self.layout).targetSlot)
        }
        // swiftui-viewaligned@max1 is its default; @max3 keeps maxViews 1 (min of the two).
        let three = try PolicyCatalog.policy(id: "swiftui-viewaligned@max3")
        for r in WebPolicyChecks.releases(in: Self.layout, seed: 6, count: 300) {
            #expect(three.decide(r, in: Self.layout) == byOne.decide(r, in: Self.layout))
        }
    }

    @Test("Compose's own cap: compose-pager@max<n> is atMost(min(maxPages, n)), counted from the release page")
    func composeAtMost() throws {
        let pages = try CarouselLayout(itemWidth: 1080, viewportWidth: 1080, itemCount: 10)
        let wide = ComposePagerSnap(maxPages: 4)
        let r = Release(offset: 1.1 * 1080, velocity: 21, startOffset: 1080, startTime: 0, time: 100)
        let capped = CappedSnapPolicy(wide, maxItemsPerFling: 2)
        #expect(capped.decide(r, in: pages) == ComposePagerSnap(maxPages: 2).decide(r, in: pages))
        #expect(CappedSnapPolicy(wide, maxItemsPerFling: 9).decide(r, in: pages) == wide.decide(r, in: pages))
        // Counted from the page the fling starts on, not the drag's start: a 2-page drag then a fling moves on one more.
        let longDrag = Release(offset: 3.2 * 1080, velocity: 21, startOffset: 1080, startTime: 0, time: 400, startIndex: 1)
        #expect(try PolicyCatalog.policy(id: "compose-pager@max1").decide(longDrag, in: pages).targetIndex == 4)
    }

    @Test("parameters set through the cap reach the base")
    func parametersReachTheBase() throws {
        var capped = try PolicyCatalog.policy(id: "embla@max1")
        try capped.setParameter(named: "minimumSpeed", to: 0.3)
        let i = try #require(capped.parameterSpecs.firstIndex { $0.name == "minimumSpeed" })
        #expect(capped.parameterValues[i] == 0.3)
        var compose = try PolicyCatalog.policy(id: "compose-pager@max2")
        try compose.setParameter(named: "maxPages", to: 5)
        let r = Release(offset: 1.1 * 1080, velocity: 21, startOffset: 1080, startTime: 0, time: 100)
        let pages = try CarouselLayout(itemWidth: 1080, viewportWidth: 1080, itemCount: 10)
        #expect(compose.decide(r, in: pages) == ComposePagerSnap(maxPages: 2).decide(r, in: pages))
    }

    @Test("identifiers: ID@max<n> for n in 1…1000; all@max<n> caps every policy; anything else is unknown")
    func identifiers() throws {
        #expect(try PolicyCatalog.policies(list: "all@max1").map(\.id) == PolicyCatalog.identifiers.map { $0 + "@max1" })
        #expect(try PolicyCatalog.policies(list: "nearest,nearest@max2").map(\.id) == ["nearest", "nearest@max2"])
        for bad in ["nearest@max0", "nearest@max", "nearest@maxx", "nearest@max1001", "nope@max1", "nearest@min1"] {
            #expect(throws: PolicyLookupError.self) { try PolicyCatalog.policy(id: bad) }
        }
    }
}
