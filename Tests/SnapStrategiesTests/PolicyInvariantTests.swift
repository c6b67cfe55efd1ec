import Testing
@testable import SnapStrategies
import SnapLabTestSupport

// Invariants every policy in `PolicyCatalog.all` must satisfy, whatever its rule. They run over
// every policy added to the catalog later, so nothing here knows a particular policy.
//
// The grid of layouts and releases is drawn from a fixed-seed SplitMix64, so a failure replays
// exactly; the failure message prints the layout and the release.

// MARK: - Grid

/// Policies whose bounded pages are the viewport width, not items (see `atRestStays`), with the reason.
let pagesByViewport: [String: String] = [
    "rn-android-paging": "ReactHorizontalScrollView.getSnapInterval() is the view's width when no snapToInterval is set, so pages are viewport widths from offset 0",
]

/// A random valid layout: items 20…400 pt (sometimes exactly the viewport, sometimes wider than
/// it: 1.05–3 viewports, as androidx `PagerSnapHelperTest`'s 1 400 px children in 1 000 px),
/// spacing and insets often 0 (leading and trailing insets drawn apart half the time), 1…200
/// items (often 1–3), every alignment, bounded or looping.
func randomLayout(_ rng: inout SplitMix64, looping: Bool) throws -> CarouselLayout {
    let itemWidth = rng.pick([rng.double(in: 20...400), 160, 100, 375])
    let viewport = rng.chance(0.15) ? itemWidth
        : rng.chance(0.15) ? itemWidth / rng.double(in: 1.05...3) : itemWidth + rng.double(in: 0...700)
    let spacing = rng.chance(0.3) ? 0 : rng.double(in: 0...40)
    let leading = rng.chance(0.3) ? 0 : rng.double(in: 0...120)
    let trailing: Double? = rng.chance(0.5) ? nil : rng.double(in: 0...120)
    let count = rng.pick([1, 2, 3, rng.int(in: 4...12), rng.int(in: 13...200)])
    let alignment = rng.pick(SnapAlignment.allCases)
    return try CarouselLayout(itemWidth: itemWidth, spacing: spacing, leadingInset: leading, trailingInset: trailing,
                              viewportWidth: viewport, itemCount: count, alignment: alignment, isLooping: looping)
}

/// A random release in `layout`: offsets inside and slightly outside the content (or over a few
/// cycles when looping), sometimes exactly at rest on a snap offset; velocities −6…6 pt/ms
/// including exactly 0 and very slow ones; travels up to 1.5 viewports either way; durations
/// 0…1500 ms; a start index that is absent, valid or out of range.
func randomRelease(_ rng: inout SplitMix64, in layout: CarouselLayout) -> Release {
    let offset: Double
    if rng.chance(0.2) {
        let slot = layout.isLooping ? rng.int(in: -2 * layout.itemCount...3 * layout.itemCount)
                                    : rng.int(in: 0...(layout.itemCount - 1))
        offset = layout.snapOffset(ofSlot: slot)
    } else if layout.isLooping {
        offset = rng.double(in: -2 * layout.cycleLength...3 * layout.cycleLength)
    } else {
        let overshoot = 0.05 * Swift.max(layout.maxOffset, layout.viewportWidth) + 30
        offset = rng.double(in: -overshoot...(layout.maxOffset + overshoot))
    }
    let velocity: Double
    switch rng.int(in: 0...9) {
    case 0, 1: velocity = 0
    case 2: velocity = rng.double(in: -0.05...0.05)
    default: velocity = rng.double(in: -6...6)
    }
    let travel = rng.chance(0.1) ? 0 : rng.double(in: -1.5 * layout.viewportWidth...1.5 * layout.viewportWidth)
    let startTime = rng.double(in: 0...100_000)
    let duration = rng.chance(0.1) ? 0 : rng.double(in: 1...1500)
    var startIndex: Int?
    if rng.chance(0.5) {
        let near = layout.nearestSlot(toOffset: offset - travel)
        startIndex = layout.isLooping ? near + rng.int(in: -3...3) : rng.int(in: -2...(layout.itemCount + 1))
    }
    return Release(offset: offset, velocity: velocity, startOffset: offset - travel, startTime: startTime,
                   time: startTime + duration, startIndex: startIndex)
}

