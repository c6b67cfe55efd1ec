import Testing
@testable import SnapStrategies

private typealias Settings = ASHorizontalMargins.Settings

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * Swift.max(1, abs(a), abs(b))
}

@Suite("ASHorizontalMargins")
struct ASHorizontalMarginsTests {
    // MARK: - By frame

    @Test("by frame, worked example: W 320, L 10, a 20, mMin 5, w 50 → N = 5, m = 8")
    func byFrameWorkedExample() throws {
        let settings = Settings(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20)
        let m = try ASHorizontalMargins.marginByFrame(viewportWidth: 320, itemWidth: 50, settings: settings)
        #expect(m == 8)
        var solver = ASHorizontalMargins(itemWidth: 50)
        try solver.setSettings(settings, forScreenWidth: 320)
        let layout = try solver.layout(itemCount: 20, viewportWidth: 320)
        #expect(layout.spacing == 8)
        #expect(layout.leadingInset == 10)
        #expect(layout.trailingInset == 10)
        #expect(layout.itemWidth == 50)
        #expect(layout.viewportWidth == 320)
        #expect(layout.itemCount == 20)
        #expect(layout.alignment == .leading)
        #expect(!layout.isLooping)
        // Content L + n·w + (n − 1)·m + L = 10 + 1000 + 152 + 10.
        #expect(layout.contentWidth == 1172)
        // Five whole items and 20 pt of the sixth: 10 + 5·58 = 300, 320 − 300 = 20.
        #expect(layout.leadingInset + 5 * layout.stride + 20 == 320)
    }

    @Test("by frame with the original defaults (L 5, mMin 10, a 20): W 375, w 80 → N = 3, m = 36.67")
    func byFrameDefaults() throws {
        let m = try ASHorizontalMargins(itemWidth: 80).margin(viewportWidth: 375)
        // N = floor(350/90) = 3, m = 350/3 − 80.
        #expect(close(m, 350.0 / 3 - 80))
    }

