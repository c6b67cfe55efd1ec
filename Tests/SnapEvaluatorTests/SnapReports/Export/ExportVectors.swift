import Foundation
import SnapStrategies
import SnapGSL
import SnapScoring
import SnapReports

/// Seeded releases for the exported policies, written as a text file the Kotlin and JavaScript
/// runners read, and the decisions SnapStrategies makes on them.
///
/// Per policy: 100 layouts of 100 releases (10,000), the layouts drawn with wide items (wider
/// than the viewport), unequal insets, every alignment, looping ones, one-item ones; the releases
/// at both ends, on and half-way between snap offsets, NaN and infinite, with zero, tiny, tier and
/// huge velocities, known and unknown start items and finger travel. Each policy has two exports
/// (its defaults and a random valid parameter vector, taking turns over the layouts; a CSS snap
/// policy has two random ones, with `decayPrediction` 1, `flingCurve` 0 then 2 for mandatory and
/// 1 then 2 for proximity), a capped policy (`ID@max<n>`) one, its defaults: each Kotlin export is
/// a file for `kotlinc`, whose time grows with the files.
struct ExportVectors {
    /// One export: a key (`k<n>`, the Kotlin package and the JavaScript file name) and its policy.
    struct Export {
        var key: String
        var policy: any SnapPolicy
    }

    struct Group {
        var export: Int
        var layout: CarouselLayout
        var releases: [Release]
    }

    static let layoutsPerPolicy = 100
    static let releasesPerLayout = 100
    static let exportsPerPolicy = 2

    var exports: [Export] = []
    var groups: [Group] = []

    /// The vectors for `ids`, seeded with `seed`.
    init(ids: [String], seed: UInt64) throws {
        let rng = try GSLRandom(seed: seed)
        for id in ids {
            let base = try PolicyCatalog.policy(id: id)
            let first = exports.count
            // A capped policy (`ID@max<n>`) is tested at its defaults: its base's translation is tested at random values.
            // CSS snap has one more random export, so that each fling curve (`flingCurve`) is exported.
            let curves: [Double] = id == "css-snap-proximity" ? [1, 2] : [0, 2]
            let isCSS = base.parameterSpecs.contains(where: { $0.name == "flingCurve" })
            let count = base is CappedSnapPolicy ? 1 : Self.exportsPerPolicy + (isCSS ? 1 : 0)
            exports.append(Export(key: "k\(exports.count)", policy: base))
            for index in 1..<count {
                var random = try Self.randomParameters(of: base, rng)
                // CSS snap: its defaults export takes the legacy estimate, the random one always the
                // decay-prediction path (CSSScrollSnap+DecayPrediction.swift), whatever the draw.
                if random.parameterSpecs.contains(where: { $0.name == "decayPrediction" }) {
                    try random.setParameter(named: "decayPrediction", to: 1)
                }
                // … on the Aura curve for mandatory, on PhysicsBasedFlingCurve for proximity, then on
                // MobileScrollerFlingCurve for both (`flingCurve`).
                if isCSS {
                    try random.setParameter(named: "flingCurve", to: curves[index - 1])
                }
                exports.append(Export(key: "k\(exports.count)", policy: random))
            }
            for g in 0..<Self.layoutsPerPolicy {
                let layout = try Self.randomLayout(rng)
                let releases = (0..<Self.releasesPerLayout).map { _ in Self.randomRelease(in: layout, rng) }
                groups.append(Group(export: first + g % count, layout: layout, releases: releases))
            }
        }
    }

    /// Every identifier of `ids` with a per-fling cap (``CappedSnapPolicy``): `@max1`, every third `@max2`.
    static func capped(_ ids: [String]) -> [String] {
        ids.enumerated().map { "\($0.element)@max\($0.offset % 3 == 2 ? 2 : 1)" }
    }

    static func randomParameters(of policy: any SnapPolicy, _ rng: GSLRandom) throws -> any SnapPolicy {
        for _ in 0..<1000 {
            var values = policy.parameterSpecs.map { spec -> Double in
                let x = rng.uniform(spec.minimum, spec.maximum)
                return spec.isInteger ? x.rounded() : x
            }
            if ((policy as? CappedSnapPolicy)?.base ?? policy) is LearnedThresholdSnap {   // its cut points must rise: draw them sorted, weights scaled to the cuts
                let n = LearnedThresholdSnap.featureNames.count
                values = values.prefix(n).map { $0 / 1000 } + values.dropFirst(n).sorted()
            }
            if let valid = try? policy.withParameterValues(values) { return valid }
        }
        throw ExportVectorFailure(description: "\(policy.id): no valid random parameters in 1000 draws")
    }

    static func pick<T>(_ xs: [T], _ rng: GSLRandom) -> T { xs[rng.integer(below: xs.count)] }

    static func randomLayout(_ rng: GSLRandom) throws -> CarouselLayout {
        let width = rng.bernoulli(0.5) ? rng.uniform(40, 400).rounded() : rng.uniform(20, 500)
        let spacing = rng.bernoulli(0.3) ? 0 : rng.uniform(0, 40)
        let leading = pick([0, 10, rng.uniform(0, 60)], rng)
        let trailing = rng.bernoulli(0.3) ? leading : rng.uniform(0, 80)
        let viewport: Double
        switch rng.integer(below: 10) {
        case 0, 1: viewport = width * rng.uniform(0.3, 0.99)      // wide items
        case 2, 3: viewport = 375
        default: viewport = width * rng.uniform(1, 4) + trailing
        }
        let count = rng.bernoulli(0.05) ? 1 : 1 + rng.integer(below: 60)
        return try CarouselLayout(itemWidth: width, spacing: spacing, leadingInset: leading, trailingInset: trailing,
                                  viewportWidth: viewport, itemCount: count,
                                  alignment: pick(SnapAlignment.allCases, rng), isLooping: rng.bernoulli(0.2))
    }

