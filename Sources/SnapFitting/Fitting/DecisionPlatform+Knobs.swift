/// A setting an app can change on one of its platform's native policies (`--platform`): a
/// parameter of the catalogue policy and, for a setting with a fixed set of values, those values.
public struct PlatformKnob: Sendable, Hashable {
    /// The policy's parameter (``SnapStrategies/PolicyParameter/name``).
    public let name: String
    /// The values the platform offers; `nil`: any value in the parameter's range.
    public let values: [Double]?
    /// Where the platform exposes it.
    public let source: String

    public init(_ name: String, values: [Double]? = nil, source: String) {
        self.name = name
        self.values = values
        self.source = source
    }
}

extension DecisionPlatform {
    /// The settings the platform exposes on native policy `id` — the only parameters `recommend`
    /// and `report` may fit for it under `--platform` (a fitted value the app cannot set is not
    /// a configuration it can ship). `nil` for a rule that ships as code (``rulePolicyIDs``) or a
    /// policy the platform does not run: every threshold, as without `--platform`. An empty list:
    /// the widget's thresholds are the platform's own constants (defaults only).
    ///
    /// Sources, per policy:
    /// - iOS `UIScrollView.decelerationRate`: a `UIScrollView.DecelerationRate`, documented as
    ///   `.normal` (0.998/ms) and `.fast` (0.99/ms) — a choice of two, not a range; paging
    ///   (`isPagingEnabled`) exposes no threshold. SwiftUI's `.viewAligned` exposes only its limit
    ///   behaviour (a whole number of views, never fitted). iCarousel (nicklockwood/iCarousel,
    ///   `iCarousel.h`): `decelerationRate`, `scrollSpeed` and `bounceDistance` are properties;
    ///   `SCROLL_SPEED_THRESHOLD`, `DECELERATE_THRESHOLD`, `SCROLL_DISTANCE_THRESHOLD` and
    ///   `DECELERATION_MULTIPLIER` are `#define`s in `iCarousel.m`. ASHorizontalScrollView:
    ///   `widthToScrollNextItem` is a public property (`ASHorizontalScrollView.swift`). React
    ///   Native's `ScrollView` prop `decelerationRate` takes `'normal'`, `'fast'` or a number
    ///   (`ScrollViewProps`; iOS `RCTScrollView.m` sets it on the scroll view).
    /// - Android Views: `ViewPager`'s `MIN_FLING_VELOCITY`, `MIN_DISTANCE_FOR_FLING` and the
    ///   truncator are private constants (`ViewPager.java`); `RecyclerView` takes its minimum
    ///   fling velocity from `ViewConfiguration` (`mMinFlingVelocity`, private), so
    ///   `PagerSnapHelper` and `LinearSnapHelper` expose none. React Native Android's
    ///   `decelerationRate` prop (`ReactHorizontalScrollView.setDecelerationRate`).
    /// - Compose: `PagerDefaults.flingBehavior(state, pagerSnapDistance, decayAnimationSpec,
    ///   snapAnimationSpec, snapPositionalThreshold)` (androidx `foundation/pager/Pager.kt`):
    ///   the snap position as `snapPositionalThreshold`, the page limit as `pagerSnapDistance`
    ///   (whole pages, not fitted) and the fling decay as a `DecayAnimationSpec` (a choice of
    ///   curve: the spline's friction stays the platform's); the minimum fling velocity and the
    ///   56 dp positional distance are internal. `rememberSnapFlingBehavior(lazyListState,
    ///   snapPosition)` (`LazyListSnapLayoutInfoProvider.kt`) exposes a snap position and a decay
    ///   spec, neither a number of the spline: defaults only.
    /// - Flutter: `ScrollPhysics.minFlingVelocity`, `minFlingDistance` and `maxFlingVelocity`
    ///   are getters a `ScrollPhysics` subclass overrides (`widgets/scroll_physics.dart`); the
    ///   page view policies model no `maxFlingVelocity`.
    /// - Web: CSS scroll snapping has no threshold (the browser's fling); Swiper's
    ///   `longSwipesMs`, `longSwipesRatio` and `threshold` are parameters (`src/core/defaults.ts`);
    ///   Embla's options (`dragThreshold`, `skipSnaps`, `containScroll`) are not the projection's
    ///   constants of `DragHandler.ts`/`ScrollBody.ts`, which are internal.
    public func knobs(of id: String) -> [PlatformKnob]? {
        guard nativePolicyIDs.contains(id) else { return nil }
        let uikitRate = PlatformKnob("decelerationRate", values: [0.998, 0.99],
                                     source: "UIScrollView.decelerationRate: .normal (0.998) or .fast (0.99)")
        let rnRate = PlatformKnob("decelerationRate", source: "React Native ScrollView prop decelerationRate ('normal', 'fast' or a number)")
        let iCarousel = ["decelerationRate", "scrollSpeed", "bounceDistance"].map {
            PlatformKnob($0, source: "iCarousel.h property \($0)")
        }
        let flutter = { (names: [String]) in
            names.map { PlatformKnob($0, source: "ScrollPhysics.\($0) (a getter a ScrollPhysics subclass overrides)") }
        }
        switch id {
        case "uikit-projected-nearest": return [uikitRate]
        case "icarousel", "icarousel-paging": return iCarousel
        case "ashorizontal": return [PlatformKnob("widthToScrollNextItem", source: "ASHorizontalScrollView.widthToScrollNextItem")]
        case "rn-ios-snapinterval", "rn-android-paging": return [rnRate]
        case "compose-pager":
            return [PlatformKnob("positionalThreshold", source: "PagerDefaults.flingBehavior(snapPositionalThreshold:)")]
        case "flutter-pageview", "flutter-pageview-bouncing": return flutter(["minFlingVelocity", "minFlingDistance"])
        case "flutter-fixedextent", "flutter-fixedextent-bouncing": return flutter(["minFlingVelocity", "minFlingDistance", "maxFlingVelocity"])
        case "swiper":
            return ["longSwipesMs", "longSwipesRatio", "threshold"].map { PlatformKnob($0, source: "Swiper parameter \($0)") }
        default: return []
        }
    }
}
