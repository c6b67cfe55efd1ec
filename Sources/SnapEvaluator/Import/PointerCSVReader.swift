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

    public init(columns: PointerColumns, delimiter: Character? = nil, hasHeader: Bool = true, phases: PhaseMap = .standard) {
        self.columns = columns
        self.delimiter = delimiter
        self.hasHeader = hasHeader
        self.phases = phases
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
        let iLabel = index["label"], iStart = index["start_offset"]
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
                                             "found \"\(f.text)\" in \(key), expected a finite plain decimal number")
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
                                             "found phase \"\(f.text)\", expected one of \(phases.knownCodes.joined(separator: ", ")) (or give --phase-map)")
                }
                phase = p
            }
            guard let t = try decimal(iT, "t"), let x = try decimal(iX, "x") else { continue }
            var startOffset: Double? = nil
            if let f = try field(iStart, "start_offset"), !f.text.isEmpty {
                startOffset = try decimal(iStart, "start_offset")
            }
            events.append(PointerEvent(stroke: try string(iStroke, "stroke"), time: t, x: x, y: try decimal(iY, "y"), phase: phase,
                                       pointer: try string(iPointer, "pointer"), user: try string(iUser, "user"),
                                       session: try string(iSession, "session"), trial: try string(iTrial, "trial"),
                                       label: try string(iLabel, "label"), startOffset: startOffset, line: lineNumber))
        }
        return events
    }
}
