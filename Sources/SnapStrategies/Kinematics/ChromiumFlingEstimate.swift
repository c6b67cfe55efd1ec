/// Chromium's estimate of where a fling ends, used to pick a CSS scroll-snap target
/// (chromium/chromium: `cc/input/snap_fling_controller.cc`, `SnapFlingController::HandleGestureScrollUpdate`;
/// `policies.md` Part 2 §5.3).
///
/// Legacy estimate (feature `kSnapFlingDecayPrediction` off): the first inertial scroll delta
/// times `kDistanceEstimatorScalar` — **25** on desktop, **40** on Android. From a release
/// velocity `v` (pt/ms) the first inertial delta is one frame of motion, `v × frameInterval`
/// (16 ms), so `D = v × frameInterval × distanceScalar` (400 ms × v on desktop, 640 ms × v on Android).
///
/// Decay prediction (feature on), ``decayPredictedDisplacement(previousDelta:currentDelta:framesWaited:)``:
/// with consecutive inertial deltas `prev`, `cur` and `r = |cur| / |prev|`, predict the geometric sum
/// `cur / (1 − r)` once `r < 0.96`, or after `kMaxFramesToWaitForDecay` = 3 decaying frames; else wait.
/// A release carries one velocity, not two frame deltas, so ``coastDistance(velocity:)`` is the legacy estimate.
///
/// ```swift
/// ChromiumFlingEstimate.desktop.coastDistance(velocity: 1.25)        // 500 pt (delta 20 × 25)
/// ChromiumFlingEstimate.decayPredictedDisplacement(previousDelta: 20, currentDelta: 18)  // 180
/// ```
public struct ChromiumFlingEstimate: DecelerationModel, Hashable {
    /// Desktop: `kDistanceEstimatorScalar` 25.
    public static let desktop = ChromiumFlingEstimate(distanceScalar: 25)
    /// Android: `kDistanceEstimatorScalar` 40.
    public static let android = ChromiumFlingEstimate(distanceScalar: 40)

    /// `kDistanceEstimatorScalar`: estimated fling distance per first inertial delta.
    public var distanceScalar: Double
    /// Duration of the frame whose delta is the first inertial scroll update, ms.
    public var frameInterval: Double

    public init(distanceScalar: Double, frameInterval: Double = 16) {
        self.distanceScalar = distanceScalar
        self.frameInterval = frameInterval
    }

    /// The first inertial delta of a release at `velocity`: the distance desktop Chromium's fling
    /// curve (``ChromiumFlingCurve/aura``) covers in its first `frameInterval` ms, a little under
    /// `v × frameInterval` points (`FlingController::ProgressFling` advances the curve by the time
    /// since the fling started; NaN gives 0).
    public func firstInertialDelta(velocity: Double) -> Double {
        guard velocity == velocity else { return 0 }
        return ChromiumFlingCurve.aura.offset(velocity: velocity, elapsed: frameInterval)
    }

    /// The legacy estimate from a first inertial delta: `delta × distanceScalar` points.
    public func displacement(firstInertialDelta delta: Double) -> Double {
        guard delta == delta else { return 0 }
        return delta * distanceScalar
    }

    /// ``firstInertialDelta(velocity:)`` × `distanceScalar` points.
    public func coastDistance(velocity: Double) -> Double {
        displacement(firstInertialDelta: firstInertialDelta(velocity: velocity))
    }

    /// `kMaxFramesToWaitForDecay`: frames after which any decay is accepted.
    public static let maxFramesToWaitForDecay = 3
    /// Decay ratio below which the prediction is made at once.
    public static let decayRatioThreshold = 0.96

    /// The decay prediction `cur / (1 − r)`, `r = |cur| / |prev|`, when `r < 0.96`, or when
    /// `framesWaited ≥ 3` and `r < 1`; `nil` while Chromium would still wait (or for a
    /// zero, non-finite or sign-changing pair).
    public static func decayPredictedDisplacement(previousDelta: Double, currentDelta: Double,
                                                  framesWaited: Int = 0) -> Double? {
        guard previousDelta.isFinite, currentDelta.isFinite, previousDelta != 0,
              (previousDelta > 0) == (currentDelta > 0) || currentDelta == 0 else { return nil }
        let r = abs(currentDelta) / abs(previousDelta)
        if r < decayRatioThreshold || (framesWaited >= maxFramesToWaitForDecay && r < 1) {
            return currentDelta / (1 - r)
        }
        return nil
    }
}
