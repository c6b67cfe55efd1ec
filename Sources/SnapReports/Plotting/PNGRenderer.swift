import Foundation

/// Renders SVG to PNG through `rsvg-convert` (Debian `librsvg2-bin`, installed by
/// `Scripts/setup.sh`); refuses clearly when it is missing.
public enum PNGRenderer {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Where `rsvg-convert` is, searching `PATH` then the usual directories.
    public static var converter: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return dirs.map { $0 + "/rsvg-convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The PNG bytes of `svg` (1 CSS pixel = 1 image pixel, times `scale`).
    /// - Throws: ``Failure`` when `rsvg-convert` is missing or fails.
    public static func png(svg: String, scale: Double = 2) throws -> [UInt8] {
        guard let converter else {
            throw Failure(description: "cannot write PNG: rsvg-convert is not installed (Debian: apt-get install librsvg2-bin, "
                          + "or run Scripts/setup.sh); write SVG with --out FILE.svg instead")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snaplab-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svg"), output = dir.appendingPathComponent("out.png")
        try Data(svg.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["--format", "png", "--zoom", String(scale), "--output", output.path, input.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = try? Data(contentsOf: output), !data.isEmpty else {
            throw Failure(description: "rsvg-convert failed (status \(process.terminationStatus)): "
                          + String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return Array(data)
    }
}
