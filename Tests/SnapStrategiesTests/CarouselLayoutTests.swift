import Testing
@testable import SnapStrategies

/// The seed-003 carousel: items 160 pt, spacing 10 pt, insets 10 pt, viewport 375 pt, 40 items.
private func seedLayout(alignment: SnapAlignment = .leading, trailingInset: Double? = nil,
                        looping: Bool = false) throws -> CarouselLayout {
    try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, trailingInset: trailingInset,
                       viewportWidth: 375, itemCount: 40, alignment: alignment, isLooping: looping)
}

@Suite("CarouselLayout")
struct CarouselLayoutTests {
    @Test("stores the fields; the trailing inset defaults to the leading inset")
    func storesFields() throws {
        let layout = try seedLayout()
        #expect(layout.itemWidth == 160)
        #expect(layout.spacing == 10)
        #expect(layout.leadingInset == 10)
        #expect(layout.trailingInset == 10)
        #expect(layout.viewportWidth == 375)
        #expect(layout.itemCount == 40)
        #expect(layout.alignment == .leading)
        #expect(layout.isLooping == false)
        #expect(try seedLayout(trailingInset: 30).trailingInset == 30)
        #expect(try seedLayout(looping: true).isLooping)
    }

    @Test("defaults: spacing 0, insets 0, leading alignment, bounded")
    func defaults() throws {
        let layout = try CarouselLayout(itemWidth: 100, viewportWidth: 300, itemCount: 3)
        #expect(layout.spacing == 0)
        #expect(layout.leadingInset == 0)
        #expect(layout.trailingInset == 0)
        #expect(layout.alignment == .leading)
        #expect(!layout.isLooping)
        #expect(layout.contentWidth == 300)
        #expect(layout.maxOffset == 0)
    }

    @Test("stride = item width + spacing: 160 + 10 = 170")
    func stride() throws {
        #expect(try seedLayout().stride == 170)
    }

