import Foundation
import SnapStrategies
import SnapTraces

/// The files `snaplab import` reads to convert logs of several devices and screens in one pass:
/// `--device-scales` (device name → pixels per point) and `--layout-map` (layout name → layout
/// fields). Every error names the file and the key.
enum ImportMaps {
    /// A JSON object of device name → positive number (pixels per point).
    static func scales(file: String) throws -> [String: Double] {
        var out: [String: Double] = [:]
        for (name, value) in try object(file) {
            guard !LayoutFields.isBoolean(value), let n = value as? NSNumber, n.doubleValue.isFinite, n.doubleValue > 0 else {
                throw PointerImportError(file: file, line: 1, column: 0, "found \(InputFile.bare("\(value)")) for device \(InputFile.quote(name)), expected a positive number of pixels per point")
            }
            out[name] = n.doubleValue
        }
        return out
    }

    /// A JSON object of layout name → an object of layout fields (``LayoutFields/parse(json:file:)``),
    /// each over `base` (the layout options and `--layout`); each must give a whole layout.
    static func layouts(file: String, over base: LayoutFields) throws -> [String: CarouselLayout] {
        var out: [String: CarouselLayout] = [:]
        for (name, value) in try object(file) {
            guard value is [String: Any] else {
                throw PointerImportError(file: file, line: 1, column: 0, "found a value that is not an object for layout \(InputFile.quote(name)), expected an object of layout fields")
            }
            let data = try JSONSerialization.data(withJSONObject: value)
            let fields = try LayoutFields.parse(json: data, file: "\(file) (layout \(InputFile.quote(name)))").merged(over: base)
            guard let layout = try fields.layout() else {
                throw PointerImportError(file: file, line: 1, column: 0,
                                         "layout \(InputFile.quote(name)) lacks \(fields.missingRequired.joined(separator: ", ")), expected them in the map or the layout options")
            }
            out[name] = layout
        }
        guard !out.isEmpty else { throw PointerImportError(file: file, line: 1, column: 0, "found no layouts, expected at least one name → layout fields") }
        return out
    }

    static func object(_ file: String) throws -> [String: Any] {
        let data: Data
        do { data = Data(try InputFile.readJSON(file)) } catch {
            throw PointerImportError(file: file, line: error.line, column: 0, error.reason)
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw PointerImportError(file: file, line: 1, column: 0, "found text that is not a JSON object, expected a JSON object")
        }
        return object
    }
}
