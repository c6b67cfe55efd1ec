// libFuzzer entry point for layout files (`--layout FILE`): LayoutFields.read (InputFile, nesting
// limit, JSON, per-key checks). Built by `Scripts/fuzz --target layout`.
//
// Invariants: no trap or sanitizer report; an error names the file and stays short; a layout
// that is read and complete gives a carousel in which every catalogue policy decides an item
// inside it, for releases at its ends and beyond.
#if canImport(Glibc)
import Glibc
#endif
import SnapLabSupport
import SnapTraces
import SnapStrategies

private let policies = PolicyCatalog.all

@_cdecl("LLVMFuzzerTestOneInput")
public func layoutFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let path = fuzzFile(data, size, suffix: "json") else { return 0 }
    let fields: LayoutFields
    do {
        fields = try LayoutFields.read(layoutFile: path)
    } catch {
        let message = "\(error)"
        if !message.contains(path) { fatalError("the error does not name the file: \(message)") }
        checkMessage(message, input: size)
        return 0
    }
    guard let layout = try? fields.layout() else { return 0 }
    for offset in [-layout.viewportWidth, 0, layout.maxOffset / 2, layout.maxOffset, layout.maxOffset + layout.viewportWidth] {
        for velocity in [-3.0, 0, 0.4, 3] {
            let release = Release(offset: offset, velocity: velocity)
            for p in policies {
                let d = p.decide(release, in: layout)
                if !(d.targetIndex >= 0 && d.targetIndex < layout.itemCount) {
                    fatalError("\(p.id): target \(d.targetIndex) outside 0..<\(layout.itemCount) in \(layout)")
                }
            }
        }
    }
    return 0
}
