// Shared by the fuzz targets of issue 35 (built only by Scripts/fuzz, with one target file):
// each input is written over one file in /dev/shm (tmpfs, no disk I/O) and read back through the
// public, path-based API, so the input layer (InputFile: limits, nesting, compression) is fuzzed
// too.
#if canImport(Glibc)
import Glibc
#endif
import SnapLabSupport
import SnapTraces
import SnapStrategies

nonisolated(unsafe) private var fuzzFD: Int32 = -1

/// Writes `data` over the target's scratch file and returns its path (nil if that failed).
func fuzzFile(_ data: UnsafePointer<UInt8>?, _ size: Int, suffix: String) -> String? {
    let path = "/dev/shm/snaplab-fuzz-\(getpid()).\(suffix)"
    if fuzzFD < 0 { fuzzFD = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600) }
    guard fuzzFD >= 0, ftruncate(fuzzFD, 0) == 0 else { return nil }
    if size > 0, let data { guard pwrite(fuzzFD, data, size, 0) == size else { return nil } }
    return path
}

/// Reads a trace file strictly: nil when the reader refuses it (with the reason).
func strictRead(_ path: String, layout: CarouselLayout?) -> String? {
    let base = layout.map { LayoutFields($0) } ?? LayoutFields()
    do {
        let reader = try TraceReader(path: path, options: TraceReadOptions(velocity: .lsq2, baseLayout: base))
        _ = try reader.forEach { _ in }
        return nil
    } catch {
        return "\(error)"
    }
}

/// Writes `text` to a second scratch file (what a command would write) and returns its path.
func scratchOutput(_ text: String) -> String {
    let path = "/dev/shm/snaplab-fuzz-\(getpid())-out.csv"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let bytes = Array(text.utf8)
    if fd >= 0 {
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
    return path
}

/// An error message must quote at most ~80 bytes of what was found: a message far longer than
/// the paths and words around it repeats the input.
func checkMessage(_ message: String, input size: Int) {
    if message.utf8.count > 1200 && message.utf8.count > size / 2 {
        fatalError("a message of \(message.utf8.count) bytes for an input of \(size): \(message.prefix(300))…")
    }
}
