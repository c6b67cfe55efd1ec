import Testing
@testable import SnapStrategies

/// Items 160 pt, spacing 10 pt (stride 170), insets 10 pt, viewport 375 pt, 40 items.
/// At offset 0: first visible = floor((0 − 10 − 160)/170) + 1 = 0, last visible =
/// ceil((0 + 375 − 10)/170) − 1 = ceil(2.147) − 1 = 2; the window is −1…3 (bounded: 0…3).
private func layout(looping: Bool = false, count: Int = 40) throws -> CarouselLayout {
    try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: count,
                       isLooping: looping)
}

@Suite("ReusePool")
struct ReusePoolTests {
    // MARK: - Visible slots and window

    @Test("visible slots: open-interval overlap of the slot and the viewport")
    func visibleSlots() throws {
        let pool = ReusePool(layout: try layout())
        #expect(pool.firstVisibleSlot(atOffset: 0) == 0)
        #expect(pool.lastVisibleSlot(atOffset: 0) == 2)
        #expect(pool.visibleSlots(atOffset: 0) == 0...2)
        // At 170 slot 0 spans 10…170 and ends exactly at the viewport's edge: not visible.
        #expect(pool.firstVisibleSlot(atOffset: 170) == 1)
        #expect(pool.firstVisibleSlot(atOffset: 169.9) == 0)
        // At 195 the viewport ends at 560: slot 3 (520…680) is visible, slot 4 (690…) is not.
        #expect(pool.lastVisibleSlot(atOffset: 195) == 3)
        // The viewport's end touching slot 3's leading edge (offset 145 → end 520): not visible.
        #expect(pool.lastVisibleSlot(atOffset: 145) == 2)
        #expect(pool.lastVisibleSlot(atOffset: 145.1) == 3)
        #expect(pool.visibleSlots(atOffset: .nan) == nil)
        // Far past the content of a bounded layout nothing is visible.
        #expect(pool.visibleSlots(atOffset: 1e6) == nil)
        #expect(pool.visibleSlots(atOffset: -1e6) == nil)
    }

    @Test("window: visible slots plus one on each side, limited to the items when bounded")
    func window() throws {
        #expect(ReusePool(layout: try layout()).window(atOffset: 0) == 0...3)
        #expect(ReusePool(layout: try layout(looping: true)).window(atOffset: 0) == -1...3)
        #expect(ReusePool(layout: try layout(looping: true), spareCellsPerSide: 2).window(atOffset: 0) == -2...4)
        #expect(ReusePool(layout: try layout(looping: true), spareCellsPerSide: 0).window(atOffset: 0) == 0...2)
        // At the end (6435): first = floor((6435 − 170)/170) + 1 = 37, last = ceil(6800/170) − 1 = 39.
        #expect(ReusePool(layout: try layout()).window(atOffset: 6435) == 36...39)
        #expect(ReusePool(layout: try layout()).window(atOffset: .nan) == nil)
    }

    @Test("negative spare counts are treated as 0")
    func negativeSpare() throws {
        #expect(ReusePool(layout: try layout(), spareCellsPerSide: -3).spareCellsPerSide == 0)
        #expect(ReusePool(layout: try layout()).spareCellsPerSide == 1)
    }

    // MARK: - Reconfigurations

    @Test("no travel costs nothing")
    func noTravel() throws {
        let pool = ReusePool(layout: try layout())
        #expect(pool.reconfigurations(from: 340, to: 340) == 0)
        #expect(pool.reconfigurations(from: 0, to: 0) == 0)
    }

    @Test("travel that crosses no slot edge costs nothing, both directions")
    func withinSlot() throws {
        let pool = ReusePool(layout: try layout())
        // last(x) stays 2 for x in [0, 145], first(x) stays 0 for x in [0, 170).
        #expect(pool.reconfigurations(from: 0, to: 20) == 0)
        #expect(pool.reconfigurations(from: 20, to: 0) == 0)
        #expect(pool.reconfigurations(from: 0, to: 145) == 0)
        #expect(pool.reconfigurations(from: 145, to: 100) == 0)
    }

    @Test("one stride costs one cell, either way")
    func oneStride() throws {
        let pool = ReusePool(layout: try layout())
        #expect(pool.reconfigurations(from: 340, to: 510) == 1)
        #expect(pool.reconfigurations(from: 510, to: 340) == 1)
        // Starting anywhere: exactly one edge of each kind is crossed per stride.
        #expect(pool.reconfigurations(from: 400, to: 570) == 1)
        #expect(pool.reconfigurations(from: 570, to: 400) == 1)
    }

    @Test("k strides cost k cells", arguments: [2, 3, 5, 10])
    func kStrides(k: Int) throws {
        let pool = ReusePool(layout: try layout())
        let from = 510.0
        #expect(pool.reconfigurations(from: from, to: from + Double(k) * 170) == k)
        #expect(pool.reconfigurations(from: from + Double(k) * 170, to: from) == k)
    }

