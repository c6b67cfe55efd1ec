// A fling distance that grows with the speed, tabulated at whole px/s: a bracket of the distance
// without a logarithm or an exponential, for decisions that depend on it through monotone steps.

/// A fling distance `D(s)` that grows with the speed `s` (the Android spline's and Flutter's
/// `ClampingScrollSimulation`'s, `D ∝ s^(DR/(DR−1))`), computed once at every whole speed `k` px/s
/// from 0 to 8001 (density 1: up to the platforms' 8000 px/s and one beyond), by the model's own
/// code: entry `k` is `distance(Double(k) / 1000)`, points.
///
/// **The bracket.** For a speed `s ∈ [k, k + 1)` px/s the model's distance lies between entries
/// `k` and `k + 1`: the exact `D` increases with `s`, and the computed one is within a relative
/// 1e-13 of it (`SnapMath.exp`/`log` are within 1e-15, tested in `SnapMath+ElementaryTests`; the
/// exponent of at most 13 in magnitude at these speeds, and the few roundings around them, add
/// less than 1e-13), so ``bounds(speed:)`` widens the two entries by ``margin`` (1e-9, some
/// 10,000 times that error). `FlingDistanceBracketTests` checks the computed distance against
/// the bounds at some 690,000 speeds.
///
/// **Deciding with it** (`rn-android-paging`'s end page, `flutter-fixedextent`'s end). A decision
/// that depends on the distance only through a key that is monotone in the signed distance (each
/// part non-decreasing or non-increasing: a slot rounded from an offset, an offset compared with a
/// bound), evaluated in floating point by operations that are themselves monotone (addition of the
/// same offset, a clamp, a division by the same positive width, a floor), has the same key at
/// every distance between two distances where it agrees: the key at the bracket's two ends is then
/// the key at the computed distance, and the logarithm and exponential are not needed. Where the
/// ends disagree (a threshold inside the bracket: a few decisions in a thousand at 1 px/s steps)
/// the distance is computed as without the table.
///
/// A table whose entries are not finite, non-negative and non-decreasing is empty (every distance
/// is then computed).
struct FlingDistanceBracket: Sendable {
    /// `distance(k / 1000)` for `k = 0…8001`, points (empty if not monotone, see the type).
    let distances: [Double]

    /// The relative widening of the bracket's ends (see the type).
    static let margin = 1e-9

    /// The largest whole speed the table holds, px/s (its last entry is one beyond, the upper end
    /// of the bracket at 8000 px/s).
    static let maximumSpeed = 8000.0

    /// The table of `distance` (pt/ms → points) at every whole px/s from 0 to 8001.
    init(distance: (Double) -> Double) {
        var table = [Double]()
        table.reserveCapacity(Int(Self.maximumSpeed) + 2)
        var previous = 0.0
        for k in 0...(Int(Self.maximumSpeed) + 1) {
            let d = distance(Double(k) / 1000)
            guard d.isFinite, d >= previous else {
                distances = []
                return
            }
            table.append(d)
            previous = d
        }
        distances = table
    }

    /// Lower and upper bounds of the model's (unsigned) distance at `speed` pt/ms, points; nil
    /// beyond 8 pt/ms, for a negative or NaN speed, or for an empty table.
    @inline(__always)
    func bounds(speed: Double) -> (lower: Double, upper: Double)? {
        guard distances.count == Self.entryCount else { return nil }
        return distances.withUnsafeBufferPointer { Self.bounds(speed: speed, entries: $0.baseAddress!) }
    }

    /// The number of entries of a usable table (8002).
    static let entryCount = Int(maximumSpeed) + 2

    /// ``bounds(speed:)`` read from a copy of a usable table's ``entryCount`` entries at `entries`.
    @inline(__always)
    static func bounds(speed: Double, entries d: UnsafePointer<Double>) -> (lower: Double, upper: Double)? {
        let x = speed * 1000
        guard x >= 0, x <= maximumSpeed else { return nil }
        let k = Int(x)
        return (d[k] * (1 - margin), d[k &+ 1] * (1 + margin))
    }

    /// The entries of a usable table in storage that lives as long as the process (allocated once,
    /// filled, never written again nor freed), read by pointer where carrying the array in a
    /// value per release would count references (``AndroidSplineDecay``); nil for an empty table.
    struct ProcessEntries: @unchecked Sendable {
        // Unchecked: the pointee is immutable once `init` returns and is never deallocated, so
        // every thread reads the same constant doubles.
        let base: UnsafePointer<Double>?

        init(_ table: FlingDistanceBracket) {
            guard table.distances.count == FlingDistanceBracket.entryCount else {
                base = nil
                return
            }
            let storage = UnsafeMutablePointer<Double>.allocate(capacity: FlingDistanceBracket.entryCount)
            storage.initialize(from: table.distances, count: FlingDistanceBracket.entryCount)
            base = UnsafePointer(storage)
        }
    }

    /// `key(end)` of a fling from `offset` at the signed velocity `v` (pt/ms) when it is the same
    /// at both ends of the distance's bracket (``bounds(speed:)``; the end `offset ± distance` in
    /// the velocity's direction), else nil (no bracket, or the ends disagree: the caller computes
    /// the distance). For a `key` monotone in the end (see the type), the agreed key is the key at
    /// the computed distance.
    @inline(__always)
    func agreedKey<Key: Equatable>(from offset: Double, velocity v: Double, _ key: (Double) -> Key) -> Key? {
        guard let b = bounds(speed: abs(v)) else { return nil }
        let lower = key(offset + (v < 0 ? -b.lower : b.lower))
        return lower == key(offset + (v < 0 ? -b.upper : b.upper)) ? lower : nil
    }
}
