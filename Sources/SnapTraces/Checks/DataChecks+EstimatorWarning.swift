import SnapLabSupport

/// The verdict-level warning of `recommend` and `report` (issue 30 follow-up): on traces logged one
/// row per display frame, the estimator in use reads exactly 0 on many strokes the finger moved,
/// so every candidate is scored as if those were released at rest.
extension DataChecks {
    /// A stroke moves when its move samples span at least this far, points: Android's touch slop,
    /// 8 dp (``TouchSlop``: AOSP `config_viewConfigurationTouchSlop`, Compose's
    /// `AndroidViewConfiguration.touchSlop`), the distance before a scroll view drags at all.
    public static let movingSpan = 8.0

    /// Whether the estimator in use (``velocity``) may read a frame-logged stroke as 0 where the
    /// device did not: any but `compose-frames` (which rebuilds the samples between frames) and
    /// recorded velocities. The moving-stroke counts and the warning are only for these.
    /// Nor when the run rebuilt frames (``framesRebuilt``, `--frames`).
    /// (Inlined: called per trace from the mutating `add(_:)` of a record, a call of its own
    /// copied the 324-byte checks to pass them.)
    @inline(__always)
    var estimatorMayReadFrameZeros: Bool { velocity.canRebuildFrames && !framesRebuilt }

    /// Whether the move samples of `s` span at least ``movingSpan`` points of content offset.
    /// The first and the newest move sample decide most strokes: when they lie ``movingSpan``
    /// apart, so do the lowest and the highest (which lie at least as far apart); only the
    /// others are spanned sample by sample.
    public static func isMoving(_ s: TraceSamples) -> Bool {
        let n = s.count
        var first = 0
        while first < n && s.isMove[first] == 0 { first += 1 }
        guard first < n, let newest = s.newestMove else { return false }
        if Swift.abs(s.offset[newest] - s.offset[first]) >= movingSpan { return true }
        var low = Double.infinity, high = -Double.infinity
        for i in first...newest where s.isMove[i] != 0 {
            low = Swift.min(low, s.offset[i])
            high = Swift.max(high, s.offset[i])
        }
        return high - low >= movingSpan
    }

    /// `estimator-reads-zero`: the traces look frame-logged (``looksFrameLogged(framed:of:)``) and
    /// the estimator in use (``velocity``) reads exactly 0 on labelled strokes that moved
    /// (``movingReadAsZero`` of ``movingLabelled``), more than ``zeroVelocityShare`` of them
    /// strokes that `compose-frames` reads as moving (``movingZeroRebuilt``: a finger that rested
    /// before lift-off reads 0 on the device too, and is no reason to change estimator). The
    /// message names both counts, the pattern and the options that read the strokes as the device did:
    /// `--frames rebuild` (the estimator in use on the input samples rebuilt between frames, what
    /// the default `--frames auto` does on a file that looks frame-logged), `--velocity
    /// compose-frames` (Compose's tracker on the input samples rebuilt between frames, every
    /// candidate kept), or, when the default estimator was in use, `--platform compose` (which
    /// reads frame-logged files with compose-frames after a pre-scan, and keeps only Compose's
    /// policies and the rules that ship as code; standard input is not pre-scanned, so there it
    /// needs `--velocity compose-frames` too). `nil` when `--platform` was given (it chose the
    /// estimator), with `compose-frames` or recorded velocities, when the run rebuilt frames
    /// (``framesRebuilt``), or when nothing trips it.
    public func estimatorWarning(platformGiven: Bool, readsStandardInput: Bool = false) -> DataWarning? {
        guard !platformGiven, estimatorMayReadFrameZeros,
              Self.looksFrameLogged(framed: frameLogged.count, of: sampleLevel), movingLabelled > 0,
              Double(movingZeroRebuilt) > Self.zeroVelocityShare * Double(movingLabelled) else { return nil }
        let n = movingReadAsZero.count, name = velocity.rawValue
        let pct = NumberFormat.fixed(100 * Double(n) / Double(movingLabelled), 1)
        let platform = velocity != .lsq2 ? "" : readsStandardInput
            ? ", or --platform compose --velocity compose-frames (the same, with only Compose's policies and the rules that ship as code)"
            : ", or --platform compose (which reads frame-logged files with compose-frames too, and keeps only Compose's "
                + "policies and the rules that ship as code)"
        let give = velocity == .lsq2 ? "give" : "replace --velocity \(name) with"
        return DataWarning(
            id: "estimator-reads-zero", count: n, total: movingLabelled,
            message: "\(name) reads exactly 0 pt/ms on \(n) of the \(movingLabelled) labelled strokes whose finger moved "
                + "(\(pct)%; moved: at least \(NumberFormat.compact(Self.movingSpan, 0)) pt), \(movingZeroRebuilt) of which "
                + "compose-frames reads as moving; the traces look logged one row per display frame (\(frameLogged.count) of "
                + "\(sampleLevel), data check frame-logged), where a tracker replayed on the rows reads 0 on strokes the device "
                + "flung: every candidate scores those as released at rest. "
                + "To read them as the device did, give --frames rebuild (\(name) replayed on the input samples rebuilt between "
                + "frames; " + (readsStandardInput ? "standard input and pipes are not pre-scanned, so the default --frames auto reads them as logged"
                                : "the default --frames auto does so when a file's first traces look like this") + "), "
                + "or \(give) --velocity compose-frames (Compose's tracker on the input samples "
                + "rebuilt between frames; every candidate kept)\(platform)",
            examples: movingReadAsZero.examples)
    }
}
