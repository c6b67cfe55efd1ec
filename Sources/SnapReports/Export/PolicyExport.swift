import SnapStrategies

/// A policy at chosen parameter values, written as source code to paste into an app
/// (`snaplab export`, `snaplab recommend --export`).
///
/// Same shape in every language, named after the trace contract's fields: a `<Name>Snap` with
/// `targetIndex(layout, release)` (the item the carousel comes to rest on) and `decide(layout,
/// release)` (slot, item, resting offset and rule, as ``SnapPolicy/decide(_:in:)``), over a layout
/// (`itemWidth`, `itemSpacing`, `leadingInset`, `trailingInset`, `viewportWidth`, `itemCount`,
/// `alignment`, `looping`) and a release (`offset`, `velocity`, `startOffset`, `startIndex`,
/// `fingerTravel`, `durationMs`), in points, milliseconds and points per millisecond.
///
/// - Swift: code on `SnapStrategies` (the package is the dependency; the policy is its own).
/// - Kotlin, JavaScript: one dependency-free file holding the policy's decision and the geometry
///   and kinematics it needs, translated branch for branch from the Swift source; the tests
///   (`PolicyExportVectorTests`) run every translation on 10,000 seeded releases per policy and
///   require the same slot, item, rule and bit-identical resting offset.
///
/// Everything a decision passes through is `decide` → slot → `targetIndex`, so a wrapper that
/// changes the slot (a per-fling cap) goes between `decide` and `targetIndex` in every language.
public struct PolicyExport: Sendable {
    public var policy: any SnapPolicy
    public var header: ExportHeader

    public init(policy: any SnapPolicy, header: ExportHeader) {
        self.policy = policy
        self.header = header
    }

    /// What the translation decides with, and the per-fling cap it applies after: a policy as it is
    /// with no cap; for `ID@max<n>` (``CappedSnapPolicy``) the base with the clamp `clamp(slot,
    /// start − n, start + n)` between `decide` and `targetIndex`, or, when the base's platform has
    /// its own cap (``NativeFlingCap``: compose-pager, swiftui-viewaligned), the base with that cap
    /// at `min(own, n)` and no clamp after it.
    var translated: (decider: any SnapPolicy, maxItemsPerFling: Int?) {
        guard let capped = policy as? CappedSnapPolicy else { return (policy, nil) }
        if let native = (capped.base as? any NativeFlingCap)?.cappingFlings(atMost: capped.maxItemsPerFling) {
            return (native, nil)
        }
        return (capped.base, capped.maxItemsPerFling)
    }

    /// The policies each language has a translation of, in catalogue order (each also with a
    /// per-fling cap, `ID@max<n>`, except for native settings).
    public static func supportedIdentifiers(_ language: ExportLanguage) -> [String] {
        switch language {
        case .swift: return PolicyCatalog.identifiers
        case .kotlin: return PolicyCatalog.identifiers.filter { KotlinExport.policies[$0] != nil }
        case .js: return PolicyCatalog.identifiers.filter { JavaScriptExport.supports($0) }
        case .native: return NativeSettings.supportedIdentifiers
        }
    }

    /// The files of the export in `language`: one, or for JavaScript the module and its `.d.ts`.
    /// - Throws: ``ExportError/unsupported(policy:language:supported:)``.
    public func files(_ language: ExportLanguage) throws(ExportError) -> [ExportFile] {
        let supportedID = language == .kotlin || language == .js ? translated.decider.id : policy.id
        guard language == .swift || Self.supportedIdentifiers(language).contains(supportedID) else {
            throw .unsupported(policy: policy.id, language: language, supported: Self.supportedIdentifiers(language))
        }
        switch language {
        case .swift: return [ExportFile(role: .main, text: SwiftExport.source(self))]
        case .kotlin: return [ExportFile(role: .main, text: KotlinExport.source(self))]
        case .js: return [ExportFile(role: .main, text: JavaScriptExport.module(self)),
                          ExportFile(role: .declarations, text: JavaScriptExport.declarations(self))]
        case .native:
            guard let settings = NativeSettings(policy: policy) else {
                throw .unsupported(policy: policy.id, language: language, supported: Self.supportedIdentifiers(language))
            }
            return [ExportFile(role: .main, text: settings.text(header: header))]
        }
    }

    /// `<Name>Snap` from the policy identifier: `tag99` → `Tag99Snap`, `css-snap-mandatory` →
    /// `CssSnapMandatorySnap`, `compose-lazyrow-snap` → `ComposeLazyrowSnap`.
    public var typeName: String {
        let words = policy.id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.hasSuffix("Snap") ? name : name + "Snap"
    }

    /// The parameters of the policy the translation decides with (``translated``) as `(name, value)`
    /// in its order.
    var namedValues: [(name: String, value: Double)] {
        let decider = translated.decider
        return zip(decider.parameterSpecs, decider.parameterValues).map { ($0.0.name, $0.1) }
    }
}
