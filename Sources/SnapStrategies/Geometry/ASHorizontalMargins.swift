/// ASHorizontalScrollView's margin solver (seed documents 000/001; ASHorizontalScrollView 1.5.2,
/// `calculateMarginByFrame`, `calculateMarginByNumberPerScreen`, `marginSettings`,
/// `centerSubviews`; `policies.md` §1.4): the spacing between items that makes a whole number of
/// items plus a sliver of the next one fill the viewport, and the ``CarouselLayout`` that results.
///
/// With viewport width `W`, left margin `L`, item width `w` (all points):
///
/// - **By frame** (``Arrangement/byFrame``), with `a` the minimum visible width of the last item
///   and `mMin` the minimum margin:
///   `N = floor((W − L − a)/(w + mMin))`, `m = (W − L − a)/N − w` (so `m ≥ mMin`).
///   `N = 0` (the original divides by zero) throws ``LayoutError/noWholeItemFits(viewportWidth:needed:detail:)``.
/// - **By number of items per screen** (``Arrangement/byNumber``), `k` items per screen
///   (e.g. 4.25 = four whole items and a quarter): `full = Int(k)` (truncation); if `full ≤ 0` the
///   by-frame rule is used; `frac = k − full`, `m = (W − L − w·frac)/full − w`; if `m ≤ 0`
///   (k items do not fit) `N = floor((W − L − w·frac)/(w + mMin))`, `m = (W − L − w·frac)/N − w`,
///   and `N = 0` throws as above.
/// - **Settings per screen width**: the original keeps one ``Settings`` per screen width
///   (the keys in ``screenWidthKeys``: 320, 375, 414, 480, 568, 667, 736, 768, 812, 896, 1024,
///   1366 points) and uses ``defaultSettings`` for any other width or for a key without settings.
///   It looks the settings up by the *screen* width (`UIScreen.main.bounds.width`) but solves with
///   the *view's* width; ``layout(itemCount:viewportWidth:screenWidth:)`` takes both, the screen
///   width defaulting to the viewport width.
/// - **Centring** (``shouldCenterSubviews``) applies only when all `n` items fit, i.e. when the
///   uncentred content `L + n·w + (n − 1)·m + L` is narrower than `W`:
///   `extraGap = (W − (m + w)·n + m − 2L)/2` is added to the left margin. The original's content
///   width is then `L + extraGap + n·w + (n − 1)·m + L + extraGap = W`, so the trailing inset is
///   `L + extraGap` too.
///
/// Defaults (`MarginSettings()` of the original): left margin 5, minimum margin 10, minimum width
/// of the last item 20, items per screen 0 (by frame), arrangement by frame, no centring.
///
/// Where ours differs, by necessity: `N = 0` is an error instead of a division by zero; rounding
/// can leave a margin of −1e−15 where it is exactly 0, so the margin is floored at 0; every input
/// is validated (finite, non-negative) and an invalid one throws ``LayoutError``.
///
/// ```swift
/// var margins = ASHorizontalMargins(itemWidth: 50)
/// try margins.setSettings(.init(leftMargin: 10, minimumMargin: 5, minimumLastItemWidth: 20), forScreenWidth: 320)
/// let layout = try margins.layout(itemCount: 20, viewportWidth: 320)
/// layout.spacing   // 8: N = floor(290/55) = 5, m = 290/5 − 50
/// ```
public struct ASHorizontalMargins: Sendable, Hashable {
    /// How the margin is solved (`ArrangeType` of the original).
    public enum Arrangement: String, Sendable, Hashable, CaseIterable {
        /// From the minimum margin and the minimum visible width of the last item.
        case byFrame
        /// From the number of items per screen; falls back to ``byFrame`` when that is 0.
        case byNumber
    }

    /// One screen width's margin settings (`MarginSettings` of the original), points.
    public struct Settings: Sendable, Hashable {
        /// Space before the first item (and after the last), points. Original default 5.
        public var leftMargin: Double
        /// The least margin between items (`miniMarginBetweenItems`), points. Original default 10.
        public var minimumMargin: Double
        /// The least visible width of the item cut by the trailing edge
        /// (`miniAppearWidthOfLastItem`), points. Original default 20.
        public var minimumLastItemWidth: Double
        /// Items per screen for ``Arrangement/byNumber`` (`numberOfItemsPerScreen`), e.g. 4.25;
        /// 0 means "use the by-frame rule". Original default 0.
        public var itemsPerScreen: Double

        /// Settings; the defaults are the original's (`MarginSettings()`). Give `leftMargin` and
        /// `itemsPerScreen` for the by-number rule (`init(leftMargin:numberOfItemsPerScreen:)`).
        public init(leftMargin: Double = 5, minimumMargin: Double = 10, minimumLastItemWidth: Double = 20,
                    itemsPerScreen: Double = 0) {
            self.leftMargin = leftMargin
            self.minimumMargin = minimumMargin
            self.minimumLastItemWidth = minimumLastItemWidth
            self.itemsPerScreen = itemsPerScreen
        }

