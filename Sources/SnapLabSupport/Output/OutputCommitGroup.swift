import Foundation

/// A command's output files, committed together: inside ``run(_:)`` each
/// ``AtomicFileOutput/commit()`` only closes its temporary file, and the renames happen once the
/// whole body has succeeded. A body that throws (an unwritable `--hidden-truth` after the trace
/// file was written, a bad model after `--save-model`) releases every staged file, whose
/// temporary is removed, so no output of a failed command appears; a signal or `exit` removes
/// them too (``TemporaryFileCleanup``). Streams (devices, FIFOs, `-`) are written through and
/// cannot be taken back.
///
/// `snaplab` runs each command inside one group (`SnapLab.runMain`). Outside a group, a commit
/// renames at once. A group belongs to the thread that runs it (commits from other threads, such
/// as concurrent tests in one process, are not taken into it).
public enum OutputCommitGroup {
    /// The files staged by each thread that runs a group, by thread.
    nonisolated(unsafe) private static var groups: [UInt: [AtomicFileOutput]] = [:]
    private static let lock = NSLock()

    private static var thread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Runs `body`, then renames every file it committed (in the order committed); on an error
    /// thrown by `body` none is renamed and all are removed. Nested runs join the outer one.
    public static func run<T>(_ body: () throws -> T) throws -> T {
        let me = thread
        let outer = lock.withLock { () -> Bool in
            if groups[me] != nil { return false }
            groups[me] = []
            return true
        }
        guard outer else { return try body() }
        let result: T
        do {
            result = try body()
        } catch {
            _ = take()   // released: each deinit removes its temporary file
            throw error
        }
        var files = take()
        // every temporary is written and closed: rename them all (a failure removes the rest)
        while !files.isEmpty {
            let file = files.removeFirst()
            try file.moveIntoPlace()
        }
        return result
    }

    /// Keeps `file` for the group's commit; false outside a group (rename it now).
    static func stage(_ file: AtomicFileOutput) -> Bool {
        let me = thread
        return lock.withLock {
            guard groups[me] != nil else { return false }
            groups[me]?.append(file)
            return true
        }
    }

    private static func take() -> [AtomicFileOutput] {
        let me = thread
        return lock.withLock { groups.removeValue(forKey: me) ?? [] }
    }
}
