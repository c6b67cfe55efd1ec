#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files of unfinished ``AtomicFileOutput``s when the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP): `snaplab generate` stopped with Ctrl-C must not leave a
/// hidden file of hundreds of MB behind.
///
/// The handler only calls `unlink` (async-signal-safe) on paths copied to C strings when they were
/// registered, then restores the default action and raises the signal again, so the process ends
/// as it would have (exit status 128 + signal). Signals ignored when the process started stay
/// ignored, and the signal mask is left as it is (a process that blocks them is not stopped by
/// them either).
enum TemporaryFileCleanup {
    /// Slots of registered paths (`nil`: free). Written under `lock`, read by the handler.
    nonisolated(unsafe) private static var slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    private static let capacity = 64
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Registers `path` for removal on a signal; returns its slot (-1 when all are taken).
    static func register(_ path: String) -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !installed {
            slots.initialize(repeating: nil, count: capacity)
            for s in signals {
                // a signal the process was started with ignored (a background job's SIGINT,
                // nohup's SIGHUP) stays ignored
                if let old = signal(s, handler), unsafeBitCast(old, to: Int.self) == 1 { signal(s, SIG_IGN) }
            }
            // a process that ends with `exit()` (a failed write of standard output) runs no
            // deinit: remove what is still registered then, too
            atexit { TemporaryFileCleanup.removeAll() }
            installed = true
        }
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return i
        }
        return -1
    }

    /// Forgets slot `i` (the file was renamed into place or removed).
    static func unregister(_ i: Int) {
        guard i >= 0 && i < capacity else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let p = slots[i]
        slots[i] = nil
        free(p)
    }

    /// Removes every registered file (at exit; the files renamed into place are unregistered).
    private static func removeAll() {
        for i in 0..<capacity {
            if let p = slots[i] { unlink(p) }
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { sig in
        TemporaryFileCleanup.removeAll()
        signal(sig, SIG_DFL)
        raise(sig)
    }
}
