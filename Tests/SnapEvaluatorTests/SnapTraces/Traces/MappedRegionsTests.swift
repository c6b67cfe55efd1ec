#if os(Linux)
import Glibc
import Testing
@testable import SnapTraces

/// The registry of mapped ranges: slots handed out once each, given back, and a fault in a
/// registered range answered with zeros and a mark instead of the end of the process.
@Suite struct MappedRegionsTests {
    @Test func slotsAreHandedOutOnceAndGivenBack() {
        // other tests may hold slots meanwhile: take what is left, at most the capacity
        var mine: [Int] = []
        while let slot = MappedRegions.claim() { mine.append(slot) }
        #expect(mine.count <= MappedRegions.capacity)
        #expect(Set(mine).count == mine.count)
        guard let some = mine.first else { return }
        MappedRegions.release(some)
        let again = MappedRegions.claim()
        #expect(again == some)
        for slot in mine { MappedRegions.release(slot) }
    }

    @Test func aFaultInARegisteredRangeReadsZerosAndMarksIt() throws {
        let page = MappedRegions.pageSize
        let path = try TestFiles.write(String(repeating: "z", count: 4 * page), name: "fault.bin")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let slot = try #require(MappedRegions.claim())
        defer { MappedRegions.release(slot) }
        let base = try #require(mmap(nil, 4 * page, PROT_READ, MAP_PRIVATE, fd, 0))
        defer { munmap(base, 4 * page) }
        MappedRegions.set(slot, start: UInt(bitPattern: base), end: UInt(bitPattern: base) + UInt(4 * page))
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        #expect(bytes[3 * page] == UInt8(ascii: "z"))
        #expect(!MappedRegions.isFaulted(slot))
        #expect(truncate(path, page) == 0)
        #expect(bytes[page - 1] == UInt8(ascii: "z"))
        #expect(!MappedRegions.isFaulted(slot))
        #expect(bytes[2 * page + 5] == 0)   // past the end: SIGBUS, answered with zeros
        #expect(MappedRegions.isFaulted(slot))
        #expect(bytes[4 * page - 1] == 0)
        MappedRegions.set(slot, start: UInt(bitPattern: base), end: UInt(bitPattern: base) + UInt(page))
        #expect(!MappedRegions.isFaulted(slot))
    }
}
#endif
