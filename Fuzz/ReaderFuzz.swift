// libFuzzer entry point for the CSV trace reader (built only by Scripts/fuzz; not part of the
// SwiftPM package). Each input is written over one file in /dev/shm (tmpfs, no disk I/O) and read
// through the reader's public, path-based API: strict and lenient, a small and the default buffer, and
// every policy in the catalog decides every yielded release.
//
// Invariants checked (a violation traps, which libFuzzer reports as a crash):
// - no trap, no sanitizer report, whatever the bytes;
// - a strict read that succeeds is matched by the lenient read: same traces, none skipped;
// - the 1 KiB buffer (inputs are up to 64 KiB: most are larger than it) gives what a 4 MiB one
//   gives, and a read in 3 byte ranges (parts of any size) what one serial read gives: the same
//   traces, the same skipped traces with the same errors in lenient mode, the same error in
//   strict mode (message, line, column name and number);
// - every policy decision on a yielded release names an item inside the layout.
#if canImport(Glibc)
import Glibc
#endif
import SnapTraces
import SnapStrategies

nonisolated(unsafe) private var memfd: Int32 = -1
private let path = "/dev/shm/snaplab-reader-fuzz-\(getpid()).csv"
private let policies = PolicyCatalog.all
private let baseLayout = LayoutFields(itemWidth: 160, spacing: 10, leadingInset: 10, viewportWidth: 375, itemCount: 40)

private struct Outcome: Equatable {
    var ids: [String] = []
    var velocities: [UInt64] = []
    /// The error of a failed read: its message and its column's number (strict mode).
    var error: String?
    /// The skipped traces (lenient mode), each with its error's message and column number.
    var skipped: [String] = []
    var failed: Bool { error != nil }
}

/// What an error says and where: `description` holds the file, line, column name and reason.
private func text(_ error: any Error) -> String {
    guard let e = error as? TraceParseError else { return "\(error)" }
    return "column \(e.location.column ?? 0): \(e)"
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
        out.skipped = summary.skipped.map { "\($0.location) \($0.traceID): \(text($0.error))" }
    } catch {
        out.error = text(error)
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
        out.skipped = result.summary.skipped.map { "\($0.location) \($0.traceID): \(text($0.error))" }
    } catch {
        out.error = text(error)
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
        if lenient.failed || !lenient.skipped.isEmpty || lenient.ids != strict.ids || lenient.velocities != strict.velocities {
            fatalError("strict read succeeded with \(strict.ids.count) traces; lenient read differs: \(lenient)")
        }
    }
    // the same traces, skipped traces and errors (message, line, column name and number) for any
    // buffer size and any split into byte ranges
    let big = read(path, lenient: true, bufferSize: 4 << 20)
    if big != lenient { fatalError("1 KiB buffer and 4 MiB buffer disagree: \(lenient) vs \(big)") }
    let bigStrict = read(path, lenient: false, bufferSize: 4 << 20)
    if bigStrict != strict { fatalError("1 KiB buffer and 4 MiB buffer disagree in strict mode: \(strict) vs \(bigStrict)") }
    let parts = readInParts(path, lenient: true)
    if parts != lenient { fatalError("3 byte ranges and one serial read disagree: \(parts) vs \(lenient)") }
    let partsStrict = readInParts(path, lenient: false)
    // (a failed parallel read yields nothing; a serial one the traces before its error)
    if partsStrict.error != strict.error || (!strict.failed && partsStrict != strict) { fatalError("3 byte ranges and one serial read disagree in strict mode: \(partsStrict) vs \(strict)") }
    return 0
}
