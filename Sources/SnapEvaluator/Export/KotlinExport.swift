import SnapStrategies

/// The Kotlin export: one file with no imports beyond the JDK's `Math`: the public shape
/// (`SnapLayout`, `SnapRelease`, `SnapDecision`, `object <Name>Snap { fun targetIndex(layout,
/// release): Int }`), then file-private geometry (``geometry``), the policy's values (`object P`)
/// and its decision (``policies``). No `package` line: put the file in your package and add one.
public enum KotlinExport {
    static func source(_ export: PolicyExport) -> String {
        let policy = export.policy
        let values = export.namedValues
        var out = export.header.comment() + "\n" + types + "\n"
        let parameters = values.isEmpty ? "emptyMap()"
            : "mapOf(" + values.map { "\"\($0.name)\" to P.\($0.name)" }.joined(separator: ", ") + ")"
        out += """
        /**
         * \(policy.id): `targetIndex(layout, release)` is the item a horizontal carousel comes to rest on when the
         * finger lifts; `decide` adds the slot, the resting offset and the rule that fired.
         */
        object \(export.typeName) {
            /** The parameter values, by name. */
            val parameters: Map<String, Double> = \(parameters)

            /** The item the carousel comes to rest on, 0 until layout.itemCount. */
            fun targetIndex(layout: SnapLayout, release: SnapRelease): Int = decide(layout, release).index

            /** The whole decision. */
            fun decide(layout: SnapLayout, release: SnapRelease): SnapDecision =
                decidePolicy(release, SnapGeometry(layout, "\(policy.snapOrigin.rawValue)"))
        }

        private object P {

        """
        for (spec, value) in zip(policy.parameterSpecs, policy.parameterValues) {
            out += "    const val \(spec.name): Double = \(ExportNumber.text(value)) // \(spec.unit)\n"
        }
        if policy is LearnedThresholdSnap {
            let cuts = policy.parameterSpecs.map(\.name).filter { $0.hasPrefix("cut") }
            out += "    val cuts = doubleArrayOf(" + cuts.joined(separator: ", ") + ")\n"
        }
        out += "}\n\n" + geometry + "\n" + (policies[policy.id] ?? "") + "\n"
        return out
    }
}