        /// Throws unless every field is finite and non-negative.
        public func validate() throws(LayoutError) {
            for (name, value) in [("left margin", leftMargin), ("minimum margin", minimumMargin),
                                  ("minimum width of the last item", minimumLastItemWidth),
                                  ("items per screen", itemsPerScreen)] {
                guard value.isFinite else { throw .notFinite(field: name, value: value) }
                guard value >= 0 else { throw .negative(field: name, value: value) }
            }
        }
    }

    /// The screen widths the original keeps separate settings for, points.
    public static let screenWidthKeys: [Int] = [320, 375, 414, 480, 568, 667, 736, 768, 812, 896, 1024, 1366]

    /// Width of every item (`uniformItemSize.width`), points.
    public var itemWidth: Double
    /// By frame (default) or by number of items per screen.
    public var arrangement: Arrangement
    /// Settings used for screen widths without their own (`defaultMarginSettings`).
    public var defaultSettings: Settings
    /// Settings per screen width, keyed by one of ``screenWidthKeys``.
    public private(set) var settingsByScreenWidth: [Int: Settings]
    /// Centre the items when they all fit in the viewport (`shouldCenterSubViews`). Default false.
    public var shouldCenterSubviews: Bool

    /// A solver with the original's defaults and no per-width settings.
    public init(itemWidth: Double, arrangement: Arrangement = .byFrame, defaultSettings: Settings = Settings(),
                shouldCenterSubviews: Bool = false) {
        self.itemWidth = itemWidth
        self.arrangement = arrangement
        self.defaultSettings = defaultSettings
        self.settingsByScreenWidth = [:]
        self.shouldCenterSubviews = shouldCenterSubviews
    }

    /// Stores `settings` for screen width `width` (`marginSettings_320` … `marginSettings_1366`).
    ///
    /// - Throws: ``LayoutError/invalidSetting(name:value:expected:)`` when `width` is not one of
    ///   ``screenWidthKeys``, or the settings' own validation error.
    public mutating func setSettings(_ settings: Settings, forScreenWidth width: Int) throws(LayoutError) {
        guard Self.screenWidthKeys.contains(width) else {
            throw .invalidSetting(name: "screen width key", value: Double(width),
                                  expected: "one of " + Self.screenWidthKeys.map(String.init).joined(separator: ", "))
        }
        try settings.validate()
        settingsByScreenWidth[width] = settings
    }

    /// The settings the original would use on a screen `screenWidth` points wide: those stored for
    /// exactly that width if it is one of ``screenWidthKeys``, ``defaultSettings`` otherwise.
    public func settings(forScreenWidth screenWidth: Double) -> Settings {
        for key in Self.screenWidthKeys where Double(key) == screenWidth {
            return settingsByScreenWidth[key] ?? defaultSettings
        }
        return defaultSettings
    }

    /// The margin between items in a viewport `viewportWidth` points wide, with the settings for
    /// `screenWidth` (default: the viewport width), by ``arrangement``.
    ///
    /// - Throws: ``LayoutError`` for a non-finite or non-positive width, invalid settings, or when
    ///   not one whole item fits.
    public func margin(viewportWidth: Double, screenWidth: Double? = nil) throws(LayoutError) -> Double {
        let settings = self.settings(forScreenWidth: screenWidth ?? viewportWidth)
        switch arrangement {
        case .byFrame:
            return try Self.marginByFrame(viewportWidth: viewportWidth, itemWidth: itemWidth, settings: settings)
        case .byNumber:
            return try Self.marginByNumber(viewportWidth: viewportWidth, itemWidth: itemWidth, settings: settings)
        }
    }

    /// `calculateMarginByFrame`: `N = floor((W − L − a)/(w + mMin))`, `m = (W − L − a)/N − w`, points.
    ///
    /// - Throws: ``LayoutError/noWholeItemFits(viewportWidth:needed:detail:)`` when `N < 1`, and
    ///   validation errors for non-finite, non-positive widths or invalid settings.
    public static func marginByFrame(viewportWidth: Double, itemWidth: Double, settings: Settings) throws(LayoutError) -> Double {
        try validate(viewportWidth: viewportWidth, itemWidth: itemWidth, settings: settings)
        let available = viewportWidth - settings.leftMargin - settings.minimumLastItemWidth
        return try solve(available: available, viewportWidth: viewportWidth, itemWidth: itemWidth,
                         minimumMargin: settings.minimumMargin,
                         reserved: settings.leftMargin + settings.minimumLastItemWidth,
                         rule: "by frame: viewport − left margin − minimum width of the last item")
    }

