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
/// - **Moving from touch-down** (``StrokeParameters/movingStartShare`` `c`, either bell): the
///   path `c·ψ(τ) + (1 − c)·φ(τ)` with `ψ(τ) = 1 − (1 − τ)³`, speed `c·3(1 − τ)² + (1 − c)·φ'(τ)`:
///   a share `c` of the amplitude is covered on a path that starts at its fastest and slows to
///   rest at `T` (zero speed and acceleration there, as the bell), so the finger lands already
///   moving at `3c·A/T` and a stroke carried to `T` still comes to rest (`c = 0` is the bell). At
///   `c = 0.5` with minimum jerk the speed stays within 1.1–1.5 `A/T` from touch-down to τ = 0.6.
///   The A30 study's opening strokes move at a nearly constant 1.3–1.6 pt/ms from touch-down to
///   lift-off, their first logged move (a median 89 ms after touch-down) already carrying 56% of
///   the travel, where a bell that starts at rest carries 6% by then (`realdata/gestureapp`, home
///   screen; issue 32) [assumption: the mixture and `ψ` are ours, the smallest change that
///   contains the bell and keeps its rest at the end; set in a model file. The calibration fits
///   `c` to the first move's share of the travel when its starting model sets it with withheld
///   moves; `generate --like` does not set it: on the A30 home recording it did not converge and
///   ranked the policies worse (ρ 0.69 against 0.92; `Docs/research/2026-11-29-home-fit-moving-start.md`)].
///
/// The skewed path is tabulated once (``tableSize`` intervals of τ) and read by cubic Hermite
/// interpolation with the exact slopes at the nodes (|error| < 1e-7 of the amplitude for
/// p ∈ [0.05, 0.95]); the slope is evaluated exactly.
public struct StrokeProfile: Sendable {
    /// The speed peak as a fraction of `T`; `nil`: minimum jerk.
    public let peakTime: Double?
    /// The share `c` of the amplitude on the path that starts at its fastest (`ψ`); `nil`: the
    /// bell alone, computed exactly as before the key.
    public let movingStartShare: Double?
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
        movingStartShare = nil
        alpha = 2
        beta = 2
        scale = 30
        positions = []
        slopes = []
    }

    /// A profile with its speed peak at `peakTime` (`nil`: minimum jerk) and a share
    /// `movingStartShare` of the amplitude on the path that starts at its fastest (`nil`: none).
    /// - Throws: ``SwipeModelError`` when `peakTime` is not inside (0, 1) or `movingStartShare`
    ///   not in [0, 1].
    public init(peakTime: Double?, movingStartShare: Double? = nil) throws(SwipeModelError) {
        if let c = movingStartShare {
            guard c >= 0, c <= 1 else {
                throw .invalidParameter(name: "stroke.movingStartShare", value: "\(c)", expected: "a share of the amplitude in [0, 1]")
            }
            let bell = try StrokeProfile(peakTime: peakTime)
            self.peakTime = bell.peakTime
            self.movingStartShare = c
            alpha = bell.alpha
            beta = bell.beta
            scale = bell.scale
            positions = bell.positions
            slopes = bell.slopes
            return
        }
        guard let p = peakTime else {
            self = .minimumJerk
            return
        }
        self.movingStartShare = nil
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
        guard let c = movingStartShare else { return bellPosition(tau) }
        let r = 1 - SnapMath.clamp(tau, 0, 1)
        return c * (1 - r * r * r) + (1 - c) * bellPosition(tau)
    }

    /// `φ'(τ)` (0 outside (0, 1)).
    @inline(__always)
    public func slope(_ tau: Double) -> Double {
        guard let c = movingStartShare else { return bellSlope(tau) }
        guard tau > 0, tau < 1 else { return 0 }
        let r = 1 - tau
        return c * 3 * r * r + (1 - c) * bellSlope(tau)
    }

    /// The bell's path: minimum jerk, or the skewed bell's table.
    @inline(__always)
    func bellPosition(_ tau: Double) -> Double {
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

    /// The bell's slope (0 outside (0, 1)).
    @inline(__always)
    func bellSlope(_ tau: Double) -> Double {
        guard peakTime != nil else { return SwipeModel.minimumJerkSlope(tau) }
        return Self.skewedSlope(tau, alpha: alpha, beta: beta, scale: scale)
    }
}
