import Foundation
import SnapStrategies
import SnapGSL

/// The shape of a reveal or browse stroke's finger path (issue 32): the share of the amplitude
/// covered by time `τ = t/T` of the planned duration `T`, and its slope.
///
/// - **Minimum jerk** (``StrokeParameters/peakTime`` absent, every model before this key): the
///   symmetric bell `φ(τ) = 10τ³ − 15τ⁴ + 6τ⁵`, speed `φ'(τ) = 30τ²(1 − τ)²`, peak at τ = 0.5
///   (Flash & Hogan 1985), computed exactly as before.
/// - **Skewed bell** with its speed peak at `τ* = p` (``StrokeParameters/peakTime``): speed
///   `φ'(τ) = τ^α (1 − τ)^β / B(α + 1, β + 1)` with `α = 4p`, `β = 4(1 − p)`, so the path is the
///   regularized incomplete beta function `φ(τ) = I_τ(α + 1, β + 1)` (GSL `gsl_cdf_beta_P`). At
///   `p = 0.5` it is the minimum-jerk bell (`30τ²(1 − τ)²` is the Beta(3, 3) density); `p < 0.5`
///   starts fast and decelerates over a long tail, the asymmetry of rapid aimed movements that the
///   kinematic theory of rapid human movements describes with a lognormal speed profile
///   (Plamondon 1995, *Biological Cybernetics* 72:295–307; the beta form keeps a finite end at
///   τ = 1, which placed strokes and the release fraction `ρ` need, and contains minimum jerk;
///   Djioua & Plamondon 2008, EPM-RT-2008-03, compare the two views) [assumption: the beta family
///   is ours, chosen to contain minimum jerk; `p` is set in a model file, `generate --like` keeps
///   minimum jerk].
///
/// The skewed path is tabulated once (``tableSize`` intervals of τ) and read by cubic Hermite
/// interpolation with the exact slopes at the nodes (|error| < 1e-7 of the amplitude for
/// p ∈ [0.05, 0.95]); the slope is evaluated exactly.
public struct StrokeProfile: Sendable {
    /// The speed peak as a fraction of `T`; `nil`: minimum jerk.
    public let peakTime: Double?
    let alpha: Double
    let beta: Double
    /// `1 / B(α + 1, β + 1)`.
    let scale: Double
    let positions: [Double]
    let slopes: [Double]

    /// Intervals of the skewed path's table.
    static let tableSize = 2048

    /// The minimum-jerk bell.
    public static let minimumJerk = StrokeProfile()

    private init() {
        peakTime = nil
        alpha = 2
        beta = 2
        scale = 30
        positions = []
        slopes = []
    }

    /// A profile with its speed peak at `peakTime` (`nil`: minimum jerk).
    /// - Throws: ``SwipeModelError`` when `peakTime` is not inside (0, 1).
    public init(peakTime: Double?) throws(SwipeModelError) {
        guard let p = peakTime else {
            self = .minimumJerk
            return
        }
        guard p > 0, p < 1, p.isFinite else {
            throw .invalidParameter(name: "stroke.peakTime", value: "\(p)", expected: "a fraction of the stroke's duration inside (0, 1)")
        }
        self.peakTime = p
        alpha = 4 * p
        beta = 4 * (1 - p)
        scale = exp(lgamma(alpha + beta + 2) - lgamma(alpha + 1) - lgamma(beta + 1))
        var x: [Double] = [], s: [Double] = []
        let n = Self.tableSize
        x.reserveCapacity(n + 1)
        s.reserveCapacity(n + 1)
        for i in 0...n {
            let tau = Double(i) / Double(n)
            do {
                x.append(try BetaDistribution.cumulative(tau, a: alpha + 1, b: beta + 1))
            } catch {
                throw .invalidParameter(name: "stroke.peakTime", value: "\(p)", expected: "a shape GSL can evaluate (\(error))")
            }
            s.append(Self.skewedSlope(tau, alpha: alpha, beta: beta, scale: scale))
        }
        positions = x
        slopes = s
    }

    static func skewedSlope(_ tau: Double, alpha: Double, beta: Double, scale: Double) -> Double {
        guard tau > 0, tau < 1 else { return 0 }
        return scale * pow(tau, alpha) * pow(1 - tau, beta)
    }

    /// `φ(τ)`: the share of the amplitude covered at τ (0 before 0, 1 after 1).
    @inline(__always)
    public func position(_ tau: Double) -> Double {
        guard peakTime != nil else { return SwipeModel.minimumJerk(tau) }
        let u = SnapMath.clamp(tau, 0, 1) * Double(Self.tableSize)
        let i = min(Int(u), Self.tableSize - 1)
        let h = 1 / Double(Self.tableSize)
        let f = u - Double(i)
        // cubic Hermite on [i, i + 1] with the exact end slopes
        let f2 = f * f, f3 = f2 * f
        let y = (2 * f3 - 3 * f2 + 1) * positions[i] + (f3 - 2 * f2 + f) * h * slopes[i]
            + (-2 * f3 + 3 * f2) * positions[i + 1] + (f3 - f2) * h * slopes[i + 1]
        return SnapMath.clamp(y, 0, 1)
    }

    /// `φ'(τ)` (0 outside (0, 1)).
    @inline(__always)
    public func slope(_ tau: Double) -> Double {
        guard peakTime != nil else { return SwipeModel.minimumJerkSlope(tau) }
        return Self.skewedSlope(tau, alpha: alpha, beta: beta, scale: scale)
    }
}
