import Foundation
import Testing
@testable import SnapLabSupport

/// Issue 35: where an output path leads (``OutputTarget``) and outputs committed together
/// (``OutputCommitGroup``).
@Suite struct OutputTargetTests {
    @Test func regularMissingAndDanglingLinksAreFiles() throws {
        let dir = try TestScratch.directory("target").path
        let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
        #expect(try OutputTarget.resolve(dir + "/new.csv") == .file(dir + "/new.csv"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "made.csv")
        #expect(try OutputTarget.resolve(dir + "/dangling") == .file(dir + "/made.csv"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/made.csv"))
        #expect(try OutputTarget.resolve(dir + "/dangling") == .file(real + "/made.csv"))
    }

    @Test func devicesFifosAndDashAreStreams() throws {
        let dir = try TestScratch.directory("target").path
        #expect(try OutputTarget.resolve("-") == .stream("-"))
        #expect(try OutputTarget.resolve("/dev/null") == .stream("/dev/null"))
        #expect(mkfifo(dir + "/p", 0o644) == 0)
        #expect(try OutputTarget.resolve(dir + "/p") == .stream(dir + "/p"))
    }

    @Test func directoriesAndLoopsAreRefused() throws {
        let dir = try TestScratch.directory("target").path
        try FileManager.default.createSymbolicLink(atPath: dir + "/ld", withDestinationPath: dir)
        try FileManager.default.createSymbolicLink(atPath: dir + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: dir + "/b", withDestinationPath: "a")
        for (path, words) in [(dir, "a directory"), (dir + "/ld", "a link to a directory"), (dir + "/a", "loop")] {
            #expect {
                _ = try OutputTarget.resolve(path)
            } throws: { error in
                guard let e = error as? FileOutputError else { return false }
                return e.isUsageError && e.description.contains(path) && e.description.contains(words)
            }
        }
    }

    @Test func groupRenamesTogetherOrNotAtAll() throws {
        let dir = try TestScratch.directory("group").path
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try OutputCommitGroup.run {
                for name in ["a", "b"] {
                    let f = try AtomicFileOutput(path: dir + "/" + name)
                    try f.write(Array("x".utf8))
                    try f.commit()
                }
                #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { $0.contains(".tmp-") })
                throw Stop()
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        try OutputCommitGroup.run {
            for name in ["a", "b"] {
                let f = try AtomicFileOutput(path: dir + "/" + name)
                try f.write(Array("y".utf8))
                try f.commit()
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a", "b"])
    }
}
