import Foundation
import SnapStrategies
import SnapLabTestSupport
import Testing
import SnapLabSupport
import SnapReports

/// The JavaScript ports of the policies (`RecorderScript`) decide as the Swift policies do.
///
/// Lives with the other browser tests (they share ``HeadlessChromium``); the sources it checks are
/// `Sources/SnapReports/Recording/RecorderScript+Policies.swift` and `+CSSSnap.swift`.
@Suite("recorder policy port agrees with Swift", .serialized)
struct RecorderPolicyPortTests {

    struct Case {
        var layout: CarouselLayout
        var release: Release
        var policy: any SnapPolicy
    }

    static let releasesPerPolicy = 10_000
    static let layoutsPerPolicy = 100

    /// A random layout the page accepts (``RecorderPage/check(_:)``).
    static func randomLayout(_ rng: inout SplitMix64) throws -> CarouselLayout {
        for _ in 0..<1000 {
            let layout = try anyLayout(&rng)
            if (try? RecorderPage.check(layout)) != nil { return layout }
        }
        throw HeadlessChromium.Failure(description: "no layout the page accepts in 1000 draws")
    }

    static func anyLayout(_ rng: inout SplitMix64) throws -> CarouselLayout {
        let width = Double.random(in: 40...400, using: &rng).rounded()
        let spacing = Bool.random(using: &rng) ? 0 : Double.random(in: 0...40, using: &rng)
        let leading = [0, 10, Double.random(in: 0...60, using: &rng)].randomElement(using: &rng)!
        let trailing: Double? = Bool.random(using: &rng) ? nil : Double.random(in: 0...60, using: &rng)
        let viewport = Bool.random(using: &rng) ? 375 : width * Double.random(in: 1...4, using: &rng)
        let count = Int.random(in: 1...60, using: &rng)
        return try CarouselLayout(itemWidth: width, spacing: spacing, leadingInset: leading, trailingInset: trailing,
                                  viewportWidth: max(viewport, width), itemCount: count,
                                  alignment: SnapAlignment.allCases.randomElement(using: &rng)!,
                                  isLooping: Int.random(in: 0..<5, using: &rng) == 0)
    }

    /// Random parameters inside each spec's range (whole where the spec asks), redrawn until the
    /// policy's order constraints (`parameterOrder`, e.g. tag99's lowTier ≤ highTier) hold.
    static func randomParameters(of policy: any SnapPolicy, _ rng: inout SplitMix64) throws -> any SnapPolicy {
        for _ in 0..<1000 {
            let values = policy.parameterSpecs.map { spec -> Double in
                let x = Double.random(in: spec.minimum...spec.maximum, using: &rng)
                return spec.isInteger ? x.rounded() : x
            }
            if let valid = try? policy.withParameterValues(values) { return valid }
        }
        throw HeadlessChromium.Failure(description: "\(policy.id): no valid random parameters in 1000 draws")
    }

