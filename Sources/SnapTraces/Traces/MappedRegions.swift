#if os(Linux)
import Glibc
import Synchronization

/// The address ranges where ``FileWindow`` maps a file, and the `SIGBUS` handler that keeps a
/// file truncated under the reader from killing the process.
///
/// A read of a mapped page beyond the file's end raises `SIGBUS` (`BUS_ADRERR`), which a process
/// cannot otherwise survive: nothing in Swift can jump out of the faulting frame. The handler,
/// installed once (before the first file is mapped), looks the faulting address up in the
/// registered regions; in one of them it maps anonymous zero pages from the faulting page to the
/// region's end (`MAP_FIXED`, private), marks the region faulted and returns: the read is
/// repeated and finds zeros. The reader then reads nothing real from that region (``FileWindow``
/// stops mapping once its region is faulted), and ``FileWindow/checkUnchanged()`` reports the
/// file as changed while it was read, which the reader checks before any error it gives (the
/// zeros may make a row look bad first). An address in no region is not ours: the handler puts
/// the previous action back and returns, so the repeated read gets what it would have got
/// without this handler (by default, the process ends with `SIGBUS` as before).
///
/// The table is a fixed block of ``capacity`` slots (start, end, faulted), written by the thread
/// that owns a slot and read by the handler, which runs on the faulting thread: a region is only
/// read by the thread that maps it, so the handler finds the owner's own, completed writes (the
/// `mmap` call between a slot's writes and the first read of the region orders them). Slots are
/// handed out under a lock, never taken by the handler. With every slot taken a window is read
/// with `pread` instead.
enum MappedRegions {
    /// Slots: regions mapped at once (one per file window alive).
    static let capacity = 64

    /// `capacity` × (start, end, faulted) words; never freed.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<UInt> = {
        let t = UnsafeMutablePointer<UInt>.allocate(capacity: capacity * 3)
        t.initialize(repeating: 0, count: capacity * 3)
        return t
    }()

    /// Which slots are taken (bit `i`: slot `i`).
    private static let taken = Mutex<UInt64>(0)

    /// The action `SIGBUS` had before the handler (restored for a fault outside every region).
    nonisolated(unsafe) private static var previous = sigaction()

    /// Bytes a page (read before the handler is installed, so that it never calls `sysconf`).
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether the handler is installed (done once, by the first ``claim()``).
    private static let installed: Bool = {
        _ = table
        guard pageSize > 0, pageSize & (pageSize - 1) == 0 else { return false }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handleBusError
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, &previous) == 0
    }()

    /// A free slot, or `nil` (every slot taken, or the handler could not be installed: then the
    /// caller does not map).
    static func claim() -> Int? {
        guard installed else { return nil }
        return taken.withLock { bits -> Int? in
            guard bits != .max else { return nil }
            let slot = (~bits).trailingZeroBitCount
            bits |= 1 << UInt64(slot)
            return slot
        }
    }

    /// Gives `slot` back (its region unregistered first).
    static func release(_ slot: Int) {
        set(slot, start: 0, end: 0)
        taken.withLock { bits in bits &= ~(1 << UInt64(slot)) }
    }

    /// Registers `start..<end` (addresses) as `slot`'s region, not faulted.
    static func set(_ slot: Int, start: UInt, end: UInt) {
        table[slot * 3] = 0
        table[slot * 3 + 1] = end
        table[slot * 3 + 2] = 0
        table[slot * 3] = start
    }

    /// Whether a read in `slot`'s region found a page beyond the file's end.
    static func isFaulted(_ slot: Int) -> Bool { table[slot * 3 + 2] != 0 }

    /// The handler: zeros over the rest of the faulting region (see the type's comment).
    private static let handleBusError: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { _, info, _ in
        let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
        let page = UInt(bitPattern: pageSize)
        for slot in 0..<MappedRegions.capacity {
            let start = table[slot * 3], end = table[slot * 3 + 1]
            guard start != 0, address >= start, address < end else { continue }
            let from = address & ~(page &- 1)
            let zeros = mmap(UnsafeMutableRawPointer(bitPattern: from), Int(end &- from), PROT_READ | PROT_WRITE,
                             MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if zeros == MAP_FAILED { break }
            table[slot * 3 + 2] = 1
            return
        }
        _ = sigaction(SIGBUS, &previous, nil)
    }
}
#endif
