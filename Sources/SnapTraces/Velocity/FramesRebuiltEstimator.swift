/// Any estimator replayed on the input samples rebuilt between the frames of a frame-logged log
/// (``FrameInputReconstruction``): `--frames rebuild`, and `--frames auto` on a file whose first
/// traces look logged one row per display frame (``FrameLoggedPattern``).
///
/// Why for every estimator, not only Compose's: a log with one row per display frame lacks the
/// samples every platform's tracker consumes between frames (Android `MotionEvent` historical
/// samples, Compose `PointerInputChange.historical`, UIKit coalesced touches), so any tracker
/// replayed on the rows as logged sees fewer samples than the device did (on the GestureApp
/// recording's "home" screen, `lsq2` reads exactly 0 on 71 of 288 moving labelled strokes;
/// Docs/real-recordings.md, "frame-logged recordings"). The rebuilt rows are the same for every
/// estimator; the estimator then runs unchanged on them.
///
/// `compose-frames` is `compose-legacy` through this reconstruction (``ComposeVelocityEstimator/input``);
/// ``VelocityMethod/estimator(rebuildingFrames:)`` never wraps it again, nor `recorded` (the
/// file's own velocity, which has no samples to rebuild).
public struct FramesRebuiltEstimator: VelocityEstimator {
    /// The estimator replayed on the rebuilt rows.
    public var base: any VelocityEstimator
    /// The reconstruction (120 Hz by default).
    public var input: FrameInputReconstruction

    public init(_ base: any VelocityEstimator, input: FrameInputReconstruction = FrameInputReconstruction()) {
        self.base = base
        self.input = input
    }

    /// The base estimator's `--velocity` name (what was rebuilt is said by ``VelocityInUse``).
    public var id: String { base.id }

    public func estimate(_ s: TraceSamples) -> VelocityEstimate {
        let rows = input.rows(s)
        return base.estimate(time: rows.time, offset: rows.offset, isMove: rows.isMove, recordedVelocity: s.recordedVelocity)
    }
}

extension VelocityMethod {
    /// Whether `--frames` can rebuild this estimator's input: every estimator but `recorded` (the
    /// file's own velocity) and `compose-frames` (rebuilt already).
    public var canRebuildFrames: Bool { self != .recorded && self != .composeFrames }

    /// ``estimator``, replayed on the input samples rebuilt between frames
    /// (``FramesRebuiltEstimator``) when `rebuildingFrames` and the method can be
    /// (``canRebuildFrames``).
    public func estimator(rebuildingFrames: Bool) -> any VelocityEstimator {
        rebuildingFrames && canRebuildFrames ? FramesRebuiltEstimator(estimator) : estimator
    }
}
