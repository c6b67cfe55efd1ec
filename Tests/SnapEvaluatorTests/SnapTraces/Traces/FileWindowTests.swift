import Foundation
import Testing
@testable import SnapTraces

/// The file window: reading on, keeping the unread bytes, growing for one long row up to the
/// limit, reading aside, and noticing a file that changed.
@Suite struct FileWindowTests {
    static let text = (0..<300).map { "row \($0)" }.joined(separator: "\n") + "\n"

    @Test(arguments: [false, true])
    func fillKeepsTheUnreadBytesAndTracksTheFileOffset(maps: Bool) throws {
        let path = try TestFiles.write(Self.text, name: "keeps-\(maps).csv")
        var w = try FileWindow(path: path, bufferSize: 1024, maxRowBytes: 1 << 20, startsAtZero: true, maps: maps)
        var seen: [UInt8] = []
        while try w.fill(line: 0) {
            // consume all but 10 bytes: they must come back at the front
            let take = Swift.max(0, w.end - w.pos - 10)
            let offset = w.offset
            #expect(offset == seen.count)
            seen += Array(UnsafeBufferPointer(start: w.buf + w.pos, count: take))
            w.pos += take
        }
        seen += Array(UnsafeBufferPointer(start: w.buf + w.pos, count: w.end - w.pos))
        #expect(seen == Array(Self.text.utf8))
        let (eof, cap) = (w.eof, w.cap)
        #expect(eof && cap == 1024)
        let aside = try w.bytes(at: 4, count: 5)
        #expect(aside == Array("0\nrow".utf8))
        w.seek(to: 6)
        _ = try w.fill(line: 0)
        let (at, first) = (w.offset, w.buf[0])
        #expect(at == 6 && first == Array("r".utf8)[0])
    }

    @Test(arguments: [false, true])
    func oneLongRowGrowsTheBufferUpToTheLimit(maps: Bool) throws {
        let path = try TestFiles.write(String(repeating: "x", count: 5000) + "\n", name: "long-\(maps).csv")
        var w = try FileWindow(path: path, bufferSize: 1024, maxRowBytes: 4096, startsAtZero: true, maps: maps)
        _ = try w.fill(line: 0)
        _ = try w.fill(line: 0)   // the buffer is full and nothing was consumed: it doubles
        let (cap1, end1) = (w.cap, w.end)
        #expect(cap1 == 2048 && end1 == 2048)
        _ = try w.fill(line: 0)
        let cap2 = w.cap
        #expect(cap2 == 4096)
        do {
            _ = try w.fill(line: 7)
            Issue.record("a row over the limit was accepted")
        } catch {
            #expect(error == .rowTooLong(file: path, line: 8, limit: 4096))
        }
    }

    @Test(arguments: [false, true])
    func aChangedFileIsNoticed(maps: Bool) throws {
        let path = try TestFiles.write(Self.text, name: "changes-\(maps).csv")
        let w = try FileWindow(path: path, bufferSize: 1024, maxRowBytes: 1 << 20, startsAtZero: true, maps: maps)
        try w.checkUnchanged()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("more\n".utf8))
        try handle.close()
        do {
            try w.checkUnchanged()
            Issue.record("a file that grew passed the check")
        } catch {
            #expect(error.description.contains("changed while it was read"))
        }
    }

    /// A regular file is read with `pread()` unless mapping is asked for (measured faster on the
    /// project's machine: ``TraceReadOptions/mapsFiles``, whose default the reader passes on).
    @Test func regularFilesAreReadNotMappedByDefault() throws {
        let path = try TestFiles.write(Self.text, name: "default.csv")
        let w = try FileWindow(path: path, bufferSize: 1024, maxRowBytes: 1 << 20, startsAtZero: true,
                               maps: TraceReadOptions().mapsFiles)
        let isMapped = w.isMapped
        #expect(!isMapped)
        #expect(!TraceReadOptions().mapsFiles)
    }

    @Test func directoriesAndMissingFilesAreUnreadable() throws {
        #expect(throws: TraceParseError.unreadable(file: "/tmp", reason: "is a directory")) {
            _ = try FileWindow(path: "/tmp", bufferSize: 1024, maxRowBytes: 1 << 20, startsAtZero: true, maps: false)
        }
        #expect(throws: TraceParseError.self) {
            _ = try FileWindow(path: "/nonexistent/x.csv", bufferSize: 1024, maxRowBytes: 1 << 20, startsAtZero: true, maps: false)
        }
    }
}