    @Test("content width = L + n·w + (n − 1)·m + T: 10 + 6400 + 390 + 10 = 6810")
    func contentWidth() throws {
        #expect(try seedLayout().contentWidth == 6810)
        // Unequal insets: 10 + 6400 + 390 + 30.
        #expect(try seedLayout(trailingInset: 30).contentWidth == 6830)
        // A single item has no spacing: 10 + 160 + 0 + 10.
        let one = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 1)
        #expect(one.contentWidth == 180)
    }

    @Test("max offset = max(0, content − viewport): 6810 − 375 = 6435; 0 when the content is narrower")
    func maxOffset() throws {
        #expect(try seedLayout().maxOffset == 6435)
        let short = try CarouselLayout(itemWidth: 50, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 3)
        #expect(short.contentWidth == 190)
        #expect(short.maxOffset == 0)
    }

    @Test("cycle length = n·stride: 40 × 170 = 6800")
    func cycleLength() throws {
        #expect(try seedLayout().cycleLength == 6800)
        #expect(try seedLayout(looping: true).cycleLength == 6800)
    }

    @Test("alignment origin: leading 0, centre L + w/2 − W/2 = −97.5, trailing L + w − (W − T) = −195")
    func alignmentOrigin() throws {
        #expect(try seedLayout(alignment: .leading).alignmentOrigin == 0)
        #expect(try seedLayout(alignment: .center).alignmentOrigin == -97.5)
        #expect(try seedLayout(alignment: .trailing).alignmentOrigin == -195)
        // The trailing inset moves the trailing snap position: 10 + 160 − (375 − 30) = −175.
        #expect(try seedLayout(alignment: .trailing, trailingInset: 30).alignmentOrigin == -175)
        // A wide leading inset: centre 100 + 80 − 187.5 = −7.5.
        let wide = try CarouselLayout(itemWidth: 160, spacing: 10, leadingInset: 100, viewportWidth: 375, itemCount: 5,
                                      alignment: .center)
        #expect(wide.alignmentOrigin == -7.5)
    }

    @Test("description names every field")
    func description() throws {
        #expect(try seedLayout().description == "item 160.0 pt, spacing 10.0 pt, insets 10.0/10.0 pt, viewport 375.0 pt, 40 items, leading")
        #expect(try seedLayout(alignment: .center, looping: true).description.hasSuffix("center, looping"))
    }

    @Test("an item exactly as wide as the viewport is accepted")
    func itemAsWideAsViewport() throws {
        let layout = try CarouselLayout(itemWidth: 375, viewportWidth: 375, itemCount: 2)
        #expect(layout.maxOffset == 375)
    }

    // MARK: - Errors

    @Test("a NaN or infinite length throws notFinite naming the field",
          arguments: [Double.nan, .infinity, -.infinity])
    func notFinite(value: Double) {
        func fails(_ field: String, _ build: () throws -> CarouselLayout) {
            do {
                _ = try build()
                Issue.record("expected notFinite for \(field)")
            } catch {
                if case let .notFinite(name, v) = error as? LayoutError {
                    #expect(name == field)
                    #expect(v.isNaN == value.isNaN)
                    if !value.isNaN { #expect(v == value) }
                } else {
                    Issue.record("expected notFinite for \(field), got \(error)")
                }
            }
        }
        fails("item width") { try CarouselLayout(itemWidth: value, viewportWidth: 375, itemCount: 3) }
        fails("spacing") { try CarouselLayout(itemWidth: 100, spacing: value, viewportWidth: 375, itemCount: 3) }
        fails("leading inset") { try CarouselLayout(itemWidth: 100, leadingInset: value, viewportWidth: 375, itemCount: 3) }
        fails("trailing inset") {
            try CarouselLayout(itemWidth: 100, leadingInset: 5, trailingInset: value, viewportWidth: 375, itemCount: 3)
        }
        fails("viewport width") { try CarouselLayout(itemWidth: 100, viewportWidth: value, itemCount: 3) }
    }

    @Test("zero or negative item or viewport width throws notPositive")
    func notPositive() {
        #expect(throws: LayoutError.notPositive(field: "item width", value: 0)) {
            try CarouselLayout(itemWidth: 0, viewportWidth: 375, itemCount: 3)
        }
        #expect(throws: LayoutError.notPositive(field: "item width", value: -5)) {
            try CarouselLayout(itemWidth: -5, viewportWidth: 375, itemCount: 3)
        }
        #expect(throws: LayoutError.notPositive(field: "viewport width", value: 0)) {
            try CarouselLayout(itemWidth: 100, viewportWidth: 0, itemCount: 3)
        }
        #expect(throws: LayoutError.notPositive(field: "viewport width", value: -375)) {
            try CarouselLayout(itemWidth: 100, viewportWidth: -375, itemCount: 3)
        }
    }

    @Test("negative spacing or insets throw negative; zero is fine")
    func negative() throws {
        #expect(throws: LayoutError.negative(field: "spacing", value: -1)) {
            try CarouselLayout(itemWidth: 100, spacing: -1, viewportWidth: 375, itemCount: 3)
        }
        #expect(throws: LayoutError.negative(field: "leading inset", value: -2)) {
            try CarouselLayout(itemWidth: 100, leadingInset: -2, viewportWidth: 375, itemCount: 3)
        }
        #expect(throws: LayoutError.negative(field: "trailing inset", value: -3)) {
            try CarouselLayout(itemWidth: 100, leadingInset: 2, trailingInset: -3, viewportWidth: 375, itemCount: 3)
        }
        // The default trailing inset copies a negative leading inset, but the leading one is reported first.
        #expect(throws: LayoutError.negative(field: "leading inset", value: -4)) {
            try CarouselLayout(itemWidth: 100, leadingInset: -4, viewportWidth: 375, itemCount: 3)
        }
        let zero = try CarouselLayout(itemWidth: 100, spacing: 0, leadingInset: 0, trailingInset: 0,
                                      viewportWidth: 375, itemCount: 3)
        #expect(zero.contentWidth == 300)
    }

    @Test("fewer than one item throws noItems", arguments: [0, -1, Int.min])
    func noItems(count: Int) {
        #expect(throws: LayoutError.noItems(count: count)) {
            try CarouselLayout(itemWidth: 100, viewportWidth: 375, itemCount: count)
        }
    }

    @Test("an item wider than the viewport is a valid layout (androidx PagerSnapHelperTest: 1 400 px children in 1 000 px)")
    func itemWiderThanViewport() throws {
        // PagerSnapHelperTest's configuration, centred: slot 0 rests at 700 − 500 = 200, each
        // page 1 400 further; halfway between two rests (p = 0.5) rounds to the later page.
        let layout = try CarouselLayout(itemWidth: 1400, viewportWidth: 1000, itemCount: 5, alignment: .center)
        #expect(layout.alignmentOrigin == 200)
        #expect(layout.maxOffset == 6000)
        #expect(layout.snapOffset(ofSlot: 0) == 200)
        #expect(layout.snapOffset(ofSlot: 3) == 4400)
        #expect(layout.snapOffset(ofSlot: 4) == 5800)
        #expect(layout.nearestSlot(toOffset: 899) == 0)
        #expect(layout.nearestSlot(toOffset: 900) == 1)
        #expect(layout.nearestSlot(toOffset: 6000) == 4)
        // At rest on page 3 only page 3 is visible ([4 200, 5 600] covers [4 400, 5 400]); the
        // pool holds 2…4; one page on, page 5 does not exist, so nothing enters: 0; from page 1
        // to page 3, pages 3 and 4 enter the pool: 2.
        let pool = ReusePool(layout: layout)
        #expect(pool.visibleSlots(atOffset: 4400) == 3...3)
        #expect(pool.window(atOffset: 4400) == 2...4)
        #expect(pool.reconfigurations(from: 4400, to: 5800) == 0)
        #expect(pool.reconfigurations(from: 1600, to: 4400) == 2)
        // Leading alignment, 500 pt items in 390 pt: every offset shows one or two items.
        let leading = try CarouselLayout(itemWidth: 500, spacing: 10, leadingInset: 20, viewportWidth: 390, itemCount: 6)
        #expect(leading.maxOffset == 20 + 3000 + 50 + 20 - 390)
        #expect(ReusePool(layout: leading).visibleSlots(atOffset: 100) == 0...0)
        #expect(ReusePool(layout: leading).visibleSlots(atOffset: 500) == 0...1)
        #expect(leading.nearestSlot(toOffset: 254) == 0 && leading.nearestSlot(toOffset: 255) == 1)
    }

    @Test("ASHorizontal margin solving still needs a whole item in the viewport")
    func marginSolvingNeedsAWholeItem() {
        #expect(throws: LayoutError.self) {
            try ASHorizontalMargins(itemWidth: 376).layout(itemCount: 3, viewportWidth: 375)
        }
    }

    @Test("every error description names the problem")
    func errorDescriptions() {
        #expect(LayoutError.notFinite(field: "spacing", value: .nan).description
            == "layout: spacing is nan; expected a finite number of points")
        #expect(LayoutError.notPositive(field: "item width", value: 0).description
            == "layout: item width is 0.0; expected a positive number of points")
        #expect(LayoutError.negative(field: "leading inset", value: -2).description
            == "layout: leading inset is -2.0; expected zero or more points")
        #expect(LayoutError.noItems(count: 0).description == "layout: item count is 0; expected at least 1 item")
        #expect(LayoutError.noWholeItemFits(viewportWidth: 375, needed: 400, detail: "why").description
            == "layout: no whole item fits: the viewport is 375.0 pt but one item needs 400.0 pt (why)")
        #expect(LayoutError.invalidSetting(name: "items per screen", value: -1, expected: "0 or more").description
            == "layout: items per screen is -1.0; expected 0 or more")
    }
}