/// `layouts` layouts with `releases` releases each, from `seed`.
private func grid(seed: UInt64, looping: Bool, layouts: Int = 120, releases: Int = 40) throws
    -> [(CarouselLayout, [Release])] {
    var rng = SplitMix64(seed: seed)
    var out: [(CarouselLayout, [Release])] = []
    for _ in 0..<layouts {
        let layout = try randomLayout(&rng, looping: looping)
        out.append((layout, (0..<releases).map { _ in randomRelease(&rng, in: layout) }))
    }
    return out
}

/// Releases with NaN, infinite and huge values in every field.
private func extremeReleases() -> [Release] {
    let specials: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e12, -1e12, .greatestFiniteMagnitude,
                              -.greatestFiniteMagnitude, .leastNonzeroMagnitude]
    let indices: [Int?] = [nil, Int.max, Int.min, 0, -1]
    var out: [Release] = []
    for (i, x) in specials.enumerated() {
        for v in [0, 2.5, -2.5, x] {
            out.append(Release(offset: x, velocity: v, startIndex: indices[i % indices.count]))
            out.append(Release(offset: 100, velocity: v == 0 ? x : v, startOffset: x, startIndex: indices[(i + 1) % indices.count]))
            out.append(Release(offset: 100, velocity: x, startOffset: 50, startTime: x, time: -x,
                               startIndex: indices[(i + 2) % indices.count]))
            out.append(Release(offset: -x, velocity: -v, startOffset: x, startTime: 0, time: x,
                               startIndex: indices[(i + 3) % indices.count]))
        }
    }
    return out
}

// MARK: - Checks

/// Collects failures and records the first few (a broken policy would otherwise print thousands).
private struct Failures {
    let policy: String
    var count = 0

    mutating func record(_ message: String, _ layout: CarouselLayout, _ release: Release,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        count += 1
        if count <= 5 {
            Issue.record("\(policy): \(message)\n  layout: \(layout)\n  release: \(release)", sourceLocation: sourceLocation)
        }
    }

    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        if count > 5 { Issue.record("\(policy): \(count) failures in all", sourceLocation: sourceLocation) }
    }
}

/// Whether two decisions are the same, treating NaN offsets as equal.
private func same(_ a: SnapDecision, _ b: SnapDecision) -> Bool {
    a.targetSlot == b.targetSlot && a.targetIndex == b.targetIndex && a.rule == b.rule
        && (a.targetOffset == b.targetOffset || (a.targetOffset.isNaN && b.targetOffset.isNaN))
}

/// The range checks of one decision: bounded → index in range, slot == index, offset in
/// [0, maxOffset]; looping → index in range, index == slot mod count, offset not NaN.
private func checkRange(_ d: SnapDecision, _ layout: CarouselLayout, _ release: Release, _ failures: inout Failures) {
    guard (0..<layout.itemCount).contains(d.targetIndex) else {
        failures.record("target index \(d.targetIndex) outside 0..<\(layout.itemCount)", layout, release)
        return
    }
    guard !d.rule.isEmpty else {
        failures.record("empty rule name", layout, release)
        return
    }
    if layout.isLooping {
        if d.targetIndex != SnapMath.wrap(d.targetSlot, modulo: layout.itemCount) {
            failures.record("target index \(d.targetIndex) is not slot \(d.targetSlot) mod \(layout.itemCount)", layout, release)
        }
        if d.targetOffset.isNaN {
            failures.record("target offset is NaN", layout, release)
        }
    } else {
        if d.targetSlot != d.targetIndex {
            failures.record("bounded target slot \(d.targetSlot) differs from index \(d.targetIndex)", layout, release)
        }
        if !(d.targetOffset >= 0 && d.targetOffset <= layout.maxOffset) {
            failures.record("target offset \(d.targetOffset) outside [0, \(layout.maxOffset)]", layout, release)
        }
    }
}

