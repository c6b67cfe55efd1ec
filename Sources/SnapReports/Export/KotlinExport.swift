import SnapStrategies

/// The Kotlin export: one file with no imports beyond the JDK's `Math`: the public shape
/// (`SnapLayout`, `SnapRelease`, `SnapDecision`, `object <Name>Snap { fun targetIndex(layout,
/// release): Int }`), then file-private geometry (``geometry``), the policy's values (`object P`)
/// and its decision (``policies``). No `package` line: put the file in your package and add one.
public enum KotlinExport {
    static func source(_ export: PolicyExport) -> String {
        let policy = export.policy
        let (decider, cap) = export.translated
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
            \(decide(origin: decider.snapOrigin.rawValue, cap: cap))
        }

        private object P {

        """
        for (spec, value) in zip(decider.parameterSpecs, decider.parameterValues) {
            out += "    const val \(spec.name): Double = \(ExportNumber.text(value)) // \(spec.unit)\n"
        }
        if decider is LearnedThresholdSnap {
            let cuts = decider.parameterSpecs.map(\.name).filter { $0.hasPrefix("cut") }
            out += "    val cuts = doubleArrayOf(" + cuts.joined(separator: ", ") + ")\n"
        }
        out += "}\n\n" + geometry + "\n" + (policies[decider.id] ?? "") + "\n"
        return out
    }

    /// `fun decide(layout, release)`: the policy's decision, then the per-fling cap when there is
    /// one (``PolicyExport/translated``; CappedSnapPolicy.swift: at most `cap` items from the item
    /// selected before the drag, in the layout the policy decides in, `+cap` added to the rule).
    static func decide(origin: String, cap: Int?) -> String {
        guard let cap else {
            return """
                fun decide(layout: SnapLayout, release: SnapRelease): SnapDecision =
                        decidePolicy(release, SnapGeometry(layout, "\(origin)"))
                """
        }
        return """
            fun decide(layout: SnapLayout, release: SnapRelease): SnapDecision {
                    val g = SnapGeometry(layout, "\(origin)")
                    val d = decidePolicy(release, g)
                    // CappedSnapPolicy.swift: at most \(cap) item(s) per fling from the item selected before the drag.
                    val start = g.startSlot(release)
                    val slot = d.slot.toDouble()
                    val capped = SnapMath.clamp(slot, start - \(cap), start + \(cap))
                    return if (capped == slot) d else g.decision(capped, d.rule + "+cap")
                }
            """
    }
}
