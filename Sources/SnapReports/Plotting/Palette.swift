import SnapStrategies

/// Colours of every plot: a colour-blind-safe categorical palette for policies and a diverging
/// scheme for pages moved.
///
/// - Categorical: Okabe & Ito (2008), "Color Universal Design" — blue `#0072B2`, vermillion
///   `#D55E00`, bluish green `#009E73`, reddish purple `#CC79A7`, orange `#E69F00`, sky blue
///   `#56B4E9`, black `#000000`, yellow `#F0E442` (yellow last: weak on white). Distinct under
///   protanopia, deuteranopia and tritanopia. Cycled past eight series.
/// - Diverging, pages moved −3…+3: ColorBrewer `PuOr` with 7 classes (Brewer, colorbrewer2.org,
///   marked colour-blind safe): backward moves orange/brown, staying near-white, forward moves
///   purple. Values beyond ±3 take the end colours (the legend says `≤ −3`, `≥ +3`).
public enum Palette {
    /// Okabe–Ito colours in series order.
    public static let categorical = ["#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                     "#E69F00", "#56B4E9", "#000000", "#F0E442"]

    /// Colour of series `i` (cycled; negative `i` wraps).
    public static func series(_ i: Int) -> String {
        categorical[SnapMath.wrap(i, modulo: categorical.count)]
    }

    /// One colour per policy for a whole report or command: the `i`-th id of `ids` takes
    /// ``series(_:)`` `i` for the first eight, ``others`` (grey) after that, so no two policies
    /// share a colour. Every plot and table of a report is drawn with the same map.
    public static func assign(_ ids: [String]) -> [String: String] {
        var map: [String: String] = [:]
        for id in ids where map[id] == nil { map[id] = map.count < categorical.count ? series(map.count) : others }
        return map
    }

    /// Colour of policies past the eighth in ``assign(_:)``.
    public static let others = "#a0a7b0"

    /// `PuOr` 7-class, from −3 (index 0) to +3 (index 6).
    public static let diverging = ["#b35806", "#f1a340", "#fee0b6", "#f7f7f7",
                                   "#d8daeb", "#998ec3", "#542788"]

    /// The largest page count the diverging scheme tells apart (beyond it, the end colours).
    public static let pagesLimit = 3

    /// Colour of a cell that moved `pages` pages (clamped to ±``pagesLimit``).
    public static func pages(_ pages: Int) -> String {
        diverging[SnapMath.clamp(pages, -pagesLimit, pagesLimit) + pagesLimit]
    }

    /// Legend text of `pages` moved: `"0"`, `"+1"`, `"−2"`, and `"≤ −3"`/`"≥ +3"` at the ends.
    public static func pagesLabel(_ pages: Int) -> String {
        let p = SnapMath.clamp(pages, -pagesLimit, pagesLimit)
        let body = p > 0 ? "+\(p)" : p < 0 ? "\u{2212}\(-p)" : "0"
        if p == pagesLimit { return "\u{2265} " + body }
        if p == -pagesLimit { return "\u{2264} " + body }
        return body
    }

    /// Marker colours of the trace overlay.
    public static let hit = "#000000"
    public static let miss = "#ffffff"
    public static let unlabelled = "#777777"
}
