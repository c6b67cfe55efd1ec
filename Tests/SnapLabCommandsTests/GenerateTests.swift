import ArgumentParser
import Foundation
import Testing
@testable import SnapLabCommands

@Suite struct GenerateTests {
    func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "snaplab-generate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func run(_ arguments: [String]) throws {
        let command = try SnapLab.Generate.parse(arguments)
        try command.run()
    }

    @Test func sameArgumentsWriteTheSameBytes() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(["--traces", "300", "--seed", "5", "--users", "7", "--threads", "1", "--out", dir + "/a.csv"])
        try run(["--traces", "300", "--seed", "5", "--users", "7", "--threads", "2", "--out", dir + "/b.csv"])
        try run(["--traces", "300", "--seed", "6", "--users", "7", "--out", dir + "/c.csv"])
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.csv"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir + "/b.csv"))))
        #expect(a != (try Data(contentsOf: URL(fileURLWithPath: dir + "/c.csv"))))
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.hasPrefix("trace_id,user_id,session_id,t_ms,offset,phase,"))
        let ids = Set(text.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } })
        #expect(ids.count == 300)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                == ["a.csv", "a.csv.json", "b.csv", "b.csv.json", "c.csv", "c.csv.json"])
    }

    @Test func usesALayoutFileAndFixedRate() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"item_width": 300, "item_spacing": 8, "leading_inset": 20, "viewport_width": 390, "item_count": 7, "alignment": "center"}"#
            .write(toFile: dir + "/layout.json", atomically: true, encoding: .utf8)
        try run(["--traces", "50", "--seed", "1", "--rate", "240", "--layout", dir + "/layout.json",
                 "--kind", "releases", "--offset-decimals", "2", "--out", dir + "/r.csv"])
        let lines = try String(contentsOfFile: dir + "/r.csv", encoding: .utf8).split(separator: "\n")
        #expect(lines[0].hasSuffix("item_width,item_spacing,leading_inset,viewport_width,item_count,alignment"))
        #expect(lines.count >= 45 && lines.count <= 51)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",300,8,20,390,7,center") })
    }

    @Test func refusesBadOptions() throws {
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "-3", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3", "--users", "0", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3", "--rate", "90", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3", "--time-decimals", "12", "--out", "x.csv"]) }
        #expect(throws: (any Error).self) { try SnapLab.Generate.parse(["--traces", "3"]) }
    }

    @Test func failureLeavesNoOutput() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"item_width": 300, "viewport_width": 200, "item_count": 0}"#
            .write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) {
            try run(["--traces", "10", "--seed", "1", "--layout", dir + "/bad.json", "--out", dir + "/x.csv"])
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.csv"))
    }
}
