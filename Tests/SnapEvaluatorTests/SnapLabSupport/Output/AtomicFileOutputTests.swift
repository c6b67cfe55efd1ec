import Foundation
import Testing
@testable import SnapLabSupport

@Suite struct AtomicFileOutputTests {
    func scratchDirectory() throws -> String {
        let dir = try TestScratch.directory("atomic").path
        return dir
    }

    @Test func commitRenamesIntoPlace() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.csv"
        let file = try AtomicFileOutput(path: path)
        try file.write(Array("a,b\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        try file.write(Array("1,2\n".utf8))
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a,b\n1,2\n")
        #expect(file.byteCount == 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.csv"])
    }

    @Test func abandonedOutputLeavesTheOldFileAndNoTemporary() throws {
        let dir = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.csv"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            let file = try AtomicFileOutput(path: path)
            try file.write(Array("partial".utf8))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.csv"])
    }

    @Test func missingDirectoryIsAnError() {
        #expect(throws: FileOutputError.self) { try AtomicFileOutput(path: "/nonexistent-snaplab-dir/x/out.csv") }
    }
}
