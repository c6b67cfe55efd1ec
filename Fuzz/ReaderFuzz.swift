// libFuzzer entry point for the CSV trace reader (built only by Scripts/fuzz; not part of the
// SwiftPM package). Each input is written over one file in /dev/shm (tmpfs, no disk I/O) and read
// through the reader's public, path-based API: strict and lenient, a small and the default buffer, and
// every policy in the catalog decides every yielded release.
//
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
// - no trap, no sanitizer report, whatever the bytes;
// - a strict read that succeeds is matched by the lenient read: same traces, none skipped;
// - the 1 KiB buffer gives the same traces as the default 4 MiB one;
// - a read in 3 byte ranges (parts of any size) gives what one serial read gives: the same
//   traces and skipped count in lenient mode, success or failure in strict mode;
// - every policy decision on a yielded release names an item inside the layout.
#if canImport(Glibc)
import Glibc
#endif
import SnapEvaluator
import SnapStrategies

nonisolated(unsafe) private var memfd: Int32 = -1
private let path = "/dev/shm/snaplab-reader-fuzz-\(getpid()).csv"
private let policies = PolicyCatalog.all
private let baseLayout = LayoutFields(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)

private struct Outcome: Equatable {
    var ids: [String] = []
    var velocities: [UInt64] = []
    var failed = false
    var skipped = 0
}

private func read(_ path: String, lenient: Bool, bufferSize: Int) -> Outcome {
    var out = Outcome()
    let options = TraceReadOptions(velocity: .lsq2, lenient: lenient, baseLayout: baseLayout, bufferSize: bufferSize)
    do {
        let reader = try TraceReader(path: path, options: options)
        let summary = try reader.forEach { record in
            let r = record.release
            out.ids.append(r.traceID)
            out.velocities.append(r.release.velocity.bitPattern)
            for p in policies {
                let d = p.decide(r.release, in: r.layout)
                if !(d.targetIndex >= 0 && d.targetIndex < r.layout.itemCount) {
                    fatalError("\(p.id): target index \(d.targetIndex) outside 0..<\(r.layout.itemCount) for \(r.release) in \(r.layout)")
                }
            }
        }
        out.skipped = summary.skipped.count
    } catch {
        out.failed = true
    }
    return out
}

/// ``read(_:lenient:bufferSize:)`` in 3 byte ranges, the parts mapped back to file order.
private func readInParts(_ path: String, lenient: Bool) -> Outcome {
    var out = Outcome()
    let options = TraceReadOptions(velocity: .lsq2, lenient: lenient, baseLayout: baseLayout, bufferSize: 1024)
    do {
        let result = try TraceReader.readInParallel(path: path, options: options, parts: 3, minimumPartBytes: 1,
                                                    initial: { [(String, UInt64)]() }) { acc, record in
            acc.append((record.release.traceID, record.release.release.velocity.bitPattern))
        }
        for part in result.partials {
            out.ids += part.map(\.0)
            out.velocities += part.map(\.1)
        }
        out.skipped = result.summary.skipped.count
    } catch {
        out.failed = true
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func readerFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if memfd < 0 { memfd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600) }
    guard memfd >= 0, ftruncate(memfd, 0) == 0 else { return 0 }
    if size > 0, let data {
        guard pwrite(memfd, data, size, 0) == size else { return 0 }
    }
    let strict = read(path, lenient: false, bufferSize: 1024)
    let lenient = read(path, lenient: true, bufferSize: 1024)
    if !strict.failed {
        if lenient.failed || lenient.skipped != 0 || lenient.ids != strict.ids || lenient.velocities != strict.velocities {
            fatalError("strict read succeeded with \(strict.ids.count) traces; lenient read differs: \(lenient)")
        }
    }
    let big = read(path, lenient: true, bufferSize: 4 << 20)
    if big != lenient { fatalError("1 KiB buffer and 4 MiB buffer disagree: \(lenient) vs \(big)") }
    let parts = readInParts(path, lenient: true)
    if parts != lenient { fatalError("3 byte ranges and one serial read disagree: \(parts) vs \(lenient)") }
    if readInParts(path, lenient: false).failed != strict.failed { fatalError("3 byte ranges and one serial read disagree in strict mode") }
    return 0
}
