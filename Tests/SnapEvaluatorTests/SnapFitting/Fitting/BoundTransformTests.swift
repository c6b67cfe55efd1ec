import Testing
@testable import SnapGSL
@testable import SnapFitting

@Suite("Bound transform")
struct BoundTransformTests {
    let specs = [
        PolicyParameterFixture.spec("a", 0, 20, default: 2.2),
        PolicyParameterFixture.spec("pages", 0, 10, default: 1, integer: true),
        PolicyParameterFixture.spec("f", 0, 1, default: 0.6),
    ]

    @Test("by default the non-integer parameters are free and round-trip through the transform")
    func roundTrip() throws {
        let t = try BoundTransform(policy: "p", specs: specs, values: [2.2, 1, 0.6])
        #expect(t.coordinates.map(\.name) == ["a", "f"])
        let back = t.bounded(t.unbounded([2.2, 1, 0.6]))
        #expect(abs(back[0] - 2.2) < 1e-12 && back[1] == 1 && abs(back[2] - 0.6) < 1e-12)
    }

    @Test("every unbounded coordinate maps inside the bounds, integers rounded")
    func alwaysValid() throws {
        let t = try BoundTransform(policy: "p", specs: specs, values: [2.2, 1, 0.6], free: ["a", "pages", "f"])
        for u in [-1e6, -40, -3, 0, 0.3, 3, 40, 1e6, .nan] {
            let x = t.bounded([u, u, u])
            for (spec, value) in zip(specs, x) { #expect(spec.accepts(value), "\(spec.name) = \(value) for u = \(u)") }
        }
    }

    @Test("unknown names are refused with the known names")
    func unknownName() {
        #expect(throws: FitError.unknownParameter(policy: "p", name: "zz", known: ["a", "pages", "f"])) {
            try BoundTransform(policy: "p", specs: specs, values: [2.2, 1, 0.6], free: ["zz"])
        }
    }
}
