import Foundation
import SnapStrategies
import SnapScoring
import SnapLabSupport

/// The joint distribution of what decides a policy's hit (issue 32, item 2): each labelled
/// stroke's release speed toward its goal, where the release falls within an item, and how far the
/// goal still is, compared between a recording and generated traces by a two-sample distance.
///
/// Per stroke (units: pt/ms, fraction of a pitch, pitches):
/// - **speed**: the reader's release velocity (LSQ2 by default, as `compare` sees it) signed
///   toward the goal (negative: away from it);
/// - **position**: the fractional part of the release offset's slot position
///   (``CarouselLayout/position(atOffset:)``), in [0, 1): 0 at a snap offset;
/// - **distance**: (the goal's resting offset − the release offset) / pitch, signed toward the goal
///   direction at touch-down (the goal's resting offset: ``CarouselLayout/snapOffset(ofSlot:)``; for
///   the A30 study's trailing row, where its target is wholly revealed).
///
/// **Distances.** The two-sample Kolmogorov–Smirnov statistic `D` per margin (the largest gap
/// between the two empirical distribution functions: 0 = identical, 1 = disjoint), with its
/// asymptotic p-value (Kolmogorov's series at `√(nm/(n + m))·D`); and the energy distance of the
/// three margins together (Székely & Rizzo 2013: `2E|X − Y| − E|X − X'| − E|Y − Y'|`, Euclidean,
/// each margin divided by its pooled sd so that none dominates by its unit; 0 if and only if the
/// joint distributions are equal), with a permutation p-value over `permutations` relabellings of
/// the pooled sample (seeded). The KS margins say which coordinate is off; the energy distance
/// also sees the dependence between them (a model whose fast strokes end far from the goal).
public struct KinematicsDistance: Sendable {
    /// One labelled stroke: speed toward the goal (pt/ms), position within the item, goal distance (pitches).
    public struct Point: Sendable, Hashable {
        public var speed: Double
        public var position: Double
        public var distance: Double
    }

    /// The labelled strokes of `summary`.
    public static func points(_ summary: RecordingSummary) -> [Point] {
        let layout = summary.layout
        return summary.features.compactMap { f in
            guard let label = f.intendedIndex else { return nil }
            let slot = layout.slot(ofItem: label, near: f.startOffset)
            let goal = layout.snapOffset(ofSlot: slot)
            let direction: Double = goal >= f.startOffset ? 1 : -1
            let release = f.startOffset + f.travel
            let position = layout.position(atOffset: release)
            let point = Point(speed: f.velocity * direction, position: position - position.rounded(.down),
                              distance: (goal - release) * direction / layout.stride)
            return point.speed.isFinite && point.position.isFinite && point.distance.isFinite ? point : nil
        }
    }

    /// A margin's two-sample KS statistic and p-value.
    public struct Margin: Sendable, Hashable {
        public var name: String
        public var d: Double
        public var p: Double
    }

    /// The comparison of two samples of points.
    public struct Comparison: Sendable {
        public var margins: [Margin]
        public var energy: Double
        public var energyP: Double
        public var counts: (recording: Int, generated: Int)
    }

