#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileWindow {
    /// Mapped mode's address range: reserved once (anonymous, `cap` plus up to three pages: the
    /// first kept byte's offset in its page, and zeros past the last byte, so that a word read at
    /// the end never faults), the file mapped over its front at each fill (`MAP_FIXED`: the
    /// previous window's pages go in the same call), and registered with ``MappedRegions`` so
    /// that a file truncated under it cannot kill the process. Private and writable, as the
    /// buffer is: the tokenizer unquotes a quoted field in place (``RowTokenizer/field(_:_:)``),
    /// which copies that page for this process and never reaches the file.
    struct Mapping {
        let base: UnsafeMutableRawPointer
        let length: Int
        let slot: Int
        /// Bytes of the range the file is mapped over now (from `base`; the rest is zeros).
        var fileBytes = 0

        /// A range for a window of `capacity` bytes, or `nil` (not Linux, no slot free, or the
        /// reservation failed: the window is then read with `pread()`).
        init?(capacity: Int) {
#if os(Linux)
            let page = MappedRegions.pageSize
            guard let slot = MappedRegions.claim() else { return nil }
            let length = (capacity + 3 * page - 1) & ~(page - 1)
            guard let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else {
                MappedRegions.release(slot)
                return nil
            }
            (self.base, self.length, self.slot) = (base, length, slot)
            MappedRegions.set(slot, start: UInt(bitPattern: base), end: UInt(bitPattern: base) + UInt(length))
#else
            return nil
#endif
        }

        /// The first byte of the range, as the window's `buf` before the first fill.
        var start: UnsafeMutablePointer<UInt8> { base.assumingMemoryBound(to: UInt8.self) }

        /// Whether a read in the range found a page past the file's end (``MappedRegions``).
        var isFaulted: Bool {
#if os(Linux)
            MappedRegions.isFaulted(slot)
#else
            false
#endif
        }

        /// Unregisters and unmaps the range.
        func free() {
#if os(Linux)
            MappedRegions.release(slot)
            munmap(base, length)
#endif
        }
    }

    /// ``fill(line:)`` of a mapped window: the same bytes, limits and end of file as reading
    /// `cap − kept` bytes after the kept ones into a buffer of `cap` bytes (the file's size as
    /// when it was opened: bytes appended later are not read, and ``checkUnchanged()`` reports
    /// the change either way). Once the range is faulted (the file shrank under it) nothing more
    /// is read: the end of file, and ``checkUnchanged()`` reports it.
    mutating func fillMapped(line: Int) throws(TraceParseError) -> Bool {
        guard let current = mapping else { return false }
        let first = bufFileOffset + pos, kept = end - pos
        // the kept bytes are still mapped where they are: the window starts at them
        buf += pos
        bufFileOffset = first
        end = kept
        pos = 0
        var target = current
        if end == cap {
            // one row fills the window: grow it, up to the row limit (as the buffer grows); the
            // kept bytes stay readable in the current range until the new one maps them
            guard cap < maxRowBytes else { throw .rowTooLong(file: path, line: line + 1, limit: maxRowBytes) }
            guard let grown = Mapping(capacity: cap * 2) else {
                throw .unreadable(file: path, reason: "cannot reserve \(cap * 2) bytes of address space")
            }
            target = grown
        }
        let grows = target.base != current.base
        // the size when opened: every kept byte lies before it
        let available = Swift.min(grows ? cap * 2 : cap, stamp.size - first)
        if !grows && (available <= kept || current.isFaulted) {
            eof = true
            return false
        }
        let page = MappedRegions.pageSize
        let pageStart = first & ~(page - 1), delta = first - pageStart
        let bytes = (delta + available + page - 1) & ~(page - 1)
        guard let mapped = mmap(target.base, bytes, PROT_READ | PROT_WRITE, MAP_FIXED | MAP_PRIVATE, fd, off_t(pageStart)),
              mapped != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            if grows { target.free() }
            throw .unreadable(file: path, reason: reason)
        }
        if grows {
            current.free()
            cap *= 2
        } else if bytes < target.fileBytes {
            // a shorter window than the last (the file's end): zeros after it, not older pages
            _ = mmap(target.base + bytes, target.fileBytes - bytes, PROT_READ | PROT_WRITE, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        }
        target.fileBytes = bytes
        mapping = target
        buf = (mapped + delta).assumingMemoryBound(to: UInt8.self)
        end = available
        readOffset = first + available
        if available <= kept {
            eof = true
            return false
        }
        if first == 0, let kind = InputFile.compression(of: UnsafeBufferPointer(start: buf, count: end)) {
            throw .unreadable(file: path, reason: InputFile.compressedReason(kind))
        }
        return true
    }
}
