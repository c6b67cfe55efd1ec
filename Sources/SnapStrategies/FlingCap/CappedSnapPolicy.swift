/// A policy with a per-fling cap: at most ``maxItemsPerFling`` items from the item selected before
/// the drag, whatever the wrapped policy would do ("one at a time" is a cap of 1).
///
/// The rule, one for every policy:
/// ```
/// start  = release.startSlot(in: layout')      // the item selected before the drag
/// target = base.decide(release, in: layout).targetSlot
/// target = clamp(target, start − n, start + n)  // resting at target's snap offset in layout'
/// ```
/// with `layout'` the layout the base decides in (`layout.snapped(to: base.snapOrigin)`). A decision
/// the cap changes keeps the base's rule name with `+cap` appended. This is how the platforms that
/// have a cap anchor it: SwiftUI `.viewAligned(limitBehavior: .alwaysByOne)` limits the target to
/// one view from the view at the start of the interaction (``SwiftUIViewAlignedSnap``), Embla with
/// `skipSnaps: false` moves one snap from the selected one (``EmblaSnap``), Swiper moves one group
/// (`slidesPerGroup`) from the slide it stops on (``SwiperSnap``).
///
/// A policy whose platform has its own cap (``NativeFlingCap``) applies it natively instead, with
/// `min(its own, n)`: Compose `PagerSnapDistance.atMost(n)` counts from the page the fling starts on
/// and limits the decay approach (``ComposePagerSnap``); SwiftUI's `maxViews` is the same clamp as
/// above. So `compose-pager@max2` is the Pager with `atMost(2)`, `swiftui-viewaligned-never@max1`
/// decides as `swiftui-viewaligned`.
///
/// Identifier: the base's with `@max<n>` (``PolicyCatalog/policy(id:)`` parses it, and `all@max1`
/// caps every policy). The cap is part of the identifier, not a tunable parameter: the parameter
/// vector is the base's (fitting tunes the base under the cap).
public struct CappedSnapPolicy: SnapPolicy {
    /// The wrapped policy, at its current parameter values.
    public private(set) var base: any SnapPolicy
    /// Most items one release may move from the item selected before the drag (≥ 1).
    public let maxItemsPerFling: Int
    /// The base with its platform's own cap applied, when it has one (``NativeFlingCap``).
    private var native: (any SnapPolicy)?

    /// Caps `base` at `maxItemsPerFling` items (values below 1 count as 1).
    public init(_ base: any SnapPolicy, maxItemsPerFling: Int) {
        self.base = base
        self.maxItemsPerFling = Swift.max(1, maxItemsPerFling)
        native = (base as? any NativeFlingCap)?.cappingFlings(atMost: self.maxItemsPerFling)
    }

    /// The identifier suffix for a cap of `n`: `@max<n>`.
    public static func suffix(_ n: Int) -> String { "@max\(n)" }

    public var id: String { base.id + Self.suffix(maxItemsPerFling) }
    public var summary: String { base.summary + "; at most \(maxItemsPerFling) item(s) per fling" }
    public var source: String {
        base.source + (native != nil
            ? "; cap: the platform's own, at most \(maxItemsPerFling)"
            : "; cap: SnapLab's per-fling cap, \(maxItemsPerFling) item(s) from the item selected before the drag")
    }
    public var parameterSpecs: [PolicyParameter] { base.parameterSpecs }
    public var parameterValues: [Double] { base.parameterValues }
    public var parameterOrder: [ParameterOrder] { base.parameterOrder }
    public var snapOrigin: SnapOrigin { base.snapOrigin }

    public mutating func assignValidatedParameterValues(_ values: [Double]) {
        base.assignValidatedParameterValues(values)
        native = (base as? any NativeFlingCap)?.cappingFlings(atMost: maxItemsPerFling)
    }

    public func measuredFeature(_ name: String, of release: Release, in layout: CarouselLayout) -> Double {
        (native ?? base).measuredFeature(name, of: release, in: layout)
    }

    public func decide(_ release: Release, in layout: CarouselLayout) -> SnapDecision {
        if let native { return native.decide(release, in: layout) }
        let d = base.decide(release, in: layout)
        let own = layout.snapped(to: base.snapOrigin)
        let start = release.startSlot(in: own)
        let n = maxItemsPerFling
        let capped = SnapMath.clamp(d.targetSlot, start &- n, start &+ n)
        return capped == d.targetSlot ? d : own.decision(slot: capped, ruleText: d.rule + "+cap")
    }
}

/// A policy whose platform has its own per-fling cap, which ``CappedSnapPolicy`` applies instead
/// of its generic clamp.
public protocol NativeFlingCap: SnapPolicy {
    /// This policy with its own cap at `min(current, n)` items per fling, or `nil` when this
    /// configuration has no cap of its own (the generic clamp applies).
    func cappingFlings(atMost n: Int) -> Self?
}
