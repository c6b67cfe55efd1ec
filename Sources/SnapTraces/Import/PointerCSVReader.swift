/// Reads a delimited pointer log (`--from pointer-csv`) into ``PointerEvent``s.
///
/// One event per row; the columns come from ``PointerColumns``; the delimiter is given or
/// detected from the first line (`,` `;` tab); the first line is a header unless `hasHeader`
/// is false. Times and positions must be plain finite decimals; a phase must be a code the
/// ``PhaseMap`` knows. Every error names the file, line and column.
public struct PointerCSVReader: Sendable {
    public var columns: PointerColumns
    public var delimiter: Character?
    public var hasHeader: Bool
    public var phases: PhaseMap
    /// Pixels per point by device name (`--device-scales`), for a `device` column.
    public var deviceScales: [String: Double]

    public init(columns: PointerColumns, delimiter: Character? = nil, hasHeader: Bool = true, phases: PhaseMap = .standard,
                deviceScales: [String: Double] = [:]) {
        self.columns = columns
        self.delimiter = delimiter
        self.hasHeader = hasHeader
        self.phases = phases
        self.deviceScales = deviceScales
    }

    public func events(file: String, text: String) throws(PointerImportError) -> [PointerEvent] {
        let lines = PointerLogText.lines(text)
        guard let first = lines.first else { return [] }
        let delim = delimiter ?? DelimitedLine.detectDelimiter(first.text)
        var body = lines[...]
        var header: [DelimitedLine.Field]? = nil
        if hasHeader {
            header = try DelimitedLine.split(first.text, delimiter: delim, file: file, lineNumber: first.number)
            body = lines.dropFirst()
        }
        let index = try columns.resolve(header: header, file: file)
        // the keys' field indices, looked up once (not per line)
        let iStroke = index["stroke"], iT = index["t"], iX = index["x"], iY = index["y"], iPhase = index["phase"]
        let iPointer = index["pointer"], iUser = index["user"], iSession = index["session"], iTrial = index["trial"]
        let iLabel = index["label"], iStart = index["start_offset"], iScale = index["scale"], iDevice = index["device"]
        let iLayout = index["layout"], iSettled = index["settled_index"], iTap = index["tap_index"]
        if iDevice != nil && deviceScales.isEmpty && iScale == nil {
            throw PointerImportError(file: file, line: 1, column: 0,
                                     "found a device column and no --device-scales, expected --device-scales FILE (device name → pixels per point)")
        }
        var events: [PointerEvent] = []
        events.reserveCapacity(body.count)
        for (lineNumber, lineText) in body {
            let fields = try DelimitedLine.split(lineText, delimiter: delim, file: file, lineNumber: lineNumber)
            func field(_ i: Int?, _ key: String) throws(PointerImportError) -> DelimitedLine.Field? {
                guard let i else { return nil }
                guard i < fields.count else {
                    throw PointerImportError(file: file, line: lineNumber, column: (fields.last?.column ?? 1),
                                             "found \(fields.count) fields, expected at least \(i + 1) (column \(columns.references[key] ?? "") for \(key))")
                }
                return fields[i]
            }
            func decimal(_ i: Int?, _ key: String) throws(PointerImportError) -> Double? {
                guard let f = try field(i, key) else { return nil }
                guard let v = DelimitedLine.number(f.text) else {
                    throw PointerImportError(file: file, line: lineNumber, column: f.column,
                                             "found \(InputFile.quote(f.text)) in \(key), expected a finite plain decimal number")
                }
                return v
            }
            func string(_ i: Int?, _ key: String) throws(PointerImportError) -> String? {
                guard let f = try field(i, key), !f.text.isEmpty else { return nil }
                return f.text
            }
            var phase: PointerPhase? = nil
            if let f = try field(iPhase, "phase") {
                guard let p = phases.phase(of: f.text) else {
                    throw PointerImportError(file: file, line: lineNumber, column: f.column,
                                             "found phase \(InputFile.quote(f.text)), expected one of \(phases.knownCodes.joined(separator: ", ")) (or give --phase-map)")
                }
                phase = p
            }
            guard let t = try decimal(iT, "t"), let x = try decimal(iX, "x") else { continue }
            var startOffset: Double? = nil
            if let f = try field(iStart, "start_offset"), !f.text.isEmpty {
                startOffset = try decimal(iStart, "start_offset")
            }
            var event = PointerEvent(stroke: try string(iStroke, "stroke"), time: t, x: x, y: try decimal(iY, "y"), phase: phase,
                                     pointer: try string(iPointer, "pointer"), user: try string(iUser, "user"),
                                     session: try string(iSession, "session"), trial: try string(iTrial, "trial"),
                                     label: try string(iLabel, "label"), startOffset: startOffset, line: lineNumber)
            event.device = try string(iDevice, "device")
            if let f = try field(iScale, "scale"), !f.text.isEmpty {
                guard let s = DelimitedLine.number(f.text), s > 0 else {
                    throw PointerImportError(file: file, line: lineNumber, column: f.column,
                                             "found \(InputFile.quote(f.text)) in scale, expected a positive number of pixels per point")
                }
                event.rowScale = s
            } else if let device = event.device {
                guard let s = deviceScales[device] else {
                    let f = try field(iDevice, "device")
                    throw PointerImportError(file: file, line: lineNumber, column: f?.column ?? 0,
                                             "found device \(InputFile.quote(device)), expected one of --device-scales: \(deviceScales.keys.sorted().joined(separator: ", "))")
                }
                event.rowScale = s
            }
            event.layoutName = try string(iLayout, "layout")
            event.settled = try string(iSettled, "settled_index")
            event.tap = try string(iTap, "tap_index")
            events.append(event)
        }
        return events
    }
}
