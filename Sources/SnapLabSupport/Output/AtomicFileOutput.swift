import Foundation

/// A file written whole or not at all: bytes go to a temporary file beside the output
/// (`.<name>.tmp-<pid>-<n>`), which ``commit()`` renames into place. If the owner is released
/// before ``commit()`` (an error was thrown), the temporary file is removed and the output is
/// left as it was, so a failed run never leaves partial output.
///
/// Where the path leads is decided first (``OutputTarget``): a symbolic link is followed (the
/// file it names is replaced, the link stays); a character device, a FIFO or `-` is written
/// straight through (never replaced); a directory is refused. Inside ``OutputCommitGroup/run(_:)``
/// ``commit()`` only closes the temporary file, and the group renames all of a command's files
/// once its work has succeeded.
///
/// Not `Sendable`: one writer, one owner.
public final class AtomicFileOutput {
    /// The final path, as given.
    public let path: String
    /// The temporary path written until ``commit()`` (the path itself for a stream).
    public let temporaryPath: String
    /// The file that ``commit()`` replaces (links followed), or the stream written through.
    public let targetPath: String
    /// Whether the output is a device, FIFO or `-`, written straight through.
    public let isStream: Bool
    private var fd: Int32
    private var committed = false
    /// The temporary file's slot in ``TemporaryFileCleanup`` (removed on SIGINT/SIGTERM/SIGHUP).
    private var cleanupSlot = -1
    /// Bytes written so far.
    public private(set) var byteCount = 0

    /// Creates the temporary file for `path` (its directory must exist), or opens the device,
    /// FIFO or standard output (`-`) that `path` names.
    /// - Throws: ``FileOutputError/refused(path:reason:)`` for a directory (a usage error).
    public init(path: String) throws(FileOutputError) {
        self.path = path
        let file: String
        switch try OutputTarget.resolve(path) {
        case .stream(let target):
            let opened = target == "-" ? dup(1) : open(target, O_WRONLY | O_CLOEXEC)
            guard opened >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            fd = opened
            isStream = true
            targetPath = target
            temporaryPath = target
            return
        case .file(let target):
            isStream = false
            targetPath = target
            file = target
        }
        let url = URL(fileURLWithPath: file)
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
            // the output as given (the temporary's name means nothing to the user)
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)) + " (writing a temporary file beside it)")
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

    /// Closes the temporary file and renames it onto ``targetPath`` (inside an
    /// ``OutputCommitGroup``: later, with the group's other files); closes a stream.
    public func commit() throws(FileOutputError) {
        guard fd >= 0 else { throw .cannotWrite(path: temporaryPath, reason: "already closed") }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else { throw .cannotWrite(path: temporaryPath, reason: String(cString: strerror(errno))) }
        if isStream {
            committed = true
            return
        }
        if OutputCommitGroup.stage(self) { return }
        try moveIntoPlace()
    }

    /// Renames the closed temporary file onto ``targetPath`` (removing it if that fails).
    func moveIntoPlace() throws(FileOutputError) {
        guard rename(temporaryPath, targetPath) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            TemporaryFileCleanup.unregister(cleanupSlot)
            cleanupSlot = -1
            committed = true
            throw .cannotRename(from: temporaryPath, to: targetPath, reason: reason)
        }
        committed = true
        TemporaryFileCleanup.unregister(cleanupSlot)
        cleanupSlot = -1
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !committed && !isStream { unlink(temporaryPath) }
        TemporaryFileCleanup.unregister(cleanupSlot)
    }
}
