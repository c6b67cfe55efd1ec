import Foundation

/// Where commands write: tables to standard output, notices and progress to standard error.
/// Each write is one call, so a command that fails before writing leaves no partial output.
public struct Output: Sendable {
    let fd: Int32

    /// Standard output.
    public static let standard = Output(fd: 1)
    /// Standard error.
    public static let error = Output(fd: 2)

    /// Writes `text` whole.
    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buf in
                Foundation.write(fd, buf.baseAddress! + offset, buf.count - offset)
            }
            if n <= 0 { break }
            offset += n
        }
        bytes.removeAll()
    }

    /// Writes `bytes` whole.
    public func write(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                Foundation.write(fd, buf.baseAddress! + offset, buf.count - offset)
            }
            if n <= 0 { break }
            offset += n
        }
    }

    /// Writes notes to standard error, or under `--quiet` only their warnings (``QuietFilter``).
    public static func notice(_ text: String) {
        let kept = QuietFilter.apply(text)
        if !kept.isEmpty { error.write(kept) }
    }

    /// Whether this stream is a terminal (progress is shown only then).
    public var isTerminal: Bool { isatty(fd) != 0 }
}
