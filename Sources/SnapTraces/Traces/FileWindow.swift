#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stage 1 of the reader: the file window. An open file and `buf[pos..<end]` of it, at file offset
/// `bufFileOffset + pos`: `cap` bytes at most from the first byte kept (`pos` at a fill), growing
/// only for a single row longer than that, up to the row limit.
///
/// By default every input is read with `read()`/`pread()` into one reusable buffer (kept in
/// cache: 256 KiB by default). When asked (`maps`, ``TraceReadOptions/mapsFiles``), a regular
/// file is mapped instead (``isMapped``, Linux): each fill maps the file from the first kept
/// byte's page into the same reserved address range (``Mapping``), so the bytes are not copied;
/// `buf` points into the mapping and every fill shows exactly the bytes a `pread()` into a buffer
/// of `cap` bytes would, so the reader above cannot tell the two apart (the same rows, faults and
/// limits). Which is faster depends on the host (``TraceReadOptions/mapsFiles``). A file truncated
/// under the mapping raises `SIGBUS` on the pages past its new end: ``MappedRegions``' handler
/// puts zeros there and marks the window, which then stops reading, and ``checkUnchanged()``
/// reports the change (the reader checks it before any error it gives). Standard input, pipes,
/// FIFOs, a window when all of ``MappedRegions/capacity`` slots are taken, and other systems are
/// read with `read()`/`pread()` even when mapping is asked for.
///
/// Owned by ``ReaderCore`` (not copyable: it owns the descriptor and the buffer, freed in `deinit`).
struct FileWindow: ~Copyable {
    let path: String
    let fd: Int32
    /// Whether the input is not a regular file (a pipe, FIFO, `-`): read with `read()`, serially.
    let isStream: Bool
    /// The file's size and modification time when opened (compared again at the end).
    let stamp: FileStamp
    /// ``TraceReadOptions/maxRowBytes``.
    let maxRowBytes: Int
    /// Read mode: the buffer (owned, `cap + 1` bytes). Mapped: the first kept byte in ``mapping``.
    var buf: UnsafeMutablePointer<UInt8>
    var cap: Int
    /// Mapped mode's reserved range, or `nil` (read mode).
    var mapping: Mapping?
    var pos = 0
    var end = 0
    /// The file offset of `buf[0]`.
    var bufFileOffset = 0
    /// The file offset of the next byte to read.
    var readOffset = 0
    var eof = false

    /// Opens `path` (`-` is standard input).
    /// - Parameter startsAtZero: false for a range after the first (a stream cannot be one).
    /// - Parameter maps: map a regular file (``TraceReadOptions/mapsFiles``, where its default is
    ///   declared; `false`: read it with `pread()`, as streams are).
    init(path: String, bufferSize: Int, maxRowBytes: Int, startsAtZero: Bool, maps: Bool) throws(TraceParseError) {
        let fd = path == "-" ? dup(0) : open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unreadable(file: path, reason: reason)
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw .unreadable(file: path, reason: "is a directory")
        }
        let isStream = path == "-" || (st.st_mode & S_IFMT) != S_IFREG
        if isStream && !startsAtZero {
            close(fd)
            throw .unreadable(file: path, reason: "not a regular file: it can only be read serially, from its start")
        }
        self.path = path
        self.fd = fd
        self.isStream = isStream
        self.stamp = FileStamp(st)
        self.maxRowBytes = Swift.max(maxRowBytes, 1)
        cap = Swift.max(bufferSize, 1024)
        mapping = isStream || !maps ? nil : Mapping(capacity: cap)
        buf = mapping?.start ?? .allocate(capacity: cap + 1)
    }

    deinit {
        close(fd)
        if let mapping { mapping.free() } else { buf.deallocate() }
    }

    /// Whether the file is mapped (not read into a buffer).
    var isMapped: Bool { mapping != nil }

    /// Reads more bytes (keeping `buf[pos..<end]`, moved to the front); false at end of file.
    /// `line` is the last line read (a row over the limit is named on the next one).
    mutating func fill(line: Int) throws(TraceParseError) -> Bool {
        if eof { return false }
        if mapping != nil { return try fillMapped(line: line) }
        if pos > 0 {
            let keep = end - pos
            if keep > 0 { memmove(buf, buf + pos, keep) }
            bufFileOffset += pos
            end = keep
            pos = 0
        }
        if end == cap {
            // one row fills the buffer: grow it, up to the row limit
            guard cap < maxRowBytes else { throw .rowTooLong(file: path, line: line + 1, limit: maxRowBytes) }
            let newCap = cap * 2
            let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: newCap + 1)
            nb.update(from: buf, count: end)
            buf.deallocate()
            buf = nb
            cap = newCap
        }
        // a stream is read until the buffer is full (a pipe gives at most 64 KiB a call: one long
        // row would otherwise be scanned again after every small read, quadratic in its length)
        var got = false
        while true {
            let n = isStream ? systemRead(fd, buf + end, cap - end) : pread(fd, buf + end, cap - end, off_t(readOffset))
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { eof = true; return got }
            if readOffset == 0, let kind = InputFile.compression(of: UnsafeBufferPointer(start: buf + end, count: n)) {
                // not a header without trace_id: say what it is
                throw .unreadable(file: path, reason: InputFile.compressedReason(kind))
            }
            end += n
            readOffset += n
            got = true
            if !isStream || end == cap { return true }
        }
    }

    /// Drops the buffer's bytes and reads on from file offset `offset`.
    mutating func seek(to offset: Int) {
        pos = 0; end = 0; eof = false
        bufFileOffset = offset
        readOffset = offset
    }

    /// `count` bytes at file offset `offset`, read aside (the buffer is left as it is).
    func bytes(at offset: Int, count: Int) throws(TraceParseError) -> [UInt8] {
        var tmp = [UInt8](repeating: 0, count: count)
        let n = tmp.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        guard n == count else { throw .unreadable(file: path, reason: "short read") }
        return tmp
    }

    /// The buffer position after the first line break at or after `from` (the buffer's end
    /// when there is none).
    func lineEnd(from: Int) -> Int {
        var p = from
        while p < end && buf[p] != 0x0A { p += 1 }
        return p < end ? p + 1 : end
    }

    /// The file offset of `buf[pos]`.
    var offset: Int { bufFileOffset + pos }

    /// Throws ``TraceParseError/changedWhileReading(file:reason:)`` when the file's size or
    /// modification time differs from when it was opened (a file truncated or appended to during
    /// the read must not pass for a complete one). Streams are not checked (they have no size).
    func checkUnchanged() throws(TraceParseError) {
        if isStream { return }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        if let change = FileStamp(st).change(since: stamp) { throw .changedWhileReading(file: path, reason: change) }
        if let mapping, mapping.isFaulted {
            throw .changedWhileReading(file: path, reason: "part of it was gone while it was read (a page past its end)")
        }
    }
}

/// POSIX `read()` (the name is taken by ``TraceReader/read(paths:options:_:)`` inside the reader).
@inline(__always)
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// A file's size and modification time, to tell whether it changed.
struct FileStamp: Sendable, Equatable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    init(_ st: stat) {
        size = Int(st.st_size)
        #if canImport(Darwin)
        seconds = Int(st.st_mtimespec.tv_sec); nanoseconds = Int(st.st_mtimespec.tv_nsec)
        #else
        seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec)
        #endif
    }

    /// What changed since `start`, or `nil`.
    func change(since start: FileStamp) -> String? {
        if size != start.size { return "\(start.size) bytes when opened, \(size) at the end" }
        if seconds != start.seconds || nanoseconds != start.nanoseconds { return "modified during the read" }
        return nil
    }
}
