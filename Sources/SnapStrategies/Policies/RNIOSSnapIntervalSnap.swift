/// React Native's iOS `ScrollView` with `snapToInterval`, with and without `disableIntervalMomentum`
/// (facebook/react-native: `packages/react-native/React/Views/ScrollView/RCTScrollView.m`,
/// `scrollViewWillEndDragging:withVelocity:targetContentOffset:`;
/// `Libraries/Components/ScrollView/processDecelerationRate.js`; `policies.md` Part 2 §7.3).
///
/// With interval `I` (the layout's stride) and `v` in pt/ms (UIKit's delegate unit):
/// ```
/// t  = disableIntervalMomentum ? contentOffset : UIKit targetContentOffset   // x + v·r/(1 − r), clamped
/// fi = (t − alignOffset) / I                       // the layout's fractional position of t
/// idx = v > 0 ? ceil(fi) : v < 0 ? floor(fi) : round(fi)
/// target offset = idx · I + alignOffset
/// ```
/// Constants: `decelerationRate` 'normal' = 0.998 per ms on iOS ('fast' 0.99). `round` is C's
/// (half away from zero). Unbounded with momentum; at most one interval from the release with
/// `disableIntervalMomentum`. RN's `snapToAlignment` offset (0 start, W/2 + I/2 center, W end) is
/// the layout's alignment origin here.
///
/// Two identifiers: `rn-ios-snapinterval` and `rn-ios-snapinterval-nomomentum`.
public struct RNIOSSnapIntervalSnap: DeclaredParameters, LayoutHoistingPolicy, Hashable {
    /// Whether `disableIntervalMomentum` is set.
    public let disableIntervalMomentum: Bool
    /// UIKit per-millisecond deceleration rate of the proposed target (with momentum only).
    public var decelerationRate: Double

    /// Every parameter at its declared default (``parameters``), built once: the default arguments
    /// of `init` read it (a load, where reading the table would search it by key path).
    public static let defaults = parameters.defaulted(RNIOSSnapIntervalSnap(decelerationRate: .nan))

    public init(disableIntervalMomentum: Bool = false,
                decelerationRate: Double = RNIOSSnapIntervalSnap.defaults.decelerationRate) {
        self.disableIntervalMomentum = disableIntervalMomentum
        self.decelerationRate = decelerationRate
    }

    public var id: String { disableIntervalMomentum ? "rn-ios-snapinterval-nomomentum" : "rn-ios-snapinterval" }

    public var summary: String {
        disableIntervalMomentum
            ? "React Native iOS snapToInterval + disableIntervalMomentum: the next interval from the release offset in the velocity direction (round at rest)"
            : "React Native iOS snapToInterval: the next interval from UIKit's projected target in the velocity direction (round at rest)"
    }

    public var source: String {
        "facebook/react-native packages/react-native/React/Views/ScrollView/RCTScrollView.m scrollViewWillEndDragging:withVelocity:targetContentOffset: (snapToInterval"
            + (disableIntervalMomentum ? ", disableIntervalMomentum)" : "; decelerationRate normal 0.998/ms)")
    }

    /// The parameters, declared once (``DeclaredParameters``): those with momentum; without, none.
    public static let parameters = ParameterTable<RNIOSSnapIntervalSnap>([
        ParameterField(\.decelerationRate, "decelerationRate", unit: "per ms", default: 0.998, range: 0.5...0.9999,
                       role: .platformConstant, summary: "UIKit rate of the proposed target ('normal' 0.998, 'fast' 0.99)"),
    ])

    public var parameterTable: ParameterTable<RNIOSSnapIntervalSnap> {
        disableIntervalMomentum ? ParameterTable([]) : Self.parameters
    }

    @inline(__always)
    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        let t = disableIntervalMomentum
            ? release.offset
            : UIKitDeceleration(rate: decelerationRate).restingOffset(of: release, in: layout)
        let fi = layout.position(atOffset: t)
        let v = release.velocity
        if v > 0 { return layout.decision(slot: SnapMath.ceiledIndex(fi), rule: "ceil-forward") }
        if v < 0 { return layout.decision(slot: SnapMath.flooredIndex(fi), rule: "floor-backward") }
        return layout.decision(slot: SnapMath.roundedIndex(fi), rule: "round-at-rest")
    }
}
