// Compares every catalogue policy's decisions between two builds of SnapStrategies (modules
// `OldStrategies`, built from a git revision, and `SnapStrategies`, this checkout) on random
// layouts, releases and parameter vectors, through the single and the batch path: slot, item,
// offset (bit for bit) and rule. Run by Scripts/research/compare-policy-decisions.sh; not part of the tests.
import OldStrategies
import SnapStrategies

/// A 64-bit linear congruential generator (Knuth's MMIX constants): uniform doubles in [0, 1).
struct Generator {
    var state: UInt64
    mutating func uniform() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    mutating func below(_ n: Int) -> Int { Swift.min(n - 1, Int(uniform() * Double(n))) }
}

let arguments = CommandLine.arguments
let seed = UInt64(arguments.count > 1 ? arguments[1] : "1") ?? 1
let rounds = Int(arguments.count > 2 ? arguments[2] : "200") ?? 200
var random = Generator(state: seed)
print("seed \(seed), rounds \(rounds)")
let oldPolicies = OldStrategies.PolicyCatalog.all, newPolicies = SnapStrategies.PolicyCatalog.all
guard oldPolicies.map(\.id) == newPolicies.map(\.id) else { fatalError("the two catalogues list different policies") }
let alignments: [(OldStrategies.SnapAlignment, SnapStrategies.SnapAlignment)] = [(.leading, .leading), (.center, .center), (.trailing, .trailing)]
var compared = 0, differing = 0
for round in 0..<rounds {
    let width = random.uniform() < 0.5 ? 160 : 20 + 400 * random.uniform()
    let spacing = random.uniform() < 0.5 ? 10 : 40 * random.uniform()
    let inset = random.uniform() < 0.5 ? 10 : 80 * random.uniform()
    let viewport = random.uniform() < 0.5 ? 375 : 100 + 1200 * random.uniform()
    let count = [1, 2, 3, 5, 40, 1000][random.below(6)]
    let alignment = alignments[random.below(3)], looping = random.uniform() < 0.25
    guard let oldLayout = try? OldStrategies.CarouselLayout(itemWidth: width, spacing: spacing, leadingInset: inset, viewportWidth: viewport,
                                                            itemCount: count, alignment: alignment.0, isLooping: looping),
          let newLayout = try? SnapStrategies.CarouselLayout(itemWidth: width, spacing: spacing, leadingInset: inset, viewportWidth: viewport,
                                                             itemCount: count, alignment: alignment.1, isLooping: looping) else { continue }
    let stride = width + spacing
    var oldReleases: [OldStrategies.Release] = [], newReleases: [SnapStrategies.Release] = []
    for _ in 0..<400 {
        // Mostly swipe-like: a drag of up to a page from a start item, speeds up to 5 pt/ms; some
        // anywhere (past the ends too), some very fast, a few non-finite offsets.
        let start = Double(random.below(count)) * stride - inset * random.uniform()
        var offset = start + (random.uniform() - 0.5) * 2 * stride
        var velocity = (random.uniform() - 0.5) * 10 * random.uniform()
        if random.uniform() < 0.2 { offset = (random.uniform() * 1.4 - 0.2) * Double(count) * stride }
        if random.uniform() < 0.05 { velocity = (random.uniform() - 0.5) * 400 }
        if random.uniform() < 0.02 { offset = [Double.nan, .infinity, -1e9, 0][random.below(4)] }
        let startTime = 1000 * random.uniform(), duration = 30 + 600 * random.uniform()
        let startIndex: Int? = random.uniform() < 0.7 ? Swift.max(0, Swift.min(count - 1, Int((start / stride).rounded()))) : nil
        let finger: Double? = random.uniform() < 0.3 ? (offset - start) + (random.uniform() - 0.5) * 20 : nil
        oldReleases.append(OldStrategies.Release(offset: offset, velocity: velocity, startOffset: start, startTime: startTime,
                                                 time: startTime + duration, startIndex: startIndex, fingerTravel: finger))
        newReleases.append(SnapStrategies.Release(offset: offset, velocity: velocity, startOffset: start, startTime: startTime,
                                                  time: startTime + duration, startIndex: startIndex, fingerTravel: finger))
    }
    for (oldPolicy, newPolicy) in zip(oldPolicies, newPolicies) {
        // Defaults every fourth round, else each parameter drawn in its range with probability 0.6 (a tenth on a bound).
        var values = oldPolicy.defaultParameterValues
        if round % 4 != 0 {
            for (j, spec) in oldPolicy.parameterSpecs.enumerated() where random.uniform() < 0.6 {
                var v = spec.minimum + (spec.maximum - spec.minimum) * random.uniform()
                if random.uniform() < 0.1 { v = random.uniform() < 0.5 ? spec.minimum : spec.maximum }
                values[j] = spec.isInteger ? v.rounded() : v
            }
        }
        guard let old = try? oldPolicy.withParameterValues(values), let new = try? newPolicy.withParameterValues(values) else { continue }
        let n = oldReleases.count
        var oldBatch = [OldStrategies.SnapDecision](repeating: .init(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: ""), count: n)
        var newBatch = [SnapStrategies.SnapDecision](repeating: .init(targetSlot: 0, targetIndex: 0, targetOffset: 0, rule: ""), count: n)
        let oldLayouts = [OldStrategies.CarouselLayout](repeating: oldLayout, count: n)
        let newLayouts = [SnapStrategies.CarouselLayout](repeating: newLayout, count: n)
        oldReleases.withUnsafeBufferPointer { r in oldLayouts.withUnsafeBufferPointer { l in oldBatch.withUnsafeMutableBufferPointer { old.decide(r, in: l, into: $0) } } }
        newReleases.withUnsafeBufferPointer { r in newLayouts.withUnsafeBufferPointer { l in newBatch.withUnsafeMutableBufferPointer { new.decide(r, in: l, into: $0) } } }
        for t in 0..<n {
            let a = old.decide(oldReleases[t], in: oldLayout), b = new.decide(newReleases[t], in: newLayout)
            let single = a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex
                && a.targetOffset.bitPattern == b.targetOffset.bitPattern && a.rule == b.rule
            let (x, y) = (oldBatch[t], newBatch[t])
            let batch = x.targetSlot == y.targetSlot && x.targetIndex == y.targetIndex
                && x.targetOffset.bitPattern == y.targetOffset.bitPattern && x.rule == y.rule
            compared += 1
            if !(single && batch) {
                differing += 1
                if differing <= 10 {
                    print("DIFFERS: \(old.id) \(values) layout \(newLayout) release \(newReleases[t]): reference \(a) / batch \(x), this \(b) / batch \(y)")
                }
            }
        }
    }
}
print("compared \(compared) decisions (single and batch path each), differing: \(differing)")
if differing > 0 { fatalError("decisions differ") }
