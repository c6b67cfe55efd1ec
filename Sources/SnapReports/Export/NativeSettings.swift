import SnapStrategies
import SnapTraces

/// A platform policy at chosen values as that platform's own configuration, when the platform has
/// the knobs (`snaplab export --lang native`): Compose `PagerDefaults.flingBehavior`, Swiper and
/// Embla options, CSS scroll snap, SwiftUI `.viewAligned`, Flutter `PageScrollPhysics`, React
/// Native `ScrollView` props, UIKit's deceleration rate.
///
/// Every parameter without a native knob is listed; when one of those differs from the platform's
/// default, the native settings do not reproduce the values and ``suffices`` is false (export the
/// code instead). Values are the platform's units (Android dp and dp/s, CSS px = pt, Flutter
/// logical px and px/s).
public struct NativeSettings: Sendable {
    /// The platform and its configuration, ready to paste.
    public var platform: String
    public var code: String
    /// Parameters the configuration cannot set, with whether each is still at its default and
    /// whether it is a platform constant (the device's, not the app's: density, touch slop, physics).
    public var withoutKnob: [(name: String, value: Double, isDefault: Bool, isPlatformConstant: Bool)]

    /// Whether the configuration reproduces the values: every knob-less threshold at its default
    /// (platform constants are the device's, whatever the app configures).
    public var suffices: Bool { withoutKnob.allSatisfy { $0.isDefault || $0.isPlatformConstant } }

    /// The identifiers that have native settings, in catalogue order.
    public static var supportedIdentifiers: [String] {
        PolicyCatalog.all.filter { NativeSettings(policy: $0) != nil }.map(\.id)
    }

