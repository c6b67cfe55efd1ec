import Foundation

/// The files one test process writes: each test gets a fresh directory under one root per
/// process, and the root is removed when the process exits (a crashed run leaves it behind;
/// `Scripts/test.sh` also points `TMPDIR` at a scratch directory that it removes). Shared by the
/// test targets (`SnapEvaluatorTests`, `SnapLabCommandsTests`).
public enum TestScratch {
    /// The process's directory, made on first use.
    public static let root: URL = {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("snaplab-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.root) }
        return dir
    }()

    /// A new, empty directory named `prefix-<UUID>` under ``root``.
    public static func directory(_ prefix: String) throws -> URL {
        let dir = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
