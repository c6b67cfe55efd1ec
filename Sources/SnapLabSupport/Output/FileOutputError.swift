/// Why an output file could not be written.
public enum FileOutputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The temporary file next to the output cannot be created.
    case cannotCreate(path: String, reason: String)
    /// Writing failed (disk full, I/O error).
    case cannotWrite(path: String, reason: String)
    /// The finished temporary file cannot be renamed onto the output.
    case cannotRename(from: String, to: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotCreate(path, reason): return "cannot create \(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        case let .cannotRename(from, to, reason): return "cannot rename \(from) to \(to): \(reason)"
        }
    }
}