    @Test("by frame, N = 0 throws noWholeItemFits instead of dividing by zero")
    func byFrameNoWholeItem() {
        // W − L − a = 100 − 10 − 20 = 70 < w + mMin = 75.
        let settings = Settings(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20)
        do {
            _ = try ASHorizontalMargins.marginByFrame(viewportWidth: 100, itemWidth: 70, settings: settings)
            Issue.record("expected noWholeItemFits")
        } catch {
            guard case let .noWholeItemFits(viewport, needed, detail) = error else {
                Issue.record("expected noWholeItemFits, got \(error)")
                return
            }
            #expect(viewport == 100)
            #expect(needed == 105)   // L + a + w + mMin
            #expect(detail.contains("by frame"))
            #expect(error.description.contains("no whole item fits"))
        }
        // A negative available width (left margin wider than the viewport) is the same error.
        #expect(throws: LayoutError.self) {
            try ASHorizontalMargins.marginByFrame(viewportWidth: 100, itemWidth: 50,
                                                  settings: Settings(leftMargin: 200, minimumMargin: 0, minimumLastItemWidth: 0))
        }
    }

    @Test("by frame with mMin 0 and an exact fit gives margin 0, never negative")
    func byFrameExactFit() throws {
        // W − L − a = 300, w = 100: N = 3, m = 0.
        let settings = Settings(leftMargin: 0, minimumMargin: 0, minimumLastItemWidth: 0)
        let m = try ASHorizontalMargins.marginByFrame(viewportWidth: 300, itemWidth: 100, settings: settings)
        #expect(m == 0)
        // 0.3/0.1 = 2.9999999999999996 in binary: N = 2, m = 0.05, still ≥ 0.
        let tiny = try ASHorizontalMargins.marginByFrame(viewportWidth: 0.3, itemWidth: 0.1, settings: settings)
        #expect(close(tiny, 0.05))
    }

    // MARK: - By number

    @Test("by number, worked example: W 375, L 10, w 80, k 5.3, mMin 10 → m ≤ 0 → N = 3, m = 33.67")
    func byNumberFallback() throws {
        let settings = Settings(leftMargin: 10, minimumMargin: 10, minimumLastItemWidth: 20, itemsPerScreen: 5.3)
        let m = try ASHorizontalMargins.marginByNumber(viewportWidth: 375, itemWidth: 80, settings: settings)
        // (375 − 10 − 24)/5 − 80 = −11.8 ≤ 0; N = floor(341/90) = 3; m = 341/3 − 80.
        #expect(close(m, 341.0 / 3 - 80))
        #expect(close(m, 33.6667, 1e-5))
    }

    @Test("by number, k items fit: W 320, L 10, w 50, k 4.25 → m = (320 − 10 − 12.5)/4 − 50 = 24.375")
    func byNumberFits() throws {
        var solver = ASHorizontalMargins(itemWidth: 50, arrangement: .byNumber)
        try solver.setSettings(Settings(leftMargin: 10, itemsPerScreen: 4.25), forScreenWidth: 320)
        let layout = try solver.layout(itemCount: 20, viewportWidth: 320)
        #expect(layout.spacing == 24.375)
        // Four whole items and a quarter of the fifth: 10 + 4·74.375 + 12.5 = 320.
        #expect(layout.leadingInset + 4 * layout.stride + 0.25 * 50 == 320)
    }

    @Test("by number, whole k: W 375, L 15, w 100, k 3 → m = (375 − 15)/3 − 100 = 20")
    func byNumberWhole() throws {
        let settings = Settings(leftMargin: 15, itemsPerScreen: 3)
        #expect(try ASHorizontalMargins.marginByNumber(viewportWidth: 375, itemWidth: 100, settings: settings) == 20)
    }

    @Test("by number with fewer than one whole item per screen (k < 1) uses the by-frame rule",
          arguments: [0.0, 0.5, 0.999])
    func byNumberFullZero(k: Double) throws {
        let settings = Settings(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20, itemsPerScreen: k)
        let byNumber = try ASHorizontalMargins.marginByNumber(viewportWidth: 320, itemWidth: 50, settings: settings)
        #expect(byNumber == 8)   // the by-frame worked example
    }

    @Test("by number, fallback with N = 0 throws noWholeItemFits")
    func byNumberFallbackNoWholeItem() {
        // k = 2.5, w = 100, W = 200, L = 10: (200 − 10 − 50)/2 − 100 = −30 ≤ 0; N = floor(140/110) = 1 fits.
        // W = 150: (150 − 10 − 50)/2 − 100 < 0; N = floor(90/110) = 0 → error.
        let settings = Settings(leftMargin: 10, minimumMargin: 10, minimumLastItemWidth: 0, itemsPerScreen: 2.5)
        #expect(throws: LayoutError.self) {
            try ASHorizontalMargins.marginByNumber(viewportWidth: 150, itemWidth: 100, settings: settings)
        }
        do {
            _ = try ASHorizontalMargins.marginByNumber(viewportWidth: 150, itemWidth: 100, settings: settings)
        } catch {
            guard case let .noWholeItemFits(_, needed, detail) = error else {
                Issue.record("expected noWholeItemFits, got \(error)")
                return
            }
            #expect(needed == 170)   // L + w·frac + w + mMin = 10 + 50 + 100 + 10
            #expect(detail.contains("by number"))
        }
        #expect(close((try? ASHorizontalMargins.marginByNumber(viewportWidth: 200, itemWidth: 100, settings: settings)) ?? -1, 40))
    }

    @Test("by number with a huge k falls back without trapping")
    func byNumberHugeK() {
        let settings = Settings(leftMargin: 10, minimumMargin: 10, minimumLastItemWidth: 0, itemsPerScreen: 1e300)
        #expect(throws: LayoutError.self) {
            try ASHorizontalMargins.marginByNumber(viewportWidth: 375, itemWidth: 80, settings: settings)
        }
    }

    // MARK: - Settings per screen width

    @Test("settings are looked up by the original's screen-width keys; other widths get the default")
    func perWidthLookup() throws {
        var solver = ASHorizontalMargins(itemWidth: 50, defaultSettings: Settings(leftMargin: 1))
        let narrow = Settings(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20)
        let wide = Settings(leftMargin: 10, minimumMargin: 10, minimumLastItemWidth: 30)
        try solver.setSettings(narrow, forScreenWidth: 320)
        try solver.setSettings(wide, forScreenWidth: 736)
        #expect(solver.settings(forScreenWidth: 320) == narrow)
        #expect(solver.settings(forScreenWidth: 736) == wide)
        // A key without settings and a width that is no key both get the default.
        #expect(solver.settings(forScreenWidth: 375) == Settings(leftMargin: 1))
        #expect(solver.settings(forScreenWidth: 321) == Settings(leftMargin: 1))
        #expect(solver.settings(forScreenWidth: 320.5) == Settings(leftMargin: 1))
        #expect(solver.settings(forScreenWidth: .nan) == Settings(leftMargin: 1))
        #expect(solver.settingsByScreenWidth.count == 2)
        // The margin follows the screen width, the solving the viewport width:
        // settings of 320 in a 300-pt view: (300 − 30)/55 → N = 4, m = 270/4 − 50 = 17.5.
        #expect(try solver.margin(viewportWidth: 300, screenWidth: 320) == 17.5)
        // The default settings (L 1, mMin 10, a 20) in the same view: N = floor(279/60) = 4, m = 19.75.
        #expect(try solver.margin(viewportWidth: 300) == 19.75)
    }

    @Test("every original key is accepted")
    func allKeys() throws {
        var solver = ASHorizontalMargins(itemWidth: 50)
        #expect(ASHorizontalMargins.screenWidthKeys == [320, 375, 414, 480, 568, 667, 736, 768, 812, 896, 1024, 1366])
        for (i, key) in ASHorizontalMargins.screenWidthKeys.enumerated() {
            try solver.setSettings(Settings(leftMargin: Double(i)), forScreenWidth: key)
        }
        for (i, key) in ASHorizontalMargins.screenWidthKeys.enumerated() {
            #expect(solver.settings(forScreenWidth: Double(key)).leftMargin == Double(i))
        }
    }

    @Test("a width that is not a key, or invalid settings, are refused")
    func invalidSettings() {
        var solver = ASHorizontalMargins(itemWidth: 50)
        #expect(throws: LayoutError.self) { try solver.setSettings(Settings(), forScreenWidth: 321) }
        #expect(throws: LayoutError.negative(field: "left margin", value: -1)) {
            try solver.setSettings(Settings(leftMargin: -1), forScreenWidth: 320)
        }
        #expect(throws: LayoutError.negative(field: "minimum margin", value: -1)) {
            try solver.setSettings(Settings(minimumMargin: -1), forScreenWidth: 320)
        }
        #expect(throws: LayoutError.negative(field: "items per screen", value: -2)) {
            try solver.setSettings(Settings(leftMargin: 5, itemsPerScreen: -2), forScreenWidth: 320)
        }
        #expect(throws: LayoutError.notFinite(field: "minimum width of the last item", value: .infinity)) {
            try solver.setSettings(Settings(minimumLastItemWidth: .infinity), forScreenWidth: 320)
        }
        #expect(throws: LayoutError.self) {
            try solver.setSettings(Settings(itemsPerScreen: .nan), forScreenWidth: 320)
        }
        #expect(solver.settingsByScreenWidth.isEmpty)
    }

    @Test("invalid widths and default settings are refused when solving")
    func invalidInputs() {
        #expect(throws: LayoutError.notFinite(field: "viewport width", value: .infinity)) {
            try ASHorizontalMargins(itemWidth: 50).margin(viewportWidth: .infinity)
        }
        #expect(throws: LayoutError.notPositive(field: "viewport width", value: 0)) {
            try ASHorizontalMargins(itemWidth: 50).margin(viewportWidth: 0)
        }
        #expect(throws: LayoutError.notPositive(field: "item width", value: -50)) {
            try ASHorizontalMargins(itemWidth: -50).margin(viewportWidth: 320)
        }
        #expect(throws: LayoutError.self) {
            try ASHorizontalMargins(itemWidth: .nan, arrangement: .byNumber).margin(viewportWidth: 320)
        }
        #expect(throws: LayoutError.negative(field: "minimum margin", value: -3)) {
            try ASHorizontalMargins(itemWidth: 50, defaultSettings: Settings(minimumMargin: -3)).margin(viewportWidth: 320)
        }
        #expect(throws: LayoutError.noItems(count: 0)) {
            try ASHorizontalMargins(itemWidth: 50).layout(itemCount: 0, viewportWidth: 320)
        }
    }

    // MARK: - Centring

    @Test("centring applies when all items fit: extraGap = (W − (m + w)·n + m − 2L)/2")
    func centringApplies() throws {
        var solver = ASHorizontalMargins(itemWidth: 50, shouldCenterSubviews: true)
        try solver.setSettings(Settings(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20), forScreenWidth: 320)
        // m = 8; 3 items: uncentred content 10 + 150 + 16 + 10 = 186 < 320;
        // extraGap = (320 − 58·3 + 8 − 20)/2 = 67.
        #expect(ASHorizontalMargins.extraGap(viewportWidth: 320, itemWidth: 50, margin: 8, leftMargin: 10, itemCount: 3) == 67)
        let layout = try solver.layout(itemCount: 3, viewportWidth: 320)
        #expect(layout.spacing == 8)
        #expect(layout.leadingInset == 77)
        #expect(layout.trailingInset == 77)
        // The original's centred content is exactly the viewport, and the items are centred:
        // first item starts 77 pt from the left, last ends 77 pt from the right.
        #expect(layout.contentWidth == 320)
        #expect(layout.maxOffset == 0)
        #expect(layout.leadingInset + 2 * layout.stride + layout.itemWidth == 320 - 77)
    }

    @Test("centring does not apply when the items fill the viewport, or when turned off")
    func centringDoesNotApply() throws {
        var solver = ASHorizontalMargins(itemWidth: 50, shouldCenterSubviews: true)
        try solver.setSettings(Settings(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20), forScreenWidth: 320)
        // 6 items: 10 + 300 + 40 + 10 = 360 ≥ 320.
        #expect(ASHorizontalMargins.extraGap(viewportWidth: 320, itemWidth: 50, margin: 8, leftMargin: 10, itemCount: 6) == 0)
        let full = try solver.layout(itemCount: 6, viewportWidth: 320)
        #expect(full.leadingInset == 10)
        #expect(full.trailingInset == 10)
        #expect(full.contentWidth == 360)
        // Exactly filling (content == W) is not "fits" in the original (strict <): 5 items, m = 8,
        // L = 10 → 10 + 250 + 32 + 10 = 302; W = 302 is not centred.
        #expect(ASHorizontalMargins.extraGap(viewportWidth: 302, itemWidth: 50, margin: 8, leftMargin: 10, itemCount: 5) == 0)
        solver.shouldCenterSubviews = false
        let off = try solver.layout(itemCount: 3, viewportWidth: 320)
        #expect(off.leadingInset == 10)
        #expect(off.contentWidth == 186)
    }

    @Test("a single centred item sits in the middle")
    func centringSingleItem() throws {
        let solver = ASHorizontalMargins(itemWidth: 50, defaultSettings: Settings(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20),
                                         shouldCenterSubviews: true)
        let layout = try solver.layout(itemCount: 1, viewportWidth: 320)
        // extraGap = (320 − 58 + 8 − 20)/2 = 125: the item spans 135…185, centred on 160.
        #expect(layout.leadingInset == 135)
        #expect(layout.leadingInset + layout.itemWidth / 2 == 160)
    }

    @Test("the arrangement enum lists both rules")
    func arrangements() {
        #expect(ASHorizontalMargins.Arrangement.allCases == [.byFrame, .byNumber])
        #expect(ASHorizontalMargins(itemWidth: 1).arrangement == .byFrame)
        #expect(!ASHorizontalMargins(itemWidth: 1).shouldCenterSubviews)
        #expect(Settings() == Settings(leftMargin: 5, minimumMargin: 10, minimumLastItemWidth: 20, itemsPerScreen: 0))
    }
}
