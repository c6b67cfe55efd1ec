// The Kotlin export's elementary functions: SnapMath+Elementary.swift translated.

extension KotlinExport {
    /// SnapMath+Elementary.swift: `exp` and `log` in the same operations as SnapStrategies (not
    /// `Math.exp`/`Math.log`, whose last bit may differ), doubles built from their bits.
    static let elementary = """
        private object Elementary {
            /** 2^n for a normal n. */
            fun twoTo(n: Double): Double = java.lang.Double.longBitsToDouble((1023L + n.toLong()) shl 52)
            fun exp(x: Double): Double {
                if (x != x) return x
                if (x > 709.782712893384) return Double.POSITIVE_INFINITY
                if (x < -745.2) return 0.0
                val k = SnapMath.roundedHalfAway(x / 0.6931471805599453)
                val r = (x - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10
                val r2 = r * r
                val r4 = r2 * r2
                val r8 = r4 * r4
                val a0 = 1 + r
                val a1 = 0.5 + 0.16666666666666666 * r
                val a2 = 0.041666666666666664 + 0.008333333333333333 * r
                val a3 = 0.001388888888888889 + 0.0001984126984126984 * r
                val a4 = 2.48015873015873e-05 + 2.7557319223985893e-06 * r
                val a5 = 2.755731922398589e-07 + 2.505210838544172e-08 * r
                val a6 = 2.08767569878681e-09 + 1.6059043836821613e-10 * r
                val sum = ((a0 + a1 * r2) + (a2 + a3 * r2) * r4) + ((a4 + a5 * r2) + a6 * r4) * r8
                if (k < -1022) return (sum * twoTo(-1022.0)) * twoTo(k + 1022) // Double(sign:exponent:significand:)
                if (k > 1023) return (sum * twoTo(1023.0)) * twoTo(k - 1023)
                return sum * twoTo(k)
            }
            fun log(x: Double): Double {
                if (!(x == x && x >= 0)) return Double.NaN
                if (x == 0.0) return Double.NEGATIVE_INFINITY
                if (x == Double.POSITIVE_INFINITY) return Double.POSITIVE_INFINITY
                var y = x
                var shift = 0
                if (y < 2.2250738585072014e-308) { // subnormal: scale by 2^54 first
                    y *= 18014398509481984.0
                    shift = 54
                }
                val bits = java.lang.Double.doubleToRawLongBits(y)
                var e = ((bits ushr 52) - 1023 - shift).toDouble()
                var m = java.lang.Double.longBitsToDouble((bits and 0x000FFFFFFFFFFFFFL) or 0x3FF0000000000000L)
                if (m > 1.4142135623730951) {
                    m /= 2
                    e += 1
                }
                val s = (m - 1) / (m + 1)
                val t = s * s
                val t2 = t * t
                val t4 = t2 * t2
                val t8 = t4 * t4
                val a0 = 1 + 0.3333333333333333 * t
                val a1 = 0.2 + 0.14285714285714285 * t
                val a2 = 0.1111111111111111 + 0.09090909090909091 * t
                val a3 = 0.07692307692307693 + 0.06666666666666667 * t
                val a4 = 0.058823529411764705 + 0.05263157894736842 * t
                val a5 = 0.047619047619047616 + 0.043478260869565216 * t
                val sum = s * (((a0 + a1 * t2) + (a2 + a3 * t2) * t4) + (a4 + a5 * t2) * t8)
                return e * 6.93147180369123816490e-01 + (2 * sum + e * 1.90821492927058770002e-10)
            }
        }


        """

    /// AndroidSplineDeceleration.swift: OverScroller's spline fling distance (`coastDistance`) and
    /// the fling clamp at 8 dp/ms (`clampedFlingVelocity`); needs ``elementary``.
    static let spline = """
        private fun spline(velocity: Double, friction: Double, inflexion: Double, exponent: Double, coefficient: Double,
                           density: Double): Double {
            if (velocity.isInfinite()) return velocity
            val fc = friction * coefficient * density
            val speed = Math.abs(velocity) * 1000
            if (!(speed > 0 && speed.isFinite() && fc > 0 && fc.isFinite() && inflexion > 0 && exponent > 1)) return 0.0
            val l = Elementary.log(inflexion * speed / fc)
            val d = fc * Elementary.exp(exponent / (exponent - 1) * l)
            return if (velocity < 0) -d else d
        }

        private fun clampedFling(v: Double, density: Double, maximum: Double = 8.0): Double {
            if (v != v) return 0.0
            val limit = Math.max(0.0, maximum * density)
            return Math.min(Math.max(v, -limit), limit)
        }


        """

    /// AndroidSplineDeceleration.swift: OverScroller's spline table (`splinePositions`) and its
    /// slope (`splineSlope(atPositionFraction:)`).
    static let splineTable = """
        // AndroidSplineDeceleration.swift: OverScroller's spline table (100 samples) and its slope.
        private object SplineTable {
            val positions: DoubleArray = build()
            private fun build(): DoubleArray {
                val startTension = 0.5
                val endTension = 1.0
                val inflexion = 0.35
                val p1 = startTension * inflexion
                val p2 = 1 - endTension * (1 - inflexion)
                val table = DoubleArray(101) { 1.0 }
                var xMin = 0.0
                for (i in 0 until 100) {
                    val alpha = i.toDouble() / 100.0
                    var xMax = 1.0
                    var x = 0.0
                    var coef = 0.0
                    for (k in 0 until 64) {
                        x = xMin + (xMax - xMin) / 2
                        coef = 3 * x * (1 - x)
                        val tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                        if (Math.abs(tx - alpha) < 1e-5) break
                        if (tx > alpha) xMax = x else xMin = x
                    }
                    table[i] = coef * ((1 - x) * startTension + x) + x * x * x
                }
                return table
            }
            fun slope(fraction: Double): Double {
                for (i in 0 until 100) if (positions[i + 1] > fraction) return (positions[i + 1] - positions[i]) * 100.0
                return 0.0
            }
        }


        """
}
