// libFuzzer entry point for `snaplab import` (pointer CSV or JSON lines, chosen by the build:
// -D FUZZ_JSONL for JSON lines). Built by `Scripts/fuzz --target pointer-csv|pointer-jsonl`.
//
// Invariants (a violation traps, which libFuzzer reports as a crash):
// - no trap, no sanitizer report, memory within -rss_limit_mb, whatever the bytes;
// - the same bytes give the same result twice (traces and text, or the same error);
// - an error names the file and quotes at most ~80 bytes of the input (``checkMessage``);
// - what import writes is a trace file the reader takes in strict mode (generated output is
//   never a value the reader refuses), with as many traces as import reported.
#if canImport(Glibc)
import Glibc
#endif
import SnapLabSupport
import SnapTraces
import SnapStrategies

private let layout = try! CarouselLayout(itemWidth: 100, spacing: 0, viewportWidth: 100, itemCount: 10)

private func run(_ path: String) -> (text: String?, traces: Int, error: String?) {
    var options = PointerImportOptions(layout: layout)
    options.scale = .pixelsPerPoint(1)
    #if FUZZ_JSONL
    let job = PointerImport(format: .pointerJSONL, csv: nil, options: options)
    #else
    let columns = try! PointerColumns(parsing: "stroke=stroke,t=t,x=x,y=y,phase=phase,start_offset=start_offset")
    let job = PointerImport(format: .pointerCSV, csv: PointerCSVReader(columns: columns), options: options)
    #endif
    do {
        let result = try job.run(files: [path])
        return (result.text, result.traces.count, nil)
    } catch {
        return (nil, 0, error.description)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func pointerImportFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    #if FUZZ_JSONL
    let suffix = "jsonl"
    #else
    let suffix = "csv"
    #endif
    guard let path = fuzzFile(data, size, suffix: suffix) else { return 0 }
    let first = run(path)
    let again = run(path)
    if first.text != again.text || first.error != again.error { fatalError("two imports of the same bytes differ") }
    if let error = first.error {
        if !error.contains(path) { fatalError("the error does not name the file: \(error)") }
        checkMessage(error, input: size)
        return 0
    }
    guard let text = first.text else { return 0 }
    if first.traces > 0, let refused = strictRead(scratchOutput(text), layout: layout) {
        fatalError("import wrote a file the reader refuses: \(refused)")
    }
    return 0
}
