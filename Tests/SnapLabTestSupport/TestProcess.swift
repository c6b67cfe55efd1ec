import Foundation

/// Runs a program the tests need (swift, kotlinc, java, node) and collects its output.
public enum TestProcess {
    /// The result of a run: exit status and standard output and error, interleaved.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    /// Runs `program` (looked up on `PATH` through `/usr/bin/env`) with `arguments` in `directory`.
    public static func run(_ program: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Whether `program` is on `PATH`.
    public static func isInstalled(_ program: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(program)"]))?.status == 0
    }
}
