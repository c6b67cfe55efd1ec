// The Kotlin export of flutter-fixedextent(-bouncing) (FlutterFixedExtentSnap.swift with
// FlutterFlingGate.swift, FlutterClampingDeceleration.swift, FlutterFrictionDeceleration.swift).
// Same branches, same rule names.

extension KotlinExport {
    /// FlutterFixedExtentSnap.swift: the item nearest the end of the clamping (`bouncing` false) or
    /// friction simulation; needs ``elementary``.
    static func flutterFixedExtent(bouncing: Bool) -> String {
        let distance = bouncing
            ? """
            // FlutterFrictionDeceleration.coastDistance: -1000 v / ln(drag).
            private fun coastDistance(v: Double): Double {
                if (!(P.drag > 0 && P.drag < 1 && v == v)) return 0.0
                return -1000 * v / Elementary.log(P.drag)
            }
            """
            : """
            // FlutterClampingDeceleration.swift: ClampingScrollSimulation's duration and distance.
            private fun pow(base: Double, exponent: Double): Double {
                if (base != base || exponent != exponent) return Double.NaN
                if (exponent == 0.0) return 1.0
                if (base < 0) return Double.NaN
                if (base == 0.0) return if (exponent > 0) 0.0 else Double.POSITIVE_INFINITY
                return Elementary.exp(exponent * Elementary.log(base))
            }
            private fun coastDistance(v: Double): Double {
                if (v.isInfinite()) return v
                if (v != v) return 0.0
                val dr = 2.3582018154259448
                val reference = P.friction * (9.80665 * 39.37 * 160 * 0.84) / 0.35
                val speed = Math.abs(v) * 1000
                val t = if (!(speed > 0 && speed.isFinite() && reference > 0)) 0.0
                    else 1000 * dr * 0.35 * pow(speed / reference, 1 / (dr - 1))
                return v * t / dr
            }
            """
        return elementary + flutterGate + """
            \(distance)

            // FlutterFixedExtentSnap.swift (FixedExtentScrollPhysics.createBallisticSimulation).
            private fun decidePolicy(r: SnapRelease, L: SnapGeometry): SnapDecision {
                val natural = r.offset + coastDistance(gatedVelocity(r, P.maxFlingVelocity))
                val end = L.clampedOffset(natural)
                val atEdge = !L.isLooping && !(natural > 0 && natural < L.maxOffset)
                return L.decision(SnapMath.flooredIndex(L.position(end) + 0.5), if (atEdge) "edge-parent-physics" else "nearest-to-simulation-end")
            }
            """
    }
}
