import SnapStrategies

/// The Swift export: code on `SnapStrategies` that builds the policy at the exported values (named,
/// one per line, validated by the package) and decides with it. The package is the dependency
/// (`.package(url: …, from: …)`, product `SnapStrategies`); the tests build an export inside a
/// consumer package that depends on it by path (`ConsumerPackageTests`).
public enum SwiftExport {
    /// The whole file: header, `import SnapStrategies`, and `enum <Name>SnapExport` with
    /// `makePolicy()`, `targetIndex(layout:release:policy:)` and `decide(layout:release:policy:)`.
    static func source(_ export: PolicyExport) -> String {
        let name = export.typeName + "Export"
        var out = export.header.comment() + "\nimport SnapStrategies\n\n"
        out += """
        /// \(export.policy.id) at the values above. Build the policy once (`makePolicy()`), then ask it on every
        /// lift-off; the layout and release are SnapStrategies' `CarouselLayout` and `Release` (points, ms, pt/ms).
        enum \(name) {
            /// The policy; SnapStrategies validates the values (ranges, orders) and throws `ParameterError`.

        """
        out += builder(functionName: "makePolicy", policy: export.policy, indent: "    ") + "\n"
        out += """
            /// The item the carousel comes to rest on, `0..<layout.itemCount`.
            static func targetIndex(layout: CarouselLayout, release: Release, policy: any SnapPolicy) -> Int {
                decide(layout: layout, release: release, policy: policy).targetIndex
            }

            /// The whole decision: slot (keeps counting past the ends of a looping layout), item,
            /// resting offset and the rule that fired.
            static func decide(layout: CarouselLayout, release: Release, policy: any SnapPolicy) -> SnapDecision {
                policy.decide(release, in: layout)
            }

            /// The release velocity (pt/ms) from `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`'s
            /// `velocity.x`, which UIKit gives in points per millisecond already (positive toward later items).
            static func releaseVelocity(willEndDraggingVelocity pointsPerMillisecond: Double) -> Double {
                pointsPerMillisecond
            }

            /// The release velocity (pt/ms) from `UIPanGestureRecognizer.velocity(in:).x`, points per second of the
            /// finger (positive moving right, which scrolls toward earlier items).
            static func releaseVelocity(panVelocity pointsPerSecond: Double) -> Double {
                -pointsPerSecond / 1000
            }

            /// Pixels to points at `scale` pixels per point (`UIScreen.scale`, `displayScale`).
            static func points(pixels: Double, scale: Double) -> Double {
                pixels / scale
            }
        }

        """
        return out
    }

    /// A function `static func <functionName>() throws -> any SnapPolicy` (a free function when
    /// `indent` is empty) that builds `policy` with `SnapStrategies` alone: a catalogue policy by
    /// identifier with its values set by name, one per line (`setParameterValues` validates the
    /// whole vector, so declared orders such as `lowTier ≤ highTier` hold whatever the values); a
    /// learned policy with its memberwise initializer. `remarks` are comment lines put before the
    /// values (parameters on a bound, not identified). Numbers are shortest round-trip text: the
    /// code rebuilds exactly these values.
    public static func builder(functionName: String, policy: any SnapPolicy, remarks: [String] = [],
                               indent: String = "") -> String {
        let i = indent, i2 = indent + "    ", i3 = indent + "        "
        var lines = ["\(i)\(indent.isEmpty ? "" : "static ")func \(functionName)() throws -> any SnapPolicy {"]
        if let learned = policy as? LearnedThresholdSnap {
            lines.append(i2 + learned.swiftExpression.replacingNewlines(indent: i2))
        } else {
            lines.append("\(i2)var policy = try PolicyCatalog.policy(id: \"\(policy.id)\")")
            let specs = policy.parameterSpecs, values = policy.parameterValues
            if !values.isEmpty {
                for remark in remarks { lines.append("\(i2)// \(remark)") }
                lines.append("\(i2)try policy.setParameterValues([")
                for (spec, value) in zip(specs, values) {
                    lines.append("\(i3)\(ExportNumber.text(value)),  // \(spec.name), \(spec.unit)")
                }
                lines.append("\(i2)])")
            }
            lines.append("\(i2)return policy")
        }
        lines.append("\(i)}")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The text with `indent` added after every newline.
    fileprivate func replacingNewlines(indent: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }
}
