import ArgumentParser
import Testing
@testable import SnapLabCommands
@testable import SnapStrategies

@Suite("--param overrides")
struct ParameterOptionsTests {
    func options(_ args: [String]) throws -> ParameterOptions {
        try ParameterOptions.parse(args)
    }

    @Test("overrides are placed together before validation, so their order on the line does not matter")
    func orderOfOverrides() throws {
        let raised = try options(["--param", "lowTier=3", "--param", "highTier=5"]).apply(to: [Tag99Snap()])
        #expect(raised[0].parameterValues[0] == 3 && raised[0].parameterValues[1] == 5)
    }

    @Test("values that break a declared order are a usage error (exit 64) naming both parameters, on any command")
    func violationIsUsageError() throws {
        do {
            _ = try options(["--param", "lowTier=3", "--param", "highTier=2"]).apply(to: [Tag99Snap()])
            Issue.record("lowTier 3 > highTier 2 was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("lowTier") && text.contains("highTier"))
            #expect(SnapLab.exitCode(for: error).rawValue == 64)
        }
        for command in ["compare", "explain", "fit"] {
            var args = [command, "x.csv", "--param", "tag99.lowTier=3", "--param", "tag99.highTier=2"]
            args += command == "fit" ? ["--policy", "tag99"] : command == "compare" ? ["--policies", "tag99"] : ["--policy", "tag99"]
            guard let parsed = try? SnapLab.parseAsRoot(args) else { continue }
            #expect(throws: (any Error).self, "\(command)") {
                switch parsed {
                case let c as SnapLab.Compare: _ = try c.output()
                case let c as SnapLab.Fit: _ = try c.output()
                default: throw ValidationError("not checked")
                }
            }
        }
    }

    @Test("an out-of-range value is still refused with its range")
    func outOfRange() throws {
        #expect(throws: ValidationError.self) { try options(["--param", "lowTier=-1"]).apply(to: [Tag99Snap()]) }
    }
}
