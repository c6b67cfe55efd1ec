import Foundation
import SnapLabSupport

/// Where commands write: tables to standard output, notices and progress to standard error.
/// Each write is one call, so a command that fails before writing leaves no partial output.
public struct Output: Sendable {
    let fd: Int32

    /// Standard output.
    public static let standard = Output(fd: 1)
    /// Standard error.
    public static let error = Output(fd: 2)

    /// Writes `text` whole (see ``write(bytes:)``).
    public func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    /// Writes `bytes` whole. A failed write (a full disk, `/dev/full`, a closed pipe) ends the
    /// process with exit code 1 and a message naming the output on standard error: output is
    /// never lost silently.
    public func write(bytes: [UInt8]) {
        let failure = AtomicFileOutput.writeAll(fd, bytes)
        if failure != 0 { Self.failed(fd: fd, errno: failure) }
    }

    /// Reports a failed write of `fd` (on standard error, unless that is what failed) and exits 1.
    static func failed(fd: Int32, errno code: Int32) -> Never {
        let name = fd == 1 ? "standard output" : fd == 2 ? "standard error" : "file descriptor \(fd)"
        if fd != 2 {
            let message = Array("Error: cannot write to \(name): \(String(cString: strerror(code)))\n".utf8)
            _ = message.withUnsafeBytes { Foundation.write(2, $0.baseAddress, $0.count) }
        }
        exit(1)
    }

    /// Writes notes to standard error, or under `--quiet` only their warnings (``QuietFilter``).
    public static func notice(_ text: String) {
        let kept = QuietFilter.apply(text)
        if !kept.isEmpty { error.write(kept) }
    }

    /// Whether this stream is a terminal (progress is shown only then).
    public var isTerminal: Bool { isatty(fd) != 0 }
}
