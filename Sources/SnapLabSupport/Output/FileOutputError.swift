/// Why an output file could not be written.
public enum FileOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The temporary file next to the output cannot be created.
    case cannotCreate(path: String, reason: String)
    /// Writing failed (disk full, I/O error).
    case cannotWrite(path: String, reason: String)
    /// The finished temporary file cannot be renamed onto the output.
    case cannotRename(from: String, to: String, reason: String)
    /// The path names what no output may replace (a directory, a block device, a loop of links):
    /// a usage error (exit 64), found before anything is written (``OutputTarget``).
    case refused(path: String, reason: String)

    /// Whether the error is the user's choice of path (exit 64) rather than a failure (exit 1).
    public var isUsageError: Bool {
        if case .refused = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case let .cannotCreate(path, reason): return "cannot create \(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        case let .cannotRename(from, to, reason): return "cannot rename \(from) to \(to): \(reason)"
        case let .refused(path, reason): return "cannot write to \(path): it is \(reason)"
        }
    }
}
