import Foundation
import Synchronization

/// Where a ``ProgressLine`` draws.
public protocol ProgressSink: Sendable {
    /// Replaces the current line with `line`.
    func draw(_ line: String)
    /// Erases the current line.
    func clear()
}

/// The process-wide switch for progress lines and notices: off until a command turns it on,
/// so library code and tests draw nothing.
///
/// `snaplab` commands call ``configure(quiet:)`` once before their work: the line is drawn on
/// standard error only when that is a terminal and `--quiet` was not given.
public enum ProgressOutput {
    private static let current = Mutex<(sink: (any ProgressSink)?, quiet: Bool)>((nil, false))

    /// The sink new progress lines draw to (`nil`: off).
    public static var sink: (any ProgressSink)? { current.withLock { $0.sink } }

    /// Whether `--quiet` was given (commands then leave out notices too).
    public static var isQuiet: Bool { current.withLock { $0.quiet } }

    /// Turns progress on for standard error when it is a terminal and `quiet` is false.
    public static func configure(quiet: Bool) {
        let terminal = isatty(2) != 0
        install(quiet || !terminal ? nil : TerminalProgressSink(fd: 2), quiet: quiet)
    }

    /// Sets the sink directly (tests; `nil` turns progress off).
    public static func install(_ sink: (any ProgressSink)?, quiet: Bool = false) {
        current.withLock { $0 = (sink, quiet) }
    }
}

/// Draws on a terminal: carriage return, erase line, the text cut to the terminal's width (so
/// it never wraps), no newline.
public struct TerminalProgressSink: ProgressSink {
    public let fd: Int32

    public init(fd: Int32) { self.fd = fd }

    public func draw(_ line: String) {
        let width = Swift.max(20, columns() - 1)
        let text = line.count > width ? String(line.prefix(width - 1)) + "…" : line
        put("\r\u{1B}[2K" + text)
    }

    public func clear() { put("\r\u{1B}[2K") }

    private func columns() -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    private func put(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }
}