    /// `calculateMarginByNumberPerScreen`: `full = Int(k)`; by frame if `full ≤ 0`; otherwise
    /// `m = (W − L − w·frac)/full − w`, and if `m ≤ 0`, `N = floor((W − L − w·frac)/(w + mMin))`,
    /// `m = (W − L − w·frac)/N − w`, points.
    ///
    /// - Throws: as ``marginByFrame(viewportWidth:itemWidth:settings:)``.
    public static func marginByNumber(viewportWidth: Double, itemWidth: Double, settings: Settings) throws(LayoutError) -> Double {
        try validate(viewportWidth: viewportWidth, itemWidth: itemWidth, settings: settings)
        let k = settings.itemsPerScreen
        let full = SnapMath.truncatedIndex(k)
        if full <= 0 {
            return try marginByFrame(viewportWidth: viewportWidth, itemWidth: itemWidth, settings: settings)
        }
        let fraction = k - Double(full)
        let available = viewportWidth - settings.leftMargin - itemWidth * fraction
        let margin = available / Double(full) - itemWidth
        if margin > 0 { return margin }
        return try solve(available: available, viewportWidth: viewportWidth, itemWidth: itemWidth,
                         minimumMargin: settings.minimumMargin,
                         reserved: settings.leftMargin + itemWidth * fraction,
                         rule: "by number (\(k) per screen does not fit): viewport − left margin − item width × \(fraction)")
    }

    /// `extraGap = (W − (m + w)·n + m − 2L)/2` when centring applies (``shouldCenterSubviews`` and
    /// the uncentred content `L + n·w + (n − 1)·m + L` is narrower than `W`), else 0, points.
    public static func extraGap(viewportWidth: Double, itemWidth: Double, margin: Double, leftMargin: Double,
                                itemCount: Int) -> Double {
        let n = Double(itemCount)
        let content = leftMargin + n * itemWidth + (n - 1) * margin + leftMargin
        guard content < viewportWidth else { return 0 }
        return (viewportWidth - (margin + itemWidth) * n + margin - 2 * leftMargin) / 2
    }

    /// The bounded, leading-aligned layout ASHorizontalScrollView builds for `itemCount` items in a
    /// viewport `viewportWidth` points wide: spacing = the solved margin, leading inset = `L`
    /// (+ `extraGap` when centring applies), trailing inset = the same (content `L + n·w + (n − 1)·m + L`,
    /// or exactly `W` when centred).
    ///
    /// - Parameter screenWidth: the width that selects the settings (default: `viewportWidth`).
    /// - Throws: ``LayoutError`` for invalid inputs or when no whole item fits.
    public func layout(itemCount: Int, viewportWidth: Double, screenWidth: Double? = nil) throws(LayoutError) -> CarouselLayout {
        guard itemCount >= 1 else { throw .noItems(count: itemCount) }
        let settings = self.settings(forScreenWidth: screenWidth ?? viewportWidth)
        let margin = try self.margin(viewportWidth: viewportWidth, screenWidth: screenWidth)
        var inset = settings.leftMargin
        if shouldCenterSubviews {
            inset += Self.extraGap(viewportWidth: viewportWidth, itemWidth: itemWidth, margin: margin,
                                   leftMargin: settings.leftMargin, itemCount: itemCount)
        }
        return try CarouselLayout(itemWidth: itemWidth, spacing: margin, leadingInset: inset, trailingInset: inset,
                                  viewportWidth: viewportWidth, itemCount: itemCount, alignment: .leading,
                                  isLooping: false)
    }

    // MARK: - Private

    private static func validate(viewportWidth: Double, itemWidth: Double, settings: Settings) throws(LayoutError) {
        for (name, value) in [("viewport width", viewportWidth), ("item width", itemWidth)] {
            guard value.isFinite else { throw .notFinite(field: name, value: value) }
            guard value > 0 else { throw .notPositive(field: name, value: value) }
        }
        try settings.validate()
    }

    /// `N = floor(available/(w + mMin))`, `m = max(0, available/N − w)`; throws when `N < 1`
    /// (including NaN). An infinite `N` (a denormal item width) gives margin 0.
    private static func solve(available: Double, viewportWidth: Double, itemWidth: Double, minimumMargin: Double,
                              reserved: Double, rule: String) throws(LayoutError) -> Double {
        let count = (available / (itemWidth + minimumMargin)).rounded(.down)
        guard count >= 1 else {
            throw .noWholeItemFits(viewportWidth: viewportWidth, needed: reserved + itemWidth + minimumMargin,
                                   detail: "\(rule) = \(available) pt holds no item of item width + minimum margin = \(itemWidth + minimumMargin) pt")
        }
        return Swift.max(0, available / count - itemWidth)
    }
}
