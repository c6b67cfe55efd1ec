import SnapStrategies
import SnapScoring

/// The release-time features of ``LearnedThresholdSnap`` for a list of traces, as the likelihood
/// fit (``OrdinalThresholdModel``) reads them: one row of ``LearnedThresholdSnap/featureNames``
/// values per kept trace (row-major), its intended offset from the start slot
/// `k = intended slot − start slot` (the intended slot is the intended item, or in a looping layout
/// the slot showing it nearest the start slot) and its weight.
///
/// Compact on purpose (one fit's rows are in memory only while it runs, and at a million traces
/// every byte per row counts): 8 values, `k` in one byte (clamped to ±127; the model clamps it
/// to ±K ≤ 50 anyway), a weight only when the fit is weighted. The features are not kept
/// between fits: each fit, the cut-point tuning (``LearnedCutpointTuning``) and each fold of the
/// headroom (``HeadroomClassifier``) compute them again from the releases, which costs less than
/// one likelihood pass.
///
/// Traces with a non-finite feature are left out (``skipped``): the policy stays on the start
/// item for them whatever it learns, so they carry no information about the weights.
struct LearnedFeatures: Sendable {
    /// Features per row.
    static let width = LearnedThresholdSnap.featureNames.count

    /// `rows × width` values, row-major.
    var values: [Double] = []
    /// `k` of each row, clamped to ±127.
    var offsets: [Int8] = []
    /// Weight of each row (a bootstrap multiplicity); `nil`: 1 each.
    var weights: [Double]?
    /// Traces left out for a non-finite feature.
    var skipped = 0

    var count: Int { offsets.count }

    /// The features of `indices` of `data` with `weights` (default 1 each).
    init(data: FitData, indices: [Int], weights: [Double]? = nil) {
        values.reserveCapacity(indices.count * Self.width)
        offsets.reserveCapacity(indices.count)
        var kept: [Double] = []
        if weights != nil { kept.reserveCapacity(indices.count) }
        for (position, i) in indices.enumerated() where i >= 0 && i < data.count {
            guard let row = Self.row(data, i) else {
                skipped += 1
                continue
            }
            Self.append(row.x, to: &values)
            offsets.append(Int8(SnapMath.clamp(row.offset, -127, 127)))
            if let weights { kept.append(weights[position]) }
        }
        if weights != nil { self.weights = kept }
    }

    /// Weight of row `r`.
    @inline(__always)
    func weight(_ r: Int) -> Double { weights?[r] ?? 1 }

    /// One trace's features and `k`; `nil` when a feature is not finite.
    @inline(__always)
    static func row(_ data: FitData, _ i: Int) -> (x: LearnedThresholdSnap.Features, offset: Int)? {
        let release = data.releases[i], layout = data.layout(i)
        let x = LearnedThresholdSnap.features(of: release, in: layout)
        guard x.velocity.isFinite, x.travel.isFinite, x.fingerTravel.isFinite, x.fraction.isFinite,
              x.uikitProjection.isFinite, x.androidProjection.isFinite, x.duration.isFinite, x.quickness.isFinite
        else { return nil }
        let intended = data.labels[i].intended
        let start = layout.clampedSlot(x.startSlot)
        let slot = layout.isLooping ? layout.slot(ofItem: intended, near: layout.snapOffset(ofSlot: start)) : intended
        return (x, TraceOutcome.saturatingDifference(slot, start))
    }

    /// Feature `j` (``LearnedThresholdSnap/featureNames`` order) of `x`.
    @inline(__always)
    static func value(_ x: LearnedThresholdSnap.Features, _ j: Int) -> Double {
        switch j {
        case 0: return x.velocity
        case 1: return x.travel
        case 2: return x.fingerTravel
        case 3: return x.fraction
        case 4: return x.uikitProjection
        case 5: return x.androidProjection
        case 6: return x.duration
        default: return x.quickness
        }
    }

    /// Appends `x`'s values in ``LearnedThresholdSnap/featureNames`` order.
    @inline(__always)
    static func append(_ x: LearnedThresholdSnap.Features, to values: inout [Double]) {
        values.append(x.velocity)
        values.append(x.travel)
        values.append(x.fingerTravel)
        values.append(x.fraction)
        values.append(x.uikitProjection)
        values.append(x.androidProjection)
        values.append(x.duration)
        values.append(x.quickness)
    }

    /// Weighted mean and standard deviation of each feature (population form).
    func moments() -> (mean: [Double], deviation: [Double]) {
        let d = Self.width, n = count
        var sum = [Double](repeating: 0, count: d), square = [Double](repeating: 0, count: d)
        var total = 0.0
        for r in 0..<n {
            let w = weight(r)
            total += w
            for j in 0..<d { sum[j] += w * values[r * d + j] }
        }
        let mean = sum.map { total > 0 ? $0 / total : 0 }
        for r in 0..<n {
            let w = weight(r)
            for j in 0..<d {
                let e = values[r * d + j] - mean[j]
                square[j] += w * e * e
            }
        }
        return (mean, square.map { total > 0 ? ($0 / total).squareRoot() : 0 })
    }

    /// Replaces the values by the standardized columns `used` (`zᵣ꜀ = (x − mean)/deviation`, row `r`
    /// at `r × used.count`), in place: the likelihood reads them, and no second matrix is made.
    /// The array keeps its length; the values past `count × used.count` mean nothing.
    mutating func standardize(_ used: [Int], mean: [Double], deviation: [Double]) {
        let d = used.count, width = Self.width, n = count
        var raw = [Double](repeating: 0, count: width)
        values.withUnsafeMutableBufferPointer { values in
            for r in 0..<n {
                // Row r's values are read before any of its z is written; z of row r ends before row r + 1 (d ≤ width).
                for j in 0..<width { raw[j] = values[r * width + j] }
                for (c, j) in used.enumerated() { values[r * d + c] = (raw[j] - mean[j]) / deviation[j] }
            }
        }
    }
}
