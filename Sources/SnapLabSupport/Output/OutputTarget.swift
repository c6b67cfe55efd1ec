#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an output path really leads, decided before anything is written (``AtomicFileOutput``):
///
/// - a regular file or a path that does not exist yet: ``file(_:)`` with the path that symbolic
///   links lead to, so that the temporary file is made beside *that* file and renamed over it (the
///   link stays a link, and a link to a missing file creates the file it names);
/// - a character device (`/dev/null`, `/dev/full`, a terminal), a FIFO, a pipe reached through
///   `/proc/self/fd/N`, or `-` (standard output): ``stream(_:)``, written straight through,
///   never replaced;
/// - a directory (or a link to one), a block device, a socket or a loop of links: refused, a
///   usage error (exit 64) naming the path.
public enum OutputTarget: Sendable, Hashable {
    /// A regular file (or none yet) at this path, all links followed.
    case file(String)
    /// A device, FIFO or pipe opened at this path (`-`: standard output).
    case stream(String)

    /// At most this many links are followed (Linux's own limit, `MAXSYMLINKS`).
    static let maxLinks = 40

    /// Where `path` leads.
    /// - Throws: ``FileOutputError/refused(path:reason:)`` for a directory, block device, socket
    ///   or a loop of links.
    public static func resolve(_ path: String) throws(FileOutputError) -> OutputTarget {
        if path == "-" { return .stream("-") }
        var st = stat()
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                return .file(realPath(path) ?? path)
            case S_IFCHR, S_IFIFO:
                return .stream(path)
            case S_IFDIR:
                let how = isLink(path) ? "a link to a directory" : "a directory"
                throw .refused(path: path, reason: "\(how), expected a file name (or -, a FIFO or a device)")
            case S_IFBLK:
                throw .refused(path: path, reason: "a block device, expected a file, a FIFO or a character device")
            default:
                throw .refused(path: path, reason: "a socket, expected a file, a FIFO or a character device")
            }
        }
        if errno == ELOOP { throw .refused(path: path, reason: "a loop of symbolic links") }
        // missing: follow a dangling link to the file it names (created there)
        var current = path
        for _ in 0..<maxLinks {
            guard isLink(current), let target = readLink(current) else { return .file(current) }
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        throw .refused(path: path, reason: "a loop of symbolic links")
    }

    /// The directory part of `path` (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink(path, &buffer, 4096)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