    @Test("worked example: 0 → 600 brings slots 4, 5, 6 into the window")
    func workedForward() throws {
        let pool = ReusePool(layout: try layout())
        // last(0) + 1 = 3; last(600) = ceil(965/170) − 1 = 5, + 1 = 6: slots 4, 5, 6.
        #expect(pool.reconfigurations(from: 0, to: 600) == 3)
        // Back from 600: first(600) − 1 = floor(430/170) + 1 − 1 = 2; first(0) − 1 = −1 → limited to 0:
        // slots 0, 1 enter.
        #expect(pool.reconfigurations(from: 600, to: 0) == 2)
    }

    @Test("a bounded layout only counts real items; a looping one keeps counting")
    func boundedVersusLooping() throws {
        let bounded = ReusePool(layout: try layout(count: 5))
        // Five items: the window at 0 is 0…3; travelling forward can only bring in item 4.
        #expect(bounded.reconfigurations(from: 0, to: 10_000) == 1)
        #expect(bounded.reconfigurations(from: 10_000, to: 0) == 5)
        // From far before the content (nothing visible) to 0: items 0…3 enter.
        #expect(bounded.reconfigurations(from: -10_000, to: 0) == 4)
        let looping = ReusePool(layout: try layout(looping: true, count: 5))
        // 0 → 1700 = ten strides.
        #expect(looping.reconfigurations(from: 0, to: 1700) == 10)
        #expect(looping.reconfigurations(from: 1700, to: 0) == 10)
        // Across the wrap: −340 → 340 = four strides.
        #expect(looping.reconfigurations(from: -340, to: 340) == 4)
        // Shifting by a whole cycle (5 × 170 = 850) costs the same.
        #expect(looping.reconfigurations(from: 850 - 340, to: 850 + 340) == 4)
    }

    @Test("cost of a decision: from the release offset to the target offset")
    func decisionCost() throws {
        let l = try layout()
        let pool = ReusePool(layout: l)
        let release = Release(offset: 400, velocity: 3)
        let decision = l.decision(slot: 6, rule: "test")   // 1020
        #expect(pool.reconfigurations(settling: release, to: decision) == pool.reconfigurations(from: 400, to: 1020))
        #expect(pool.reconfigurations(from: 400, to: 1020) == 4)   // last visible 4 → 8
    }

    @Test("NaN, infinite and huge offsets give a bounded answer at once",
          arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, Double.greatestFiniteMagnitude])
    func extremes(x: Double) throws {
        for looping in [false, true] {
            let pool = ReusePool(layout: try layout(looping: looping))
            for (a, b) in [(x, 0.0), (0.0, x), (x, -x), (x, x)] {
                let n = pool.reconfigurations(from: a, to: b)
                #expect(n >= 0)
                if looping {
                    #expect(n <= (1 << 53) + 4)
                } else {
                    #expect(n <= 40)
                }
                if a.isNaN || b.isNaN { #expect(n == 0) }
            }
        }
    }

    @Test("extreme spare counts do not overflow")
    func hugeSpare() throws {
        let pool = ReusePool(layout: try layout(looping: true), spareCellsPerSide: Int.max)
        #expect(pool.reconfigurations(from: -.infinity, to: .infinity) > 0)
        #expect(pool.window(atOffset: .infinity) != nil)
    }

    /// The departure's count from the window ends at the end offset (``ReusePool/edges(atOffset:)``,
    /// what a caller keeps for many settles) equals its count from the offset alone, and both
    /// equal the count as the window's ends were computed before the ends were clamped once per
    /// departure (the reference below), on a dense grid of offsets with NaN and infinities,
    /// bounded and looping, spare 0…2.
    @Test("reconfigurations from kept window ends: the count from the offset, on a dense grid")
    func arrivingEdges() throws {
        var offsets = stride(from: -900.0, through: 8_000, by: 37.5).map { $0 }
        offsets += [0, -0.0, 170, 6_290, 6_291, .nan, .infinity, -.infinity, 1e300, -1e300]
        func reference(_ pool: ReusePool, _ start: Double, _ end: Double) -> Int {
            guard start == start, end == end, start != end else { return 0 }
            let n = pool.layout.itemCount, spare = pool.spareCellsPerSide
            if end > start {
                let a = pool.lastVisibleSlot(atOffset: start) + spare, b = pool.lastVisibleSlot(atOffset: end) + spare
                return pool.layout.isLooping ? b - a : SnapMath.clamp(b, -1, n - 1) - SnapMath.clamp(a, -1, n - 1)
            }
            let a = pool.firstVisibleSlot(atOffset: start) - spare, b = pool.firstVisibleSlot(atOffset: end) - spare
            return pool.layout.isLooping ? a - b : SnapMath.clamp(a, 0, n) - SnapMath.clamp(b, 0, n)
        }
        var moved = 0, fromOffset = 0, fromEdges = 0
        for looping in [false, true] {
            for spare in 0...2 {
                let pool = ReusePool(layout: try layout(looping: looping), spareCellsPerSide: spare)
                for start in offsets {
                    let departure = pool.departure(from: start)
                    for end in offsets {
                        let n = reference(pool, start, end)
                        if departure.reconfigurations(to: end) != n { fromOffset += 1 }
                        if departure.reconfigurations(to: end, arriving: pool.edges(atOffset: end)) != n { fromEdges += 1 }
                        moved += n != 0 ? 1 : 0
                    }
                }
            }
        }
        #expect(moved > 10_000)
        #expect(fromOffset == 0 && fromEdges == 0)
    }
}
