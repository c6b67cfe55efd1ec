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
        var events: [PointerEvent] = []
        events.reserveCapacity(body.count)
        for (lineNumber, lineText) in body {
            let fields = try DelimitedLine.split(lineText, delimiter: delim, file: file, lineNumber: lineNumber)
            func field(_ key: String) throws(PointerImportError) -> DelimitedLine.Field? {
                guard let i = index[key] else { return nil }
                guard i < fields.count else {
                    throw PointerImportError(file: file, line: lineNumber, column: (fields.last?.column ?? 1),
                                             "found \(fields.count) fields, expected at least \(i + 1) (column \(columns.references[key] ?? "") for \(key))")
                }
                return fields[i]
            }
            func decimal(_ key: String) throws(PointerImportError) -> Double? {
                guard let f = try field(key) else { return nil }
                guard let v = DelimitedLine.number(f.text) else {
                    throw PointerImportError(file: file, line: lineNumber, column: f.column,
                                             "found \"\(f.text)\" in \(key), expected a finite plain decimal number")
                }
                return v
            }
            func string(_ key: String) throws(PointerImportError) -> String? {
                guard let f = try field(key), !f.text.isEmpty else { return nil }
                return f.text
            }
            var phase: PointerPhase? = nil
            if let f = try field("phase") {
                guard let p = phases.phase(of: f.text) else {
                    throw PointerImportError(file: file, line: lineNumber, column: f.column,
                                             "found phase \"\(f.text)\", expected one of \(phases.knownCodes.joined(separator: ", ")) (or give --phase-map)")
                }
                phase = p
            }
            guard let t = try decimal("t"), let x = try decimal("x") else { continue }
            var startOffset: Double? = nil
            if let f = try field("start_offset"), !f.text.isEmpty {
                startOffset = try decimal("start_offset")
            }
            events.append(PointerEvent(stroke: try string("stroke"), time: t, x: x, y: try decimal("y"), phase: phase,
                                       pointer: try string("pointer"), user: try string("user"), session: try string("session"),
                                       trial: try string("trial"), label: try string("label"), startOffset: startOffset,
                                       line: lineNumber))
        }
        return events
    }
}
