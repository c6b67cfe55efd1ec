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
/// A release carries one velocity, not two frame deltas, so ``coastDistance(velocity:)`` is the legacy estimate;
/// ``decayPrediction(velocity:firstUpdate:frame:)`` plays the fling's updates to the first that predicts.
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
        return ChromiumFlingCurve.auraOffset(velocity: velocity, elapsed: frameInterval)
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

    /// Where Chromium's decay prediction (``decayPredictedDisplacement(previousDelta:currentDelta:framesWaited:)``)
    /// first predicts, for a fling at `velocity` pt/ms, or `nil` when the curve ends first.
    public struct DecayPrediction: Hashable, Sendable {
        /// Signed points the inertial updates before the predicting one scrolled.
        public var scrolled: Double
        /// The prediction `cur / (1 − r)` at the predicting update, signed points from where it starts.
        public var displacement: Double
        /// The predicting update, counted from 1.
        public var update: Int
    }

    /// The inertial updates of a fling at `velocity` pt/ms and the first that predicts its end
    /// (chromium/chromium: `content/common/input/fling_controller.cc` `FlingController::ProgressFling`,
    /// `cc/input/snap_fling_controller.cc` `SnapFlingController::HandleGestureScrollUpdate`).
    ///
    /// The updates are the differences of the desktop fling curve (``ChromiumFlingCurve/aura``)
    /// between progress times: the first covers `firstUpdate` ms of the curve (from the last drag
    /// update to the first progress), each later one `frame` ms (one animation frame, `kFrameDelta`
    /// 1/60 s). An update of 0.1 pt or less is not sent (`kMinInertialScrollDelta`). Each sent update
    /// counts as decaying when it is shorter than the one before (`consecutive_decay_frames_`, reset
    /// otherwise) and is offered to ``decayPredictedDisplacement(previousDelta:currentDelta:framesWaited:)``
    /// with that count (`kMaxFramesToWaitForDecay` = 3); the first that predicts is returned, the
    /// updates before it having scrolled the content. With a first update longer than a frame the
    /// second update already decays (`r` = its share of the first); with a shorter one Chromium
    /// waits for two whole frames.
    public static func decayPrediction(velocity: Double, firstUpdate: Double,
                                       frame: Double = frameDelta) -> DecayPrediction? {
        decayPrediction(velocity: velocity, firstUpdate: firstUpdate, frame: frame, curve: ChromiumFlingCurve.aura)
    }

    /// ``decayPrediction(velocity:firstUpdate:frame:)`` with the updates taken from `curve`
    /// (``PhysicsBasedFlingCurve`` for a touchscreen fling on Linux and Windows).
    public static func decayPrediction<Curve: ChromiumGestureCurve>(velocity: Double, firstUpdate: Double,
                                                                    frame: Double, curve: Curve) -> DecayPrediction? {
        guard velocity.isFinite, velocity != 0, firstUpdate.isFinite, frame.isFinite, frame > 0 else { return nil }
        let duration = curve.duration(speed: abs(velocity) * 1000) * 1000
        var elapsed = 0.0, reached = 0.0, scrolled = 0.0
        var previous: Double?
        var decaying = 0
        var update = 0
        while elapsed < duration, update < 1000 {
            update += 1
            elapsed = update == 1 ? Swift.max(0, firstUpdate) : elapsed + frame
            let next = curve.offset(velocity: velocity, elapsed: elapsed)
            let delta = next - reached
            reached = next
            guard abs(delta) > minInertialScrollDelta else { continue }
            decaying = previous.map { abs(delta) < abs($0) } == true ? decaying + 1 : 0
            if let previous, let d = decayPredictedDisplacement(previousDelta: previous, currentDelta: delta,
                                                                framesWaited: decaying) {
                return DecayPrediction(scrolled: scrolled, displacement: d, update: update)
            }
            previous = delta
            scrolled += delta
        }
        return nil
    }

    /// One frame of Chromium's fling animation, ms (`content/common/input/fling_controller.cc`
    /// `kFrameDelta`, 1/60 s).
    public static let frameDelta = 1000.0 / 60.0

    /// Inertial updates this small are not sent, pt (`fling_controller.cc` `kMinInertialScrollDelta`).
    public static let minInertialScrollDelta = 0.1
}