    static func randomRelease(in layout: CarouselLayout, _ rng: GSLRandom) -> Release {
        let span = layout.isLooping ? 5 * layout.cycleLength : layout.maxOffset + 2 * layout.stride
        var offset = rng.uniform(-layout.stride, span)
        switch rng.integer(below: 100) {
        case 0..<15: offset = layout.snapOffset(ofSlot: rng.integer(below: layout.itemCount + 5) - 2)
        case 15..<20: offset = layout.snapOffset(ofSlot: rng.integer(below: layout.itemCount)) + layout.stride / 2
        case 20..<24: offset = 0
        case 24..<28: offset = layout.maxOffset
        case 28: offset = .nan
        default: break
        }
        var velocity: Double
        switch rng.integer(below: 100) {
        case 0..<10: velocity = 0
        case 10..<20: velocity = pick([0.03, 0.05, 0.3, 0.5, 2.2, 2.7], rng) * (rng.bernoulli(0.5) ? 1 : -1)
        case 20: velocity = pick([Double.nan, .infinity, -.infinity], rng)
        case 21..<27: velocity = rng.uniform(-1e-3, 1e-3) * pick([1, 1e-3, 1e-6], rng)         // tiny
        case 27..<33: velocity = rng.uniform(-1, 1) * pick([20, 500, 1e4, 1e7], rng)          // huge
        default: velocity = rng.uniform(-4, 4)
        }
        let travel = rng.uniform(-2, 2) * layout.stride
        let startIndex: Int? = rng.bernoulli(0.3) ? rng.integer(below: layout.itemCount + 6) - 3 : nil
        let finger: Double? = rng.bernoulli(0.3) ? travel * rng.uniform(1, 1.3) + (travel >= 0 ? 8 : -8) : nil
        let duration = rng.bernoulli(0.1) ? 0 : rng.uniform(5, 900)
        return Release(offset: offset, velocity: velocity, startOffset: offset.isFinite ? offset - travel : 0,
                       startTime: 0, time: duration, startIndex: startIndex, fingerTravel: finger)
    }

    /// A number as Kotlin's `toDouble()` and JavaScript's `Number()` read it back exactly.
    static func number(_ x: Double) -> String {
        x.isNaN ? "NaN" : (x == .infinity ? "Infinity" : (x == -.infinity ? "-Infinity" : "\(x)"))
    }

    /// The input file: a `G key itemWidth itemSpacing leadingInset trailingInset viewportWidth
    /// itemCount alignment looping` line per group, then an `R offset velocity startOffset startIndex
    /// fingerTravel durationMs` line per release (`-` for unknown).
    var input: String {
        var out = ""
        for g in groups {
            let l = g.layout
            out += "G \(exports[g.export].key) " + [l.itemWidth, l.spacing, l.leadingInset, l.trailingInset, l.viewportWidth]
                .map(Self.number).joined(separator: " ") + " \(l.itemCount) \(l.alignment.rawValue) \(l.isLooping ? 1 : 0)\n"
            for r in g.releases {
                out += "R \(Self.number(r.offset)) \(Self.number(r.velocity)) \(Self.number(r.startOffset)) "
                    + (r.startIndex.map { "\($0)" } ?? "-") + " " + (r.fingerTravel.map(Self.number) ?? "-")
                    + " \(Self.number(r.duration))\n"
            }
        }
        return out
    }

    /// SnapStrategies' decisions, one per release in input order.
    var expected: [SnapDecision] {
        groups.flatMap { g in g.releases.map { exports[g.export].policy.decide($0, in: g.layout) } }
    }

    /// The releases that differ between `expected` and a runner's output lines (`slot index offset
    /// rule`): a different slot, item or rule, or an offset that is not the same double.
    func mismatches(_ output: String, expected: [SnapDecision]) -> [String] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count == expected.count else { return ["\(lines.count) decisions for \(expected.count) releases"] }
        var out: [String] = []
        var k = 0
        for g in groups {
            for r in g.releases {
                let e = expected[k], fields = lines[k].split(separator: " ").map(String.init)
                k += 1
                let offset = fields.count == 4 ? Double(fields[2]) : nil
                let sameOffset = offset.map { $0 == e.targetOffset || ($0.isNaN && e.targetOffset.isNaN) } ?? false
                if fields.count != 4 || Int(fields[0]) != e.targetSlot || Int(fields[1]) != e.targetIndex || !sameOffset
                    || fields[3] != e.rule {
                    out.append("\(exports[g.export].policy.id) \(exports[g.export].policy.parameterValues) \(g.layout) \(r): "
                               + "expected \(e.targetSlot) \(e.targetIndex) \(e.targetOffset) \(e.rule), got \(lines[k - 1])")
                }
            }
        }
        return out
    }
}

struct ExportVectorFailure: Error, CustomStringConvertible {
    var description: String
}
