import SnapTraces

/// The platform an app ships on (`--platform`): which release velocity its tracker measures and
/// which snapping policies it runs natively, so that `recommend` and `report` judge the
/// candidates the app can actually use, on the velocities it will actually feed them.
///
/// Trackers (Docs/real-recordings.md §3 cites each source): iOS `UIScrollView` (`ios`), Android
/// Views' `VelocityTracker` LSQ2 strategy (`lsq2`), Compose's `VelocityTracker1D` (`compose`),
/// Flutter's `VelocityTracker` (`flutter`), Chromium's touch scrolling (`chromium`).
/// Besides a platform's native policies, the rules that are a few lines of code on any platform
/// (``rulePolicyIDs``) stay candidates: they ship as code.
public enum DecisionPlatform: String, Sendable, CaseIterable, CustomStringConvertible {
    case ios
    case androidViews = "android-views"
    case compose
    case flutter
    case web

    /// The velocity estimator matching the platform's tracker.
    public var velocity: VelocityMethod {
        switch self {
        case .ios: return .ios
        case .androidViews: return .lsq2
        case .compose: return .compose
        case .flutter: return .flutter
        case .web: return .chromium
        }
    }

    /// The catalogue policies the platform runs natively (its own widgets and the libraries built on them).
    public var nativePolicyIDs: [String] {
        switch self {
        case .ios:
            return ["ashorizontal", "uikit-projected-nearest", "uikit-paging", "uikit-paging-spring", "swiftui-viewaligned",
                    "swiftui-viewaligned-never", "icarousel", "icarousel-paging", "rn-ios-snapinterval", "rn-ios-snapinterval-nomomentum"]
        case .androidViews:
            return ["android-viewpager", "android-pagersnap", "android-linearsnap", "rn-android-paging"]
        case .compose:
            return ["compose-pager", "compose-lazyrow-snap"]
        case .flutter:
            return ["flutter-pageview", "flutter-pageview-bouncing", "flutter-fixedextent", "flutter-fixedextent-bouncing"]
        case .web:
            return ["css-snap-mandatory", "css-snap-proximity", "swiper", "embla"]
        }
    }

    /// Rules any platform can ship as code: a few comparisons on the release (``SnapStrategies``
    /// shows each), not a platform's widget.
    public static let rulePolicyIDs = ["tag99", "nearest", "learned-threshold"]

    /// Whether `id` is a candidate on this platform: native, or a rule that ships as code.
    public func allows(_ id: String) -> Bool { nativePolicyIDs.contains(id) || Self.rulePolicyIDs.contains(id) }

    public var description: String { rawValue }

    /// One line for the verdict and the generated code's header. `readWith`: the estimator the
    /// run used when it is not the tracker's own (`compose-frames` on frame-logged Compose rows).
    public func summary(readWith method: VelocityMethod? = nil) -> String {
        "platform \(rawValue): velocity as its tracker measures it (\((method ?? velocity).rawValue)); candidates: its native policies ("
            + nativePolicyIDs.joined(separator: ", ") + ") and rules that ship as code (" + Self.rulePolicyIDs.joined(separator: ", ") + ")"
    }
}