    /// The settings for `policy`, or nil when its platform has no such knobs.
    public init?(policy: any SnapPolicy) {
        let specs = policy.parameterSpecs, values = policy.parameterValues
        var v: [String: Double] = [:]
        for (s, x) in zip(specs, values) { v[s.name] = x }
        func n(_ name: String) -> String { ExportNumber.text(v[name] ?? .nan) }
        // A whole-number parameter (flag, option, count; validated whole and in range by the policy).
        func whole(_ name: String) -> Int { Int(exactly: v[name] ?? .nan) ?? 0 }
        func flag(_ name: String) -> String { whole(name) != 0 ? "true" : "false" }
        func scaled(_ name: String, _ factor: Double) -> String { ExportNumber.text((v[name] ?? .nan) * factor) }
        let knobs: Set<String>
        switch policy.id {
        case "compose-pager":
            platform = "Jetpack Compose (androidx.compose.foundation.pager)"
            code = """
            val fling = PagerDefaults.flingBehavior(
                state = pagerState,
                pagerSnapDistance = PagerSnapDistance.atMost(\(whole("maxPages"))),
                snapPositionalThreshold = \(n("positionalThreshold"))f
            )
            HorizontalPager(state = pagerState, flingBehavior = fling) { page -> /* … */ }
            """
            knobs = ["maxPages", "positionalThreshold"]
        case "swiper":
            platform = "Swiper (swiperjs.com), options"
            code = """
            const swiper = new Swiper(".swiper", {
              threshold: \(n("threshold")),            // px (CSS px = pt)
              longSwipesRatio: \(n("longSwipesRatio")),
              longSwipesMs: \(n("longSwipesMs")),         // ms
              shortSwipes: \(flag("shortSwipes")),
              longSwipes: \(flag("longSwipes")),
            });
            """
            knobs = ["threshold", "longSwipesRatio", "longSwipesMs", "shortSwipes", "longSwipes"]
        case "embla":
            let contain = ["false", "\"trimSnaps\"", "\"keepSnaps\""][SnapMath.clamp(whole("containScroll"), 0, 2)]
            platform = "Embla Carousel, options"
            code = """
            const embla = EmblaCarousel(viewportNode, {
              skipSnaps: \(flag("skipSnaps")),
              containScroll: \(contain),
            });
            """
            knobs = ["skipSnaps", "containScroll"]
        case "css-snap-mandatory", "css-snap-proximity":
            platform = "CSS scroll snap (Chromium)"
            code = """
            .carousel { overflow-x: auto; scroll-snap-type: x \(policy.id == "css-snap-mandatory" ? "mandatory" : "proximity"); }
            .carousel > .item { scroll-snap-align: start; /* center or end: as your layout's alignment */
                                scroll-snap-stop: \(whole("stopAlways") != 0 ? "always" : "normal"); }
            """
            knobs = ["stopAlways"]
        case "swiftui-viewaligned", "swiftui-viewaligned-never":
            let limited = policy.id == "swiftui-viewaligned"
            platform = "SwiftUI (iOS 17+)"
            code = """
            ScrollView(.horizontal) {
                LazyHStack { /* items */ }.scrollTargetLayout()
            }
            .scrollTargetBehavior(.viewAligned(limitBehavior: \(limited ? ".alwaysByOne" : ".never")))
            """
            // `.alwaysByOne` is one view; no limit other than one or none exists.
            knobs = limited && whole("maxViews") == 1 ? ["maxViews"] : []
        case "flutter-pageview", "flutter-pageview-bouncing":
            let bouncing = policy.id == "flutter-pageview-bouncing"
            platform = "Flutter PageView, ScrollPhysics getters"
            code = """
            class FittedPageScrollPhysics extends PageScrollPhysics {
              const FittedPageScrollPhysics({super.parent});
              @override
              FittedPageScrollPhysics applyTo(ScrollPhysics? ancestor) =>
                  FittedPageScrollPhysics(parent: buildParent(ancestor));
              @override
              double get minFlingVelocity => \(scaled("minFlingVelocity", 1000)); // logical px/s
              @override
              double get minFlingDistance => \(n("minFlingDistance")); // logical px
            }
            // PageView(physics: const FittedPageScrollPhysics(parent: \(bouncing ? "BouncingScrollPhysics()" : "ClampingScrollPhysics()")), …)
            """
            knobs = ["minFlingVelocity", "minFlingDistance"]
        case "rn-ios-snapinterval", "rn-ios-snapinterval-nomomentum":
            platform = "React Native ScrollView (iOS)"
            let rate = v["decelerationRate"].map { "\n  decelerationRate={\(ExportNumber.text($0))}" } ?? ""
            code = """
            <ScrollView
              horizontal
              snapToInterval={itemWidth + itemSpacing}\(rate)
              disableIntervalMomentum={\(policy.id.hasSuffix("nomomentum") ? "true" : "false")}
            />
            """
            knobs = ["decelerationRate"]
        case "uikit-projected-nearest":
            platform = "UIKit (the rounding itself needs scrollViewWillEndDragging: the Swift export's snippet)"
            code = "scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: \(n("decelerationRate")))"
            knobs = ["decelerationRate"]
        default:
            return nil
        }
        withoutKnob = zip(specs, values).filter { !knobs.contains($0.0.name) }
            .map { ($0.0.name, $0.1, $0.1 == $0.0.defaultValue, $0.0.role == .platformConstant) }
    }

    /// The configuration under a comment header, then what it cannot set (CSS: `/* */` comments).
    public func text(header: ExportHeader) -> String {
        var notes: [String] = [""]
        if withoutKnob.isEmpty {
            notes.append("Every value has a native knob: this configuration reproduces the policy.")
        } else {
            notes.append("No native knob for: " + withoutKnob.map {
                "\($0.name) = \(ExportNumber.text($0.value))"
                    + ($0.isPlatformConstant ? " (a platform constant: the device sets it)"
                       : $0.isDefault ? " (the platform's default)" : " (differs from the platform's default)")
            }.joined(separator: ", ") + ".")
            notes.append(suffices
                ? "The thresholds among those are the platform's defaults: this configuration reproduces the policy."
                : "Some thresholds differ from the platform's defaults: this configuration does NOT reproduce the policy; "
                    + "export the code (--lang swift|kotlin|js).")
        }
        let css = platform.hasPrefix("CSS")
        func comment(_ lines: [String]) -> String {
            lines.map { $0.isEmpty ? (css ? "" : "//") : (css ? "/* \($0) */" : "// " + $0) }.joined(separator: "\n") + "\n"
        }
        return comment(header.lines + ["", "Native settings: \(platform)."]) + "\n" + code + "\n" + comment(notes)
    }
}
