#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way whole-file inputs are read (pointer logs for `import`, `--layout`, `--model`,
/// `--match`, `--layout-map`, `--device-scales`); trace files stream through ``FileWindow``,
/// which shares ``compression(of:)`` and ``quote(_:)``.
///
/// A regular file, `-` (standard input), a FIFO or a process substitution (`<(zcat log.gz)`) is
/// read serially with `read()`, so any of them works. A directory, a loop of links and
/// compressed data are refused with a plain reason, and no line may be longer than
/// ``Limits/maxLineBytes`` nor the whole input longer than ``Limits/maxBytes``: reading stops at
/// the first byte past a limit, so a 1 GiB line costs at most the limit in memory.
public enum InputFile {
    /// What an input may hold.
    public struct Limits: Sendable, Hashable {
        /// Bytes in the whole input.
        public var maxBytes: Int
        /// Bytes in one line (without its line break).
        public var maxLineBytes: Int
        /// Nested JSON arrays and objects (checked by ``checkNesting(_:file:maxDepth:)``).
        public var maxDepth: Int

        public init(maxBytes: Int, maxLineBytes: Int, maxDepth: Int = 64) {
            self.maxBytes = maxBytes
            self.maxLineBytes = maxLineBytes
            self.maxDepth = maxDepth
        }

        /// Pointer logs: a line is one event (1 MiB is thousands of times a real one); the whole
        /// log is held in memory, up to 4 GiB.
        public static let pointerLog = Limits(maxBytes: 4 << 30, maxLineBytes: 1 << 20)
        /// Small JSON files (layout, model, statistics, maps): 16 MiB, 64 levels of nesting.
        public static let jsonFile = Limits(maxBytes: 16 << 20, maxLineBytes: 16 << 20, maxDepth: 64)
    }

    /// Why an input cannot be read: the file, the 1-based line (0: the whole file) and a reason
    /// in plain words.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var reason: String

        public var description: String { line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)" }

        /// The same failure as the trace reader's error (exit 65 in the commands).
        public var traceParseError: TraceParseError {
            let plain = reason.hasPrefix(Self.unreadablePrefix) ? String(reason.dropFirst(Self.unreadablePrefix.count)) : reason
            return .unreadable(file: file, reason: line > 0 ? "line \(line): \(plain)" : plain)
        }

