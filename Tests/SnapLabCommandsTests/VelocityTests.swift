import ArgumentParser
import Foundation
@testable import SnapLabCommands
import Testing
import SnapTraces

@Suite struct VelocityTests {
    func run(_ args: [String]) throws -> CommandOutput {
        let command = try SnapLab.Velocity.parse(args)
        return try command.output()
    }

    @Test func csvMatchesTheBaselineVelocities() throws {
        let out = try run([CommandFixtures.path("gen50_seed3.csv")])
        let lines = out.text.split(separator: "\n")
        #expect(lines.first == "trace_id,velocity,samples_used")
        #expect(lines.count == 51)
        let expected = try String(contentsOfFile: CommandFixtures.path("gen50_seed3_lsq2_expected.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst()
        for (line, e) in zip(lines.dropFirst(), expected) {
            let f = line.split(separator: ","), g = e.split(separator: ",")
            #expect(f[0] == g[0])
            let a = Double(String(f[1])) ?? .nan, b = Double(String(g[1])) ?? .nan
            #expect(abs(a - b) <= 1e-9 * max(abs(a), abs(b)))
        }
        #expect(out.standardError.contains("traces read: 50, scored: 50, skipped: 0, cancelled: 0"))
        #expect(out.standardError.contains("sample-level file"))
    }

    @Test func needsNoLayoutColumns() throws {
        let path = try CommandFixtures.write("trace_id,t_ms,offset\n\"a,b\",0,0\n\"a,b\",10,20\n\"a,b\",12,20\n")
        let out = try run([path])
        #expect(out.text == "trace_id,velocity,samples_used\n\"a,b\",2,2\n")
    }

    @Test func jsonCarriesTheCounts() throws {
        let path = try CommandFixtures.write("trace_id,t_ms,offset,phase\n1,0,0,began\n1,8,4,ended\n2,0,0,began\n2,8,x,ended\n3,0,0,cancelled\n")
        let out = try run([path, "--lenient", "--format", "json", "--velocity", "last-two"])
        #expect(out.text.contains(#""traces_read": 3"#))
        #expect(out.text.contains(#""traces_scored": 1"#))
        #expect(out.text.contains(#""traces_skipped": 1"#))
        #expect(out.text.contains(#""traces_cancelled": 1"#))
        #expect(out.text.contains(#""estimator": "last-two""#))
        #expect(out.standardError.contains("\(path):4 trace '2'"))
    }

    @Test func tableFormat() throws {
        let path = try CommandFixtures.write("trace_id,t_ms,offset\n1,0,0\n1,10,20\n1,12,20\n")
        let out = try run([path, "--format", "table"])
        #expect(out.text.contains("trace_id  velocity  samples_used"))
        #expect(out.text.contains("2.0000"))
    }

    @Test func badDataExitsWith65AndPrintsNothing() throws {
        let path = try CommandFixtures.write("trace_id,t_ms,offset\n1,0,0\n1,8,oops\n")
        let command = try SnapLab.Velocity.parse([path])
        #expect(throws: TraceParseError.self) { _ = try command.output() }
        do {
            try command.run()
            Issue.record("expected a failure")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 65)
        }
    }

    @Test func usageErrorsExitWith64() {
        for args in [["velocity"], ["velocity", "x.csv", "--velocity", "magic"], ["velocity", "x.csv", "--format", "xml"]] {
            do {
                _ = try SnapLab.parseAsRoot(args)
                Issue.record("expected a usage error for \(args)")
            } catch {
                #expect(SnapLab.exitCode(for: error).rawValue == 64, "\(args)")
            }
        }
    }

    @Test func aMissingFileIsBadInput() throws {
        let command = try SnapLab.Velocity.parse(["/nonexistent/x.csv"])
        do {
            try command.run()
            Issue.record("expected a failure")
        } catch {
            #expect(SnapLab.exitCode(for: error).rawValue == 65)
        }
    }
}

@Suite struct VelocityJobsTests {
    @Test(arguments: ["csv", "json"])
    func jobsGiveTheSameOutputAsOneThread(_ format: String) throws {
        let path = CommandFixtures.path("odd320.csv")
        let one = try SnapLab.Velocity.parse([path, "--format", format]).output()
        let four = try SnapLab.Velocity.parse([path, "--format", format, "--jobs", "4"]).output()
        #expect(one.standardOutput == four.standardOutput)
        #expect(one.standardOutput.count > 1000)
    }

    @Test func jobsMustNotBeNegativeAndZeroMeansOnePerCore() throws {
        #expect(throws: (any Error).self) { _ = try SnapLab.Velocity.parse(["x.csv", "--jobs", "-1"]) }
        #expect(throws: (any Error).self) { _ = try SnapLab.Velocity.parse(["x.csv", "--jobs", "257"]) }
        #expect(try SnapLab.Velocity.parse(["x.csv", "--jobs", "0"]).input.effectiveJobs >= 1)
        #expect(try SnapLab.Velocity.parse(["x.csv", "--jobs", "3"]).input.effectiveJobs == 3)
    }
}
