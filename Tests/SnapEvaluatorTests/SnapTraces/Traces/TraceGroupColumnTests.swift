import Foundation
import SnapStrategies
import Testing
@testable import SnapTraces

/// The group column (``TraceReadOptions/groupBy``): read only when asked, one value per trace,
/// an unknown name an error naming the header.
@Suite struct TraceGroupColumnTests {
    static let text = """
        trace_id,t_ms,offset,user_id,intended_index,screen
        a,0,0,u1,1,home
        a,16,40,u1,1,home
        b,0,0,u2,2,pix
        b,16,60,u2,2,
        c,0,0,u2,0,home
        c,16,10,u2,0,home

        """

    /// Each trace's group, in file order (and the summary's group column).
    static func groups(_ text: String, _ groupBy: TraceReadOptions.GroupColumn?) throws -> (groups: [String?], column: String?, unknown: [String]) {
        let path = try TestFiles.write(text)
        var options = withLayout
        options.groupBy = groupBy
        let reader = try TraceReader(path: path, options: options)
        var out: [String?] = []
        let summary = try reader.forEach { out.append($0.release.group) }
        return (out, summary.groupColumn, summary.unknownColumns)
    }

    @Test("not asked: the column stays unknown and no trace has a group")
    func notAskedNotRead() throws {
        let r = try Self.groups(Self.text, nil)
        #expect(r.groups == [nil, nil, nil] && r.column == nil && r.unknown == ["screen"])
    }

    @Test("named or found automatically: each trace's value (on its first row or every row), no longer an unknown column")
    func namedAndAutomatic() throws {
        for groupBy: TraceReadOptions.GroupColumn in [.named("screen"), .automatic] {
            let r = try Self.groups(Self.text, groupBy)
            #expect(r.groups == ["home", "pix", "home"] && r.column == "screen" && r.unknown.isEmpty)
        }
        let kinds = Self.text.replacingOccurrences(of: "screen", with: "session_kind")
        #expect(try Self.groups(kinds, .automatic).groups == ["home", "pix", "home"])
        // automatic without such a column: nothing
        let none = Self.text.replacingOccurrences(of: "screen", with: "page")
        #expect(try Self.groups(none, .automatic).groups == [nil, nil, nil])
    }

    @Test("a known per-trace column can group too (user_id)")
    func knownColumn() throws {
        #expect(try Self.groups(Self.text, .named("user_id")).groups == ["u1", "u2", "u2"])
    }

    @Test("an unknown name is an error naming --group-by and the header; a sample column is refused")
    func unknownName() throws {
        let path = try TestFiles.write(Self.text)
        var options = withLayout
        options.groupBy = .named("task")
        let error = try #require(throws: TraceParseError.self) { _ = try TraceReader(path: path, options: options) }
        #expect(error.line == 1 && error.columnName == "task")
        #expect(error.description.contains("--group-by") && error.description.contains("trace_id, t_ms, offset, user_id, intended_index, screen"))
        options.groupBy = .named("t_ms")
        let sample = try #require(throws: TraceParseError.self) { _ = try TraceReader(path: path, options: options) }
        #expect(sample.description.contains("one value per trace"))
    }

    @Test("values that disagree within a trace name the group column; a trace without a value is an error (skipped when lenient)")
    func disagreementAndMissing() throws {
        let bad = Self.text.replacingOccurrences(of: "c,16,10,u2,0,home", with: "c,16,10,u2,0,pix")
        let path = try TestFiles.write(bad)
        var options = withLayout
        options.groupBy = .named("screen")
        let error = try #require(throws: TraceParseError.self) { _ = try TraceReader(path: path, options: options).forEach { _ in } }
        #expect(error.columnName == "screen" && error.line == 7)
        let missing = Self.text.replacingOccurrences(of: "c,0,0,u2,0,home\nc,16,10,u2,0,home", with: "c,0,0,u2,0,\nc,16,10,u2,0,")
        let path2 = try TestFiles.write(missing, name: "missing.csv")
        let absent = try #require(throws: TraceParseError.self) { _ = try TraceReader(path: path2, options: options).forEach { _ in } }
        #expect(absent.columnName == "screen" && absent.line == 6)
        options.lenient = true
        var kept: [String?] = []
        let summary = try TraceReader(path: path2, options: options).forEach { kept.append($0.release.group) }
        #expect(kept == ["home", "pix"] && summary.skipped.count == 1)
    }
}
