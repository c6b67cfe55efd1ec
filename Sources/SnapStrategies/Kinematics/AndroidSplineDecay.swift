/// The Android spline's decay of one release, handed to a policy that may not need its value:
/// the signed coasting distance (points) of the release velocity clamped to the platform's
/// maximum fling velocity (``AndroidSplineDeceleration/clampedCoastDistance(velocity:)``; 0 for a
/// NaN velocity), computed only when read (``value()``, one `log` and one `exp`).
///
/// Read lazily by ``AndroidSplineDecayPolicy/decide(_:in:decay:)`` (`compose-lazyrow-snap`,
/// `compose-pager`) and `learned-threshold`: `compose-pager` needs the value only when its target
/// can lie two pages from the start, `compose-lazyrow-snap` decides through a monotone slot that
/// a bracket of the decay settles (``agreedKey(from:_:)``), and `learned-threshold` at an
/// `androidProjection` weight of `±0` only needs the projection's finiteness (``bounds()``).
///
/// **The bracket.** Within a batch at the platform's spline (``AndroidSplineDeceleration/standard``,
/// ``ReleaseKinematics``), the decay is bracketed without computing it by ``standardDistances``
/// (``FlingDistanceBracket``: the standard spline's distance at every whole px/s up to 8001,
/// widened by a relative 1e-9, read by pointer: ``standardEntries``): for the clamped speed `s ∈ [k, k + 1)` px/s, the computed
/// distance lies between entries `k` and `k + 1` so widened. A decay made one release at a time
/// (``init(velocity:spline:)``) has no bracket, and a policy then reads the value.
public struct AndroidSplineDecay {
    /// The release velocity, pt/ms (not yet clamped).
    public let velocity: Double
    /// The spline whose decay this is.
    public let spline: AndroidSplineDeceleration
    /// Where a batch keeps the release's standard decay (``ReleaseKinematics``), nil alone.
    let shared: UnsafeMutablePointer<ReleaseKinematics>?
    /// ``standardEntries`` in a batch at the standard spline (nil for an unusable table), else nil.
    let table: UnsafePointer<Double>?

    /// The decay of `velocity` (pt/ms) at `spline`, computed when read; no bracket.
    public init(velocity: Double, spline: AndroidSplineDeceleration) {
        self.velocity = velocity
        self.spline = spline
        shared = nil
        table = nil
    }

    /// The standard spline's decay of `release`, kept in (or read from) `shared`, bracketed by
    /// `table` (``standardEntries``, read once per batch by the caller).
    @inline(__always)
    init(standardOf release: Release, shared: UnsafeMutablePointer<ReleaseKinematics>, table: UnsafePointer<Double>?) {
        velocity = release.velocity
        spline = .platform(friction: 0.015)  // `standard`'s bits, its constants folded
        self.shared = shared
        self.table = table
    }

    /// The standard spline's distance (``AndroidSplineDeceleration/platform(friction:)`` at 0.015,
    /// the bits of ``AndroidSplineDeceleration/standard``'s) tabulated at every whole px/s from 0 to
    /// 8001 (``FlingDistanceBracket``), built once per process.
    static let standardDistances = FlingDistanceBracket {
        AndroidSplineDeceleration.platform(friction: 0.015).coastDistance(velocity: $0)
    }

    /// ``standardDistances``' entries by pointer (``FlingDistanceBracket/ProcessEntries``).
    static let standardEntries = FlingDistanceBracket.ProcessEntries(standardDistances)

    /// A bound on the magnitude of every standard decay, points: the decay of a velocity clamped
    /// to 8 pt/ms is at most ``standardDistances``' last entry (8.001 pt/ms, 7,2xx points) widened
    /// by 1e-9 (``FlingDistanceBracket``), below 8,000 (`AndroidSplineDecayTests` checks it).
    static let magnitudeBound = 8000.0

    /// The decay, points (signed like the velocity): `spline.clampedCoastDistance(velocity:)`,
    /// computed now (or, in a batch, read from the release's ``ReleaseKinematics`` when another
    /// policy computed it first; the same bits).
    @inline(__always)
    public func value() -> Double {
        if let shared { return shared.pointee.standardAndroidCoast(velocity: velocity) }
        return spline.clampedCoastDistance(velocity: velocity)
    }

    /// Signed bounds of the decay, points (`lower ≤ value() ≤ upper`), without computing it;
    /// nil without a bracket (see the type).
    @inline(__always)
    func bounds() -> (lower: Double, upper: Double)? {
        guard let table else { return nil }
        let v = AndroidSplineDeceleration.platform(friction: 0.015).clampedFlingVelocity(velocity)
        guard let b = FlingDistanceBracket.bounds(speed: abs(v), entries: table) else { return nil }
        return v < 0 ? (-b.upper, -b.lower) : b
    }

    /// `key(offset + decay)` when `key(offset + lower)` and `key(offset + upper)` agree at the
    /// bracket's two ends (``bounds()``), else nil (no bracket, or a threshold inside it: the
    /// caller reads ``value()``). For a key monotone in the end, evaluated by monotone
    /// floating-point steps (``FlingDistanceBracket``), the agreed key is the key at the value.
    @inline(__always)
    func agreedKey<Key: Equatable>(from offset: Double, _ key: (Double) -> Key) -> Key? {
        guard let b = bounds() else { return nil }
        let lower = key(offset + b.lower)
        return lower == key(offset + b.upper) ? lower : nil
    }
}