/// Loop invariance: the release shifted by `k` whole cycles decides the same item, the slot
/// shifted by `k·count` and the offset by `k·cycleLength` (1e-6 relative).
private func checkShift(_ policy: any SnapPolicy, _ d: SnapDecision, _ layout: CarouselLayout, _ release: Release,
                        cycles k: Int, _ failures: inout Failures) {
    let shift = Double(k) * layout.cycleLength
    let shifted = policy.decide(release.shifted(by: shift, slots: k * layout.itemCount), in: layout)
    let expectedOffset = d.targetOffset + shift
    let tolerance = 1e-6 * Swift.max(1, abs(expectedOffset), abs(shifted.targetOffset))
    if shifted.targetIndex != d.targetIndex || shifted.targetSlot != d.targetSlot + k * layout.itemCount
        || !(abs(shifted.targetOffset - expectedOffset) <= tolerance) {
        failures.record("shifted by \(k) cycle(s) (\(shift) pt) decides slot \(shifted.targetSlot) item \(shifted.targetIndex) "
                        + "offset \(shifted.targetOffset) (\(shifted.rule)); unshifted slot \(d.targetSlot) item \(d.targetIndex) "
                        + "offset \(d.targetOffset) (\(d.rule))", layout, release)
    }
}

/// Runs the range (and, looping, the shift) checks over the grid for `policy`.
private func checkGrid(_ policy: any SnapPolicy, seed: UInt64, layouts: Int = 120, releases: Int = 40,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
    var failures = Failures(policy: policy.id)
    for looping in [false, true] {
        for (layout, rs) in try grid(seed: seed &+ (looping ? 1 : 0), looping: looping, layouts: layouts, releases: releases) {
            for release in rs {
                let d = policy.decide(release, in: layout)
                checkRange(d, layout, release, &failures)
                if looping {
                    for k in [1, -1, 3] { checkShift(policy, d, layout, release, cycles: k, &failures) }
                }
            }
        }
    }
    failures.finish(sourceLocation: sourceLocation)
}

/// Parameter vectors across each policy's ranges: all minima, all maxima, midpoints, and a few
/// random in-range vectors (whole numbers where required); only vectors the specs accept.
private func parameterVectors(_ policy: any SnapPolicy, seed: UInt64) -> [[Double]] {
    let specs = policy.parameterSpecs
    var rng = SplitMix64(seed: seed)
    func draw(_ spec: PolicyParameter, _ u: Double) -> Double {
        let x = spec.minimum + (spec.maximum - spec.minimum) * u
        return spec.isInteger ? SnapMath.clamp(x.rounded(), spec.minimum.rounded(.up), spec.maximum.rounded(.down)) : x
    }
    var vectors = [specs.map { draw($0, 0) }, specs.map { draw($0, 1) }, specs.map { draw($0, 0.5) }]
    for _ in 0..<4 { vectors.append(specs.map { draw($0, rng.double(in: 0...1)) }) }
    return vectors.filter { v in zip(specs, v).allSatisfy { $0.accepts($1) } && policy.orderViolation(in: v) == nil }
}

// MARK: - Tests

