import SnapStrategies
import SnapLabSupport
import SnapScoring

/// Why a fitted configuration is not an answer to ship, though it may score well: the fit ran
/// into an edge of what it could try, or into an artefact of the data. `fit`, `recommend`, the
/// report and the generated code mark such values, and ``Recommendation`` sets such a candidate
/// aside unless asked not to (`--allow-degenerate`).
///
/// A fitted value other than the parameter's default (a fit that kept the platform's value has
/// not run into anything) is **degenerate** when
/// - it lies on or within 1% of its range's end (``edgeShare`` of `maximum − minimum`): the search
///   wanted to go further, so the value is where the range stopped, not what the data say;
/// - two cut points of the learned policy coincide: they are closer than 1% (``edgeShare``) of the
///   spread (1st to 99th percentile) of the scores `η` of the data, so a band of items between
///   them is (nearly) never chosen;
/// - a speed threshold (a parameter compared with the release speed, ``ThresholdFeature``)
///   separates only exactly-0 velocities from the rest: at most ``lowSpeedShare`` (2.5%) of the
///   moving releases (`|v| > 0`) are at or below it, while some releases are at exactly 0 (a
///   recording artefact: a lift-off repeated with no movement);
/// - a speed threshold lies beyond the data's 99th-percentile speed: it (nearly) never fires, so
///   the rule it gates is switched off.
public struct Degeneracy: Sendable {
    /// Share of a range (or of the scores' spread) within which a value counts as at its end.
    public static let edgeShare = 0.01
    /// Share of moving releases at or below a speed threshold up to which it counts as separating
    /// only the zeros.
    public static let lowSpeedShare = 0.025

    /// The sorted release speeds `|v|` of the data (NaN left out), read once.
    let speeds: [Double]
    /// Releases at exactly 0 pt/ms.
    let zeros: Int
    let data: FitData

    public init(data: FitData) {
        self.data = data
        var s: [Double] = []
        s.reserveCapacity(data.count)
        for r in data.releases where r.velocity == r.velocity { s.append(abs(r.velocity)) }
        s.sort()
        speeds = s
        zeros = s.prefix { $0 == 0 }.count
    }

    /// The data's 99th-percentile release speed, pt/ms (NaN without releases).
    public var speed99: Double { speeds.isEmpty ? .nan : Percentile.ofSorted(speeds, 0.99) }

    /// One sentence per degenerate value of `policy` among `fitted` (parameter names); empty when none.
    public func reasons(_ policy: any SnapPolicy, fitted: [String]) -> [String] {
        var out: [String] = []
        let values = Dictionary(zip(policy.parameterSpecs.map(\.name), policy.parameterValues), uniquingKeysWith: { a, _ in a })
        for spec in policy.parameterSpecs where fitted.contains(spec.name) {
            // A fit that kept the platform's own value has not run into anything.
            guard let v = values[spec.name], v != spec.defaultValue else { continue }
            if let reason = speedReason(spec, v) ?? rangeReason(spec, v, learned: policy is LearnedThresholdSnap) {
                out.append(reason)
            }
        }
        if let learned = policy as? LearnedThresholdSnap { out += cutReasons(learned) }
        return out
    }

    /// A value on or within 1% of an end of its range (not judged for the learned policy, whose
    /// ranges are only a guard against overflow).
    func rangeReason(_ spec: PolicyParameter, _ v: Double, learned: Bool) -> String? {
        let span = spec.maximum - spec.minimum
        guard !learned, span.isFinite, span > 0,
              v - spec.minimum <= Self.edgeShare * span || spec.maximum - v <= Self.edgeShare * span else { return nil }
        return "\(spec.name) = \(NumberFormat.compact(v, 4)) is within 1% of an end of its range "
            + "\(NumberFormat.compact(spec.minimum, 4))–\(NumberFormat.compact(spec.maximum, 4)) \(spec.unit)"
    }

    /// A speed threshold beyond the 99th-percentile speed, or separating only the releases at exactly 0.
    func speedReason(_ spec: PolicyParameter, _ v: Double) -> String? {
        guard spec.comparedWith?.quantity == .speed, !speeds.isEmpty else { return nil }
        let text = NumberFormat.compact(v, 4)
        let p99 = speed99
        if v > p99 {
            return "\(spec.name) = \(text) pt/ms is beyond the data's 99th-percentile speed "
                + "(\(NumberFormat.compact(p99, 4)) pt/ms): it (nearly) never fires"
        }
        let moving = speeds.count - zeros
        let slowMoving = Self.countAtOrBelow(v, speeds) - zeros
        guard zeros > 0, v >= 0, moving > 0, Double(slowMoving) <= Self.lowSpeedShare * Double(moving) else { return nil }
        return "\(spec.name) = \(text) pt/ms only separates the \(zeros) releases at exactly 0 pt/ms from the rest "
            + "(\(slowMoving) of \(moving) moving releases are at or below it)"
    }

    /// Coinciding cut points of a learned policy (closer than 1% of the scores' 1st–99th percentile spread).
    func cutReasons(_ learned: LearnedThresholdSnap) -> [String] {
        let cuts = learned.cutpoints
        guard cuts.count >= 2, data.count > 0 else { return [] }
        var eta: [Double] = []
        eta.reserveCapacity(data.count)
        for i in 0..<data.count {
            let x = learned.score(LearnedThresholdSnap.features(of: data.releases[i], in: data.layout(i)))
            if x.isFinite { eta.append(x) }
        }
        guard !eta.isEmpty else { return [] }
        eta.sort()
        let spread = Percentile.ofSorted(eta, 0.99) - Percentile.ofSorted(eta, 0.01)
        var out: [String] = []
        for j in 1..<cuts.count where cuts[j] - cuts[j - 1] <= Self.edgeShare * spread {
            let between = Self.countAtOrBelow(cuts[j], eta) - Self.countAtOrBelow(cuts[j - 1], eta)
            out.append("cut\(j) = \(NumberFormat.compact(cuts[j - 1], 4)) and cut\(j + 1) = \(NumberFormat.compact(cuts[j], 4)) "
                       + "coincide (closer than 1% of the scores' spread, \(NumberFormat.compact(spread, 4)); "
                       + "\(between) of \(eta.count) traces score between them)")
        }
        return out
    }

    /// How many of the sorted `xs` are at or below `v`.
    static func countAtOrBelow(_ v: Double, _ xs: [Double]) -> Int {
        var lo = 0, hi = xs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if xs[mid] <= v { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