    static func randomRelease(in layout: CarouselLayout, _ rng: inout SplitMix64) -> Release {
        let span = layout.isLooping ? 5 * layout.cycleLength : layout.maxOffset + 2 * layout.stride
        var offset = Double.random(in: -layout.stride...span, using: &rng)
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<15: offset = layout.snapOffset(ofSlot: Int.random(in: -2...layout.itemCount + 2, using: &rng))
        case 15..<20: offset = layout.snapOffset(ofSlot: Int.random(in: 0..<layout.itemCount, using: &rng)) + layout.stride / 2
        case 20: offset = .nan
        default: break
        }
        var velocity: Double
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<10: velocity = 0
        case 10..<20: velocity = [0.03, 0.05, 0.3, 2.2, 2.7].randomElement(using: &rng)! * (Bool.random(using: &rng) ? 1 : -1)
        case 20: velocity = [Double.nan, .infinity, -.infinity].randomElement(using: &rng)!
        default: velocity = Double.random(in: -4...4, using: &rng)
        }
        let travel = Double.random(in: -2...2, using: &rng) * layout.stride
        return Release(offset: offset, velocity: velocity, startOffset: offset.isFinite ? offset - travel : 0)
    }

    static func cases(for policyID: String, seed: UInt64) throws -> [Case] {
        var rng = SplitMix64(seed: seed)
        let base = try PolicyCatalog.policy(id: policyID)
        var out: [Case] = []
        let perLayout = releasesPerPolicy / layoutsPerPolicy
        for group in 0..<layoutsPerPolicy {
            let layout = try randomLayout(&rng)
            let policy = group % 2 == 0 ? base : try randomParameters(of: base, &rng)
            for _ in 0..<perLayout { out.append(Case(layout: layout, release: randomRelease(in: layout, &rng), policy: policy)) }
        }
        return out
    }

    /// A number as text JavaScript's `Number()` reads back exactly (shortest round trip; NaN, ±Infinity).
    static func number(_ x: Double) -> String {
        x.isNaN ? "NaN" : (x == .infinity ? "Infinity" : (x == -.infinity ? "-Infinity" : "\(x)"))
    }

    /// The cases as JSON, one group per run of cases sharing a layout and a policy.
    static func payload(_ cases: [Case]) -> String {
        var groups: [JSONValue] = []
        var start = 0
        while start < cases.count {
            var end = start + 1
            while end < cases.count && cases[end].layout == cases[start].layout
                    && cases[end].policy.parameterValues == cases[start].policy.parameterValues { end += 1 }
            let policy = cases[start].policy
            let params = zip(policy.parameterSpecs, policy.parameterValues).map { ($0.0.name, JSONValue.number($0.1)) }
            let releases = cases[start..<end].map { c in
                JSONValue.array([c.release.offset, c.release.velocity, c.release.startOffset].map { .string(number($0)) })
            }
            groups.append(.object([("id", .string(policy.id)), ("layout", RecorderPage.layoutConfiguration(cases[start].layout)),
                                   ("params", .object(params)), ("snapOrigin", .string(policy.snapOrigin.rawValue)),
                                   ("releases", .array(releases))]))
            start = end
        }
        return JSONValue.array(groups).rendered()
    }

    static let runner = """
        const groups = JSON.parse(arguments[0]);
        const out = [];
        for (const g of groups) {
          const L = SL.layout(g.layout);
          for (const x of g.releases) {
            const r = { offset: Number(x[0]), velocity: Number(x[1]), startOffset: Number(x[2]) };
            const d = SL.decide(g, r, L);
            out.push([d.slot, d.index, String(d.offset), d.rule]);
          }
        }
        return JSON.stringify(out);
        """

    @Test("every ported policy decides 10,000 random releases as its Swift original",
          .enabled(if: HeadlessChromium.isAvailable, Comment(rawValue: HeadlessChromium.skipMessage)),
          .timeLimit(.minutes(8)))
    func agreement() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-port-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("core.html")
        try Data("<!doctype html><meta charset=utf-8><script>\n\(RecorderScript.decisionCore)\nwindow.SL = SL;</script>".utf8).write(to: file)
        let browser = try HeadlessChromium()
        do {
            try browser.navigate(to: file)
            for (k, id) in RecorderPolicyPort.supportedIdentifiers.enumerated() {
                let cases = try Self.cases(for: id, seed: 0x5EED_0000 + UInt64(k))
                let answer = try browser.execute(Self.runner, [Self.payload(cases)])
                let text = try #require(answer as? String)
                let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[Any]])
                try #require(decoded.count == cases.count)
                var mismatches: [String] = []
                for (c, js) in zip(cases, decoded) {
                    let swift = c.policy.decide(c.release, in: c.layout)
                    let slot = js[0] as? Int, index = js[1] as? Int, rule = js[3] as? String
                    let offset = Double(js[2] as? String ?? "") ?? .nan
                    let sameOffset = offset == swift.targetOffset || (offset.isNaN && swift.targetOffset.isNaN)
                        || abs(offset - swift.targetOffset) <= 1e-9 * max(1, abs(swift.targetOffset))
                    if slot != swift.targetSlot || index != swift.targetIndex || !sameOffset || rule != swift.rule {
                        mismatches.append("\(id) \(c.layout) release \(c.release) params \(c.policy.parameterValues): "
                                          + "swift slot \(swift.targetSlot) item \(swift.targetIndex) offset \(swift.targetOffset) \(swift.rule); "
                                          + "js slot \(slot ?? -999) item \(index ?? -999) offset \(offset) \(rule ?? "?")")
                    }
                }
                #expect(mismatches.isEmpty, "\(id): \(mismatches.count) of \(cases.count) differ; first: \(mismatches.prefix(3).joined(separator: "\n"))")
            }
        } catch {
            browser.close()
            throw error
        }
        browser.close()
    }
}