@Suite("Policy invariants")
struct PolicyInvariantTests {
    @Test("the catalog's identifiers are unique and resolve to their policy")
    func catalogIdentifiers() throws {
        let ids = PolicyCatalog.identifiers
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(try PolicyCatalog.policy(id: id).id == id) }
    }

    @Test("decide is deterministic", arguments: PolicyCatalog.identifiers)
    func deterministic(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        var failures = Failures(policy: id)
        for looping in [false, true] {
            for (layout, releases) in try grid(seed: 0xD5, looping: looping, layouts: 40) {
                for release in releases {
                    let a = policy.decide(release, in: layout)
                    let b = policy.decide(release, in: layout)
                    let c = try PolicyCatalog.policy(id: id).decide(release, in: layout)
                    if !same(a, b) || !same(a, c) { failures.record("\(a) vs \(b) vs \(c)", layout, release) }
                }
            }
        }
        failures.finish()
    }

    @Test("bounded layouts: index in range, slot == index, offset within [0, maxOffset]",
          arguments: PolicyCatalog.identifiers)
    func boundedTargetsInRange(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        var failures = Failures(policy: id)
        for (layout, releases) in try grid(seed: 0xB0, looping: false) {
            for release in releases { checkRange(policy.decide(release, in: layout), layout, release, &failures) }
        }
        failures.finish()
    }

    @Test("looping layouts: index == slot mod count, and a release shifted by whole cycles decides the same",
          arguments: PolicyCatalog.identifiers)
    func loopingShiftInvariance(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        var failures = Failures(policy: id)
        for (layout, releases) in try grid(seed: 0x100, looping: true) {
            for release in releases {
                let d = policy.decide(release, in: layout)
                checkRange(d, layout, release, &failures)
                for k in [1, -1, 2, -5] { checkShift(policy, d, layout, release, cycles: k, &failures) }
            }
        }
        failures.finish()
    }

    @Test("a release at rest on an item's snap offset stays on that item", arguments: PolicyCatalog.identifiers)
    func atRestStays(id: String) throws {
        // Idempotence at rest: a release with no travel, no velocity and no duration, started on
        // the item it rests on, where the item's snap offset is not clamped. Layouts without
        // insets only: ASHorizontal (faithfully) measures the target from the item's frame, which
        // includes the left inset, so with an inset wider than stride − w/3 it moves back one item.
        let policy = try PolicyCatalog.policy(id: id)
        var failures = Failures(policy: id)
        var rng = SplitMix64(seed: 0xA7)
        for looping in [false, true] {
            for _ in 0..<60 {
                let r = try randomLayout(&rng, looping: looping)
                let layout = try CarouselLayout(itemWidth: r.itemWidth, spacing: r.spacing, leadingInset: 0, trailingInset: 0,
                                                viewportWidth: r.viewportWidth, itemCount: r.itemCount,
                                                alignment: r.alignment, isLooping: looping)
                // Rest where the policy's platform rests (its declared snap origin).
                let own = layout.snapped(to: policy.snapOrigin)
                for _ in 0..<10 {
                    let slot = looping ? rng.int(in: -layout.itemCount...(2 * layout.itemCount))
                                       : rng.int(in: 0...(layout.itemCount - 1))
                    let offset = own.snapOffset(ofSlot: slot)
                    guard looping || offset == own.rawSnapOffset(ofSlot: slot) else { continue }
                    // Leave out the end of a bounded layout, where a policy may legitimately keep
                    // an offset that is no item's (ASHorizontal leaves UIKit's target there).
                    guard looping || offset + layout.viewportWidth < layout.contentWidth else { continue }
                    // A policy that pages by its own interval rests on items only where they are pages.
                    if pagesByViewport[id] != nil, !looping,
                       layout.stride != layout.viewportWidth || layout.alignmentOrigin != 0 { continue }
                    let release = Release(offset: offset, velocity: 0, startIndex: slot)
                    let d = policy.decide(release, in: layout)
                    if d.targetSlot != slot {
                        failures.record("at rest on slot \(slot) moves to slot \(d.targetSlot) (\(d.rule))", layout, release)
                    }
                }
            }
        }
        failures.finish()
    }

    @Test("NaN, infinite and huge inputs never trap and give in-range targets", arguments: PolicyCatalog.identifiers)
    func extremeInputs(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        var failures = Failures(policy: id)
        var rng = SplitMix64(seed: 0xE1)
        let releases = extremeReleases()
        for looping in [false, true] {
            for _ in 0..<12 {
                let layout = try randomLayout(&rng, looping: looping)
                for release in releases {
                    let d = policy.decide(release, in: layout)
                    checkRange(d, layout, release, &failures)
                }
            }
        }
        failures.finish()
    }

    @Test("the invariants hold across each parameter's range", arguments: PolicyCatalog.identifiers)
    func invariantsAcrossParameters(id: String) throws {
        let base = try PolicyCatalog.policy(id: id)
        for (i, values) in parameterVectors(base, seed: 0x9A).enumerated() {
            var policy = base
            try policy.setParameterValues(values)
            try checkGrid(policy, seed: 0x300 &+ UInt64(i), layouts: 30, releases: 20)
        }
    }

    // MARK: - Parameters

    @Test("parameter specs are well formed: unique names, minimum ≤ default ≤ maximum, default accepted",
          arguments: PolicyCatalog.identifiers)
    func parameterSpecs(id: String) throws {
        let policy = try PolicyCatalog.policy(id: id)
        let specs = policy.parameterSpecs
        #expect(Set(specs.map(\.name)).count == specs.count)
        #expect(policy.parameterValues.count == specs.count)
        for spec in specs {
            #expect(!spec.name.isEmpty && !spec.unit.isEmpty && !spec.summary.isEmpty, "\(id).\(spec.name)")
            #expect(spec.minimum <= spec.defaultValue && spec.defaultValue <= spec.maximum, "\(id).\(spec.name)")
            #expect(spec.accepts(spec.defaultValue), "\(id).\(spec.name)")
            #expect(spec.accepts(spec.minimum) || spec.isInteger, "\(id).\(spec.name)")
        }
        #expect(!policy.summary.isEmpty)
        #expect(!policy.source.isEmpty)
    }

    @Test("the catalog instance holds its defaults, and setting the defaults round-trips",
          arguments: PolicyCatalog.identifiers)
    func defaultsRoundTrip(id: String) throws {
        var policy = try PolicyCatalog.policy(id: id)
        let defaults = policy.defaultParameterValues
        #expect(policy.parameterValues == defaults)
        try policy.setParameterValues(defaults)
        #expect(policy.parameterValues == defaults)
        let copy = try policy.withParameterValues(defaults)
        #expect(copy.parameterValues == defaults)
        // Any accepted vector is stored as given.
        for values in parameterVectors(policy, seed: 0x77) {
            try policy.setParameterValues(values)
            #expect(policy.parameterValues == values)
        }
        // And setting the defaults back gives the catalog instance's decisions.
        try policy.setParameterValues(defaults)
        let original = try PolicyCatalog.policy(id: id)
        for (layout, releases) in try grid(seed: 0x5E, looping: false, layouts: 10, releases: 10) {
            for release in releases {
                #expect(same(policy.decide(release, in: layout), original.decide(release, in: layout)))
            }
        }
        // Setting by name round-trips each parameter.
        for (spec, value) in zip(policy.parameterSpecs, defaults) {
            try policy.setParameter(named: spec.name, to: value)
        }
        #expect(policy.parameterValues == defaults)
    }

    @Test("out-of-range, non-finite and non-whole parameter values throw and change nothing",
          arguments: PolicyCatalog.identifiers)
    func invalidParametersThrow(id: String) throws {
        var policy = try PolicyCatalog.policy(id: id)
        let defaults = policy.defaultParameterValues
        let specs = policy.parameterSpecs
        for (i, spec) in specs.enumerated() {
            var bad: [Double] = [spec.minimum.nextDown, spec.maximum.nextUp, .nan, .infinity, -.infinity]
            if spec.isInteger, spec.minimum + 0.5 <= spec.maximum { bad.append(spec.minimum.rounded(.up) + 0.5) }
            for value in bad {
                var values = defaults
                values[i] = value
                do {
                    try policy.setParameterValues(values)
                    Issue.record("\(id): \(spec.name) = \(value) was accepted")
                } catch {
                    if case let .outOfRange(p, name, _, _, _, _) = error {
                        #expect(p == id)
                        #expect(name == spec.name)
                    } else {
                        Issue.record("\(id): \(spec.name) = \(value) threw \(error), expected outOfRange")
                    }
                }
                #expect(throws: ParameterError.self) { try policy.setParameter(named: spec.name, to: value) }
                #expect(policy.parameterValues == defaults)
            }
        }
        #expect(throws: ParameterError.wrongCount(policy: id, expected: specs.count, got: specs.count + 1)) {
            try policy.setParameterValues(defaults + [0])
        }
        if !specs.isEmpty {
            #expect(throws: ParameterError.wrongCount(policy: id, expected: specs.count, got: specs.count - 1)) {
                try policy.setParameterValues(Array(defaults.dropLast()))
            }
        }
        #expect(throws: ParameterError.unknownName(policy: id, name: "no-such-parameter", known: specs.map(\.name))) {
            try policy.setParameter(named: "no-such-parameter", to: 0)
        }
        #expect(policy.parameterValues == defaults)
    }
}
