import Foundation

/// A file written whole or not at all: bytes go to a temporary file beside the output
/// (`.<name>.tmp-<pid>-<n>`), which ``commit()`` renames into place. If the owner is released
/// before ``commit()`` (an error was thrown), the temporary file is removed and the output is
/// left as it was, so a failed run never leaves partial output.
///
/// Not `Sendable`: one writer, one owner.
public final class AtomicFileOutput {
    /// The final path.
    public let path: String
    /// The temporary path written until ``commit()``.
    public let temporaryPath: String
    private var fd: Int32
    private var committed = false
    /// The temporary file's slot in ``TemporaryFileCleanup`` (removed on SIGINT/SIGTERM/SIGHUP).
    private var cleanupSlot = -1
    /// Bytes written so far.
    public private(set) var byteCount = 0

    /// Creates the temporary file for `path` (its directory must exist).
    public init(path: String) throws(FileOutputError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var attempt = 0
        var candidate = ""
        var opened: Int32 = -1
        var slot = -1
        while opened < 0 && attempt < 100 {
            candidate = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(attempt)"
            // registered before it is created, so that a signal arriving just after `open` still
            // removes it (the name carries this process's id: a file it names that already
            // exists is a dead process's leftover, harmless to remove)
            slot = TemporaryFileCleanup.register(candidate)
            opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if opened < 0 {
                let failure = errno
                TemporaryFileCleanup.unregister(slot)
                slot = -1
                errno = failure
                if failure != EEXIST { break }
            }
            attempt += 1
        }
        guard opened >= 0 else {
            throw .cannotCreate(path: candidate, reason: String(cString: strerror(errno)))
        }
        fd = opened
        temporaryPath = candidate
        cleanupSlot = slot
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(FileOutputError) {
        guard fd >= 0 else { throw .cannotWrite(path: temporaryPath, reason: "already closed") }
        let failure = Self.writeAll(fd, bytes)
        if failure != 0 { throw .cannotWrite(path: temporaryPath, reason: String(cString: strerror(failure))) }
        byteCount += bytes.count
    }

    /// Writes all of `bytes` to `fd` (retrying after `EINTR` and short writes); returns 0, or the
    /// `errno` of the write that failed (`EIO` for a write of 0 bytes).
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < buffer.count {
                let n = Foundation.write(fd, base + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return EIO }
                done += n
            }
            return 0
        }
    }

    /// Closes the temporary file and renames it onto ``path``.
    public func commit() throws(FileOutputError) {
        guard fd >= 0 else { throw .cannotWrite(path: temporaryPath, reason: "already closed") }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else { throw .cannotWrite(path: temporaryPath, reason: String(cString: strerror(errno))) }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            TemporaryFileCleanup.unregister(cleanupSlot)
            cleanupSlot = -1
            throw .cannotRename(from: temporaryPath, to: path, reason: reason)
        }
        committed = true
        TemporaryFileCleanup.unregister(cleanupSlot)
        cleanupSlot = -1
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !committed { unlink(temporaryPath) }
        TemporaryFileCleanup.unregister(cleanupSlot)
    }
}