        static let unreadablePrefix = "cannot read the file: "
    }

    /// The bytes of `path` (`-`: standard input), within `limits`.
    public static func read(_ path: String, limits: Limits) throws(Failure) -> [UInt8] {
        let fd = path == "-" ? dup(0) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let reason = code == ELOOP ? "it is a loop of symbolic links" : Failure.unreadablePrefix + String(cString: strerror(code))
            throw Failure(file: path, line: 0, reason: reason)
        }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(file: path, line: 0, reason: "it is a directory, expected a file (or -, a FIFO)")
        }
        var bytes: [UInt8] = []
        if (st.st_mode & S_IFMT) == S_IFREG && st.st_size > 0 { bytes.reserveCapacity(min(Int(st.st_size), limits.maxBytes) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line = 1, lineStart = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errno == EISDIR ? "it is a directory, expected a file (or -, a FIFO)"
                    : Failure.unreadablePrefix + String(cString: strerror(errno))
                throw Failure(file: path, line: 0, reason: reason)
            }
            if n == 0 { break }
            let before = bytes.count
            bytes.append(contentsOf: chunk[0..<n])
            if before == 0, let kind = compression(of: bytes) {
                throw Failure(file: path, line: 0, reason: compressedReason(kind))
            }
            // line lengths, checked as the bytes come (a huge line stops the read at the limit)
            for k in 0..<n where chunk[k] == 0x0A {
                line += 1
                lineStart = before + k + 1
            }
            if bytes.count - lineStart > limits.maxLineBytes {
                throw Failure(file: path, line: line, reason: "the line is longer than \(limits.maxLineBytes) bytes, expected lines of at most "
                              + "\(limits.maxLineBytes) bytes; it begins \(quote(bytes[lineStart..<(lineStart + 80)]))…")
            }
            if bytes.count > limits.maxBytes {
                throw Failure(file: path, line: 0, reason: "more than \(limits.maxBytes) bytes, expected at most \(limits.maxBytes)")
            }
        }
        return bytes
    }

    /// The compression format that `bytes` begins with (gzip, zstd, bzip2, xz), if any.
    public static func compression(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(6))
        func starts(_ magic: [UInt8]) -> Bool { head.count >= magic.count && Array(head.prefix(magic.count)) == magic }
        if starts([0x1F, 0x8B]) { return "gzip" }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return "zstd" }
        if starts([0x42, 0x5A, 0x68]) && head.count >= 4 && (0x31...0x39).contains(head[3]) { return "bzip2" }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz" }
        return nil
    }

    /// What an error says of compressed input.
    static func compressedReason(_ kind: String) -> String {
        "\(kind) data: decompress it or pipe it (for example <(\(decompressor(kind)) FILE))"
    }

    static func decompressor(_ kind: String) -> String {
        switch kind {
        case "gzip": return "zcat"
        case "zstd": return "zstdcat"
        case "bzip2": return "bzcat"
        default: return "xzcat"
        }
    }

    /// At most 80 bytes of `bytes` in double quotes (cut on a character boundary, control
    /// characters escaped), with the full length when cut: what error messages show of a value.
    public static func quote(_ bytes: some Collection<UInt8>) -> String {
        let (text, cut) = excerpt(bytes, escapingQuotes: true)
        return cut ? "\"\(text)…\" (\(bytes.count) bytes)" : "\"\(text)\""
    }

    /// ``quote(_:)`` without the quotes (for messages that show a value bare, as JSON prints it).
    public static func bare(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        let (shown, cut) = excerpt(bytes, escapingQuotes: false)
        return cut ? "\(shown)… (\(bytes.count) bytes)" : shown
    }

    static func excerpt(_ bytes: some Collection<UInt8>, escapingQuotes: Bool) -> (text: String, cut: Bool) {
        let limit = 80
        var head = Array(bytes.prefix(limit))
        let cut = bytes.count > limit
        if cut {
            // drop a multi-byte character cut in two
            var k = head.count
            while k > 0 && head[k - 1] & 0xC0 == 0x80 { k -= 1 }
            if k > 0 && head[k - 1] >= 0xC0 { head.removeSubrange((k - 1)...) }
        }
        var text = ""
        for scalar in String(decoding: head, as: UTF8.self).unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            } else if scalar == "\"" && escapingQuotes {
                text += "\\\""
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return (text, cut)
    }

    /// ``quote(_:)`` of a string.
    public static func quote(_ text: some StringProtocol) -> String { quote(Array(text.utf8)) }

    /// Refuses JSON nested deeper than `maxDepth` arrays and objects (before a JSON parser sees
    /// it, whose own limit may be far larger or a crash).
    public static func checkNesting(_ bytes: [UInt8], file: String, maxDepth: Int) throws(Failure) {
        var depth = 0, line = 1
        var inString = false, escaped = false
        for b in bytes {
            if b == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                if depth > maxDepth {
                    throw Failure(file: file, line: line, reason: "JSON nested more than \(maxDepth) levels deep, expected at most \(maxDepth)")
                }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
    }

    /// The first line of `bytes` that is not valid UTF-8 (1-based), if any.
    public static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int? {
        var line = 1, start = 0
        var k = 0
        while k <= bytes.count {
            if k == bytes.count || bytes[k] == 0x0A {
                if String(validating: bytes[start..<k], as: UTF8.self) == nil { return line }
                line += 1
                start = k + 1
            }
            k += 1
        }
        return nil
    }

    /// A whole JSON file (`--layout`, `--model`, …): read within ``Limits/jsonFile``, nesting
    /// checked, valid UTF-8.
    public static func readJSON(_ path: String) throws(Failure) -> [UInt8] {
        let bytes = try read(path, limits: .jsonFile)
        try checkNesting(bytes, file: path, maxDepth: Limits.jsonFile.maxDepth)
        if let line = firstInvalidUTF8Line(bytes) {
            throw Failure(file: path, line: line, reason: "found bytes that are not UTF-8 text, expected UTF-8 JSON")
        }
        return bytes
    }
}