    /// Compares `a` (the recording) with `b` (generated; at most `cap` of them, evenly spaced, enter
    /// the energy distance, whose cost grows with the square of the pooled size).
    public static func compare(_ a: [Point], _ b: [Point], permutations: Int = 199, seed: UInt64, cap: Int = 1500) -> Comparison? {
        guard a.count >= 10, b.count >= 10 else { return nil }
        let names = ["release speed toward the goal", "position within the item", "distance to the goal"]
        let get: [(Point) -> Double] = [{ $0.speed }, { $0.position }, { $0.distance }]
        let margins = names.indices.map { i -> Margin in
            let (d, p) = ks(a.map(get[i]), b.map(get[i]))
            return Margin(name: names[i], d: d, p: p)
        }
        let step = max(1, b.count / cap)
        let bb = Swift.stride(from: 0, to: b.count, by: step).map { b[$0] }
        let pooled = a + bb
        let scales = get.map { g -> Double in
            let v = pooled.map(g), m = v.reduce(0, +) / Double(v.count)
            let sd = (v.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(max(v.count - 1, 1))).squareRoot()
            return sd > 0 ? sd : 1
        }
        let z = pooled.map { p in get.indices.map { get[$0](p) / scales[$0] } }
        let n = z.count
        var dist = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<n {
                let dx = z[i][0] - z[j][0], dy = z[i][1] - z[j][1], dz = z[i][2] - z[j][2]
                let d = (dx * dx + dy * dy + dz * dz).squareRoot()
                dist[i * n + j] = d
                dist[j * n + i] = d
            }
        }
        func energy(_ inA: [Bool]) -> Double {
            var ab = 0.0, aa = 0.0, bbSum = 0.0, na = 0.0, nb = 0.0
            for i in 0..<n { if inA[i] { na += 1 } else { nb += 1 } }
            for i in 0..<n {
                for j in 0..<n where i != j {
                    let d = dist[i * n + j]
                    switch (inA[i], inA[j]) {
                    case (true, false): ab += d
                    case (true, true): aa += d
                    case (false, false): bbSum += d
                    case (false, true): break
                    }
                }
            }
            return 2 * ab / (na * nb) - aa / (na * (na - 1)) - bbSum / (nb * (nb - 1))
        }
        var labels = (0..<n).map { $0 < a.count }
        let observed = energy(labels)
        var draws: UInt64 = 0
        var above = 0
        for _ in 0..<max(permutations, 0) {
            for i in Swift.stride(from: n - 1, to: 0, by: -1) {
                draws &+= 1  // SplitMix64's stream from `seed`: the finaliser of seed + k·golden ratio
                labels.swapAt(i, Int(SeedMix.mix(seed &+ (draws - 1) &* 0x9E37_79B9_7F4A_7C15) % UInt64(i + 1)))
            }
            if energy(labels) >= observed { above += 1 }
        }
        return Comparison(margins: margins, energy: observed, energyP: Double(above + 1) / Double(max(permutations, 0) + 1),
                          counts: (a.count, b.count))
    }

    /// The two-sample KS statistic of `x` and `y` and its asymptotic p-value.
    static func ks(_ x: [Double], _ y: [Double]) -> (d: Double, p: Double) {
        let a = x.sorted(), b = y.sorted()
        var i = 0, j = 0, d = 0.0
        while i < a.count && j < b.count {
            let v = min(a[i], b[j])
            while i < a.count && a[i] <= v { i += 1 }
            while j < b.count && b[j] <= v { j += 1 }
            d = max(d, abs(Double(i) / Double(a.count) - Double(j) / Double(b.count)))
        }
        let ne = Double(a.count * b.count) / Double(a.count + b.count)
        let lambda = (ne.squareRoot() + 0.12 + 0.11 / ne.squareRoot()) * d
        var p = 0.0
        for k in 1...100 {
            let term = 2 * (k % 2 == 1 ? 1.0 : -1.0) * exp(-2 * Double(k * k) * lambda * lambda)
            p += term
            if abs(term) < 1e-12 { break }
        }
        return (d, min(max(p, 0), 1))
    }

    /// The comparison as text lines.
    public static func rendered(_ c: Comparison) -> String {
        var out = "release kinematics (\(c.counts.recording) recorded vs \(c.counts.generated) generated labelled strokes; "
            + "two-sample KS D per margin: the largest gap between the two distribution functions, 0 = same, 1 = disjoint):\n"
        for m in c.margins {
            out += "  \(m.name): D = \(NumberFormat.fixed(m.d, 3)) (p = \(NumberFormat.fixed(m.p, 3)))\n"
        }
        out += "  joint energy distance (margins in pooled sd units; 0 only when the joint distributions are equal): "
            + "\(NumberFormat.fixed(c.energy, 4)) (permutation p = \(NumberFormat.fixed(c.energyP, 3)))\n"
        return out
    }
}
