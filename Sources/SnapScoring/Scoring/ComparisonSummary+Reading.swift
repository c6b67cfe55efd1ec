import Foundation
import SnapStrategies
import SnapLabSupport
import SnapTraces

/// A summary file that cannot be read or merged: names the file (and line, and key), what was
/// found and what was expected. `snaplab merge` exits 65 with it.
public struct SummaryError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension ComparisonSummary {
    /// Reads a summary written by ``jsonLines()``.
    /// - Parameter path: the file's name, for errors.
    /// - Throws: ``SummaryError`` naming `path`, the line and the key: not a summary, another
    ///   version, a malformed or missing record, a truncated file.
    public static func parse(_ text: String, path: String) throws(SummaryError) -> ComparisonSummary {
        var reader = Reader(path: path, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        return try reader.summary()
    }

    /// Sums `summaries` (in the order given: files, user first appearances and check examples
    /// follow it) into one.
    /// - Throws: ``SummaryError`` when their settings differ (naming both files and the setting).
    public static func merged(_ summaries: [(path: String, summary: ComparisonSummary)]) throws(SummaryError) -> ComparisonSummary {
        guard let first = summaries.first else { throw SummaryError("merge needs at least one summary file") }
        var users = TraceUsers()
        var totals = ScoreAccumulator(policies: first.summary.totals.policies)
        var checks = DataChecks()
        var files: [FileEntry] = []
        for (path, s) in summaries {
            if let difference = Self.difference(first.summary.settings, s.settings) {
                throw SummaryError("\(path) and \(first.path) were made with different \(difference.name) "
                                   + "(\(difference.theirs) against \(difference.ours)); summaries merge only when policies, "
                                   + "parameters, --hit, --velocity, --frames, --bootstrap and --seed are the same")
            }
            var table = TraceUsers()
            for name in s.userNames { _ = table.intern(name) }
            let remap = users.intern(contentsOf: table)
            totals.merge(s.totals, userRemap: remap)
            checks.merge(s.checks)
            files += s.files
        }
        return ComparisonSummary(settings: first.summary.settings, files: files, userNames: users.names, totals: totals, checks: checks)
    }

    /// The first setting in which `b` differs from `a`: its name and both values.
    static func difference(_ a: Settings, _ b: Settings) -> (name: String, ours: String, theirs: String)? {
        func ids(_ s: Settings) -> String { s.policies.map(\.id).joined(separator: ",") }
        if a.policies.map(\.id) != b.policies.map(\.id) { return ("policies", ids(a), ids(b)) }
        for (x, y) in zip(a.policies, b.policies) where x != y {
            return ("parameters of \(x.id)", x.parameters.map { "\($0)" }.joined(separator: ","),
                    y.parameters.map { "\($0)" }.joined(separator: ","))
        }
        if a.hit != b.hit { return ("--hit", a.hit.rawValue, b.hit.rawValue) }
        if a.velocity != b.velocity { return ("--velocity", a.velocity.rawValue, b.velocity.rawValue) }
        if a.framesRebuilt != b.framesRebuilt {
            func frames(_ s: Settings) -> String { s.framesRebuilt ? "frames rebuilt" : "frames as logged" }
            return ("--frames", frames(a), frames(b))
        }
        if a.resamples != b.resamples { return ("--bootstrap", "\(a.resamples)", "\(b.resamples)") }
        if a.seed != b.seed { return ("--seed", "\(a.seed)", "\(b.seed)") }
        return nil
    }
}

/// Reads a summary's lines in order, checking each record's kind and keys.
private struct Reader {
    let path: String
    let lines: [String]
    var next = 0

    init(path: String, lines: [String]) {
        self.path = path
        self.lines = lines
    }

    func fail(_ line: Int, _ what: String) -> SummaryError {
        SummaryError("\(path):\(line + 1): \(what)")
    }

    /// The next record, which must be of `kind`.
    mutating func record(_ kind: String) throws(SummaryError) -> Fields {
        guard next < lines.count, !lines[next].isEmpty else {
            throw fail(next, "expected a '\(kind)' record, found the end of the file (truncated summary?)")
        }
        let n = next
        next += 1
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(lines[n].utf8)) } catch {
            throw fail(n, "expected a JSON object (a '\(kind)' record), found malformed JSON")
        }
        guard let dict = object as? [String: Any] else { throw fail(n, "expected a JSON object, found another JSON value") }
        let found = dict["record"] as? String ?? "no record key"
        guard found == kind else { throw fail(n, "expected a '\(kind)' record, found '\(found)'") }
        return Fields(dict: dict, line: n, reader: self)
    }

    mutating func summary() throws(SummaryError) -> ComparisonSummary {
        guard let firstLine = lines.first, !firstLine.isEmpty else { throw fail(0, "expected a \(ComparisonSummary.formatName) header, found an empty file") }
        let header = try record("header")
        guard (header.dict["format"] as? String) == ComparisonSummary.formatName else {
            throw fail(0, "expected format '\(ComparisonSummary.formatName)', found \(header.dict["format"].map { "'\($0)'" } ?? "none") (not a compare summary?)")
        }
        let version = try header.int("version")
        guard version == ComparisonSummary.version else {
            throw fail(0, "summary version \(version); this snaplab reads version \(ComparisonSummary.version) (write it again with this snaplab's compare --emit-summary)")
        }
        let policies = try header.array("policies").enumerated().map { (k, item) throws(SummaryError) -> any SnapPolicy in
            guard let o = item as? [String: Any], let id = o["id"] as? String, let values = o["parameters"] as? [Any] else {
                throw fail(0, "key 'policies' item \(k): expected {\"id\", \"parameters\"}")
            }
            var policy: any SnapPolicy
            do { policy = try PolicyCatalog.policy(id: id) } catch {
                throw fail(0, "key 'policies': unknown policy '\(id)' (made by another snaplab version?)")
            }
            let numbers = try values.map { (v: Any) throws(SummaryError) -> Double in
                guard let s = v as? String, let x = Double(s) else { throw fail(0, "key 'policies': parameters of \(id) must be numbers as text") }
                return x
            }
            do throws(ParameterError) { try policy.setParameterValues(numbers) } catch {
                throw fail(0, "key 'policies': parameters of \(id): \(error.description)")
            }
            return policy
        }
        guard let hit = HitCriterion(rawValue: try header.string("hit")) else { throw fail(0, "key 'hit': expected exact or revealed") }
        guard let velocity = VelocityMethod(rawValue: try header.string("velocity")) else {
            throw fail(0, "key 'velocity': expected one of \(VelocityMethod.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let seed = UInt64(try header.string("seed")) else { throw fail(0, "key 'seed': expected a whole number as text") }
        var framesRebuilt = false
        if header.dict["frames"] != nil {
            guard try header.string("frames") == ComparisonSummary.framesRebuilt else {
                throw fail(0, "key 'frames': expected \"\(ComparisonSummary.framesRebuilt)\" (or no key: the rows as logged)")
            }
            framesRebuilt = true
        }
        let settings = ComparisonSummary.Settings(policies: policies, hit: hit, velocity: velocity, framesRebuilt: framesRebuilt,
                                                  resamples: try header.int("bootstrap"), seed: seed)
        var totals = ScoreAccumulator(policies: policies)
        totals.labelled = try header.int("labelled")
        totals.unlabelled = try header.int("unlabelled")
        let p = policies.count

        var files: [ComparisonSummary.FileEntry] = []
        for _ in 0..<(try header.int("files")) {
            let f = try record("file")
            guard let kind = TraceFileKind(rawValue: try f.string("kind")) else { throw f.fail("kind", "expected sample-level or release-level") }
            files.append(.init(path: try f.string("path"), kind: kind, unknownColumns: try f.strings("unknown_columns"),
                               tracesRead: try f.int("traces_read"), tracesYielded: try f.int("traces_yielded"),
                               tracesCancelled: try f.int("traces_cancelled"), rows: try f.int("rows"), skipped: try f.strings("skipped")))
        }
        typealias C = ScoreAccumulator.Counter
        for k in 0..<p {
            let r = try record("policy")
            let index = try r.int("index"), id = try r.string("id")
            guard index == k, id == policies[k].id else {
                throw r.fail("id", "expected policy \(k), \(policies[k].id), as in the header")
            }
            let row = k * C.stride
            for (key, c) in [("hits", C.hits), ("overshoots", C.overshoots), ("undershoots", C.undershoots),
                             ("intended_changes", C.intendedChanges), ("missed_changes", C.missedChanges),
                             ("intended_stays", C.intendedStays), ("false_changes", C.falseChanges)] {
                totals.counters[row + c] = try r.int(key)
            }
            totals.absoluteErrors[k] = try r.double("absolute_error")
            totals.corrections[k] = try r.double("snap_correction")
            totals.cellSums[k] = try r.double("cells_reconfigured")
            for (value, traces) in try r.pairs("signed_errors") {
                if let bin = ScoreAccumulator.Histogram.bin(value) { totals.counters[row + C.errorBins + bin] += traces } else {
                    totals.errorOverflow[k][value, default: 0] += traces
                }
            }
            for (value, traces) in try r.pairs("unlabelled_pages_moved") {
                if let bin = ScoreAccumulator.Histogram.bin(value) { totals.counters[row + C.pagesBins + bin] += traces } else {
                    totals.pagesOverflow[k][value, default: 0] += traces
                }
            }
        }
        let agreements = try record("agreements").ints("counts")
        guard agreements.count == p * p else { throw fail(next - 1, "key 'counts': expected \(p * p) agreement counts, found \(agreements.count)") }
        totals.agreements = agreements
        for _ in 0..<(try header.int("patterns")) {
            let r = try record("pattern")
            var words = [UInt64](repeating: 0, count: totals.wordsPerTrace)
            for k in try r.ints("hits") {
                guard k >= 0 && k < p else { throw r.fail("hits", "policy index \(k) outside 0..<\(p)") }
                words[k / 64] |= 1 << UInt64(k % 64)
            }
            totals.patternTable.add(words, traces: try r.int("traces"))
        }
        var names: [String] = []
        let users = try header.int("users")
        names.reserveCapacity(users)
        for u in 0..<users {
            let r = try record("user")
            names.append(try r.string("name"))
            let traces = try r.int("traces"), hits = try r.ints("hits")
            guard hits.count == p, hits.allSatisfy({ $0 >= 0 && $0 <= traces }) else {
                throw r.fail("hits", "expected \(p) hit counts between 0 and the user's \(traces) traces")
            }
            guard traces > 0 else { continue }
            totals.addUsers(upTo: u)
            totals.userCounts[u] = Double(traces)
            for k in 0..<p { totals.userHitCounts.add(UInt32(hits[k]), at: u * p + k) }
        }
        if Set(names).count != names.count { throw fail(0, "key 'users': a user is listed twice") }
        for _ in 0..<(try header.int("groups")) {
            let r = try record("group")
            let f = totals.fileIndex(try r.string("file"))
            let hits = try r.ints("hits")
            guard hits.count == p else { throw r.fail("hits", "expected \(p) hit counts") }
            totals.fileCounts[f] += Double(try r.int("traces"))
            for k in 0..<p { totals.fileHitCounts[f * p + k] += Double(hits[k]) }
        }
        let checks = try record("checks").checks()
        _ = try record("end")
        if next < lines.count && !(next == lines.count - 1 && lines[next].isEmpty) {
            throw fail(next, "expected the end of the file after the 'end' record, found more lines")
        }
        return ComparisonSummary(settings: settings, files: files, userNames: names, totals: totals, checks: checks)
    }
}

/// One record's keys, read with their expected types.
private struct Fields {
    let dict: [String: Any]
    let line: Int
    let reader: Reader

    func fail(_ key: String, _ what: String) -> SummaryError { reader.fail(line, "key '\(key)': \(what)") }

    func value(_ key: String) throws(SummaryError) -> Any {
        guard let v = dict[key] else { throw fail(key, "missing") }
        return v
    }
    func int(_ key: String) throws(SummaryError) -> Int {
        let v = try value(key)
        guard !LayoutFields.isBoolean(v), let n = v as? NSNumber, let i = Int(exactly: n.doubleValue) else {
            throw fail(key, "expected a whole number")
        }
        return i
    }
    func string(_ key: String) throws(SummaryError) -> String {
        guard let s = try value(key) as? String else { throw fail(key, "expected text") }
        return s
    }
    func double(_ key: String) throws(SummaryError) -> Double {
        guard let x = Double(try string(key)) else { throw fail(key, "expected a number as text") }
        return x
    }
    func array(_ key: String) throws(SummaryError) -> [Any] {
        guard let a = try value(key) as? [Any] else { throw fail(key, "expected an array") }
        return a
    }
    func strings(_ key: String) throws(SummaryError) -> [String] {
        guard let a = try array(key) as? [String] else { throw fail(key, "expected an array of text") }
        return a
    }
    func ints(_ key: String) throws(SummaryError) -> [Int] {
        try array(key).map { (v: Any) throws(SummaryError) -> Int in
            guard let n = v as? NSNumber, let i = Int(exactly: n.doubleValue) else { throw fail(key, "expected whole numbers") }
            return i
        }
    }
    func pairs(_ key: String) throws(SummaryError) -> [(Int, Int)] {
        try array(key).map { (v: Any) throws(SummaryError) -> (Int, Int) in
            guard let a = v as? [NSNumber], a.count == 2, let x = Int(exactly: a[0].doubleValue), let n = Int(exactly: a[1].doubleValue) else {
                throw fail(key, "expected [value, traces] pairs of whole numbers")
            }
            return (x, n)
        }
    }
    func object(_ key: String) throws(SummaryError) -> Fields {
        guard let o = try value(key) as? [String: Any] else { throw fail(key, "expected an object") }
        return Fields(dict: o, line: line, reader: reader)
    }
    func bool(_ key: String) throws(SummaryError) -> Bool {
        guard let b = try value(key) as? Bool else { throw fail(key, "expected true or false") }
        return b
    }

    /// The `checks` record as ``DataChecks``.
    func checks() throws(SummaryError) -> DataChecks {
        var c = DataChecks(checksLayout: try bool("checks_layout"))
        c.traces = try int("traces")
        c.labelled = try int("labelled")
        // absent from summaries written before the run header named the criteria used: not known
        // (a trace's own hit column wins over --hit, and such summaries did not count them)
        if dict["revealed_labelled"] != nil { c.revealedLabelled = try int("revealed_labelled") } else { c.criteriaCounted = false }
        c.sampleLevel = try int("sample_level")
        c.recordedVelocities = try int("recorded_velocities")
        c.firstLabel = dict["first_label"] is NSNull ? nil : try int("first_label")
        c.labelsVary = try bool("labels_vary")
        func finding(_ key: String) throws(SummaryError) -> DataChecks.Finding {
            let o = try object(key)
            var f = DataChecks.Finding()
            f.count = try o.int("count")
            f.examples = try o.array("examples").map { (e: Any) throws(SummaryError) -> TraceLocation in
                guard let a = e as? [Any], a.count == 2, let file = a[0] as? String, let n = a[1] as? NSNumber else {
                    throw fail(key, "expected examples as [file, line]")
                }
                return TraceLocation(file: file, line: n.intValue)
            }
            return f
        }
        c.outside = try finding("outside_content")
        c.unreachable = try finding("unreachable_intended")
        // absent from summaries written before the warning said the criteria used: known only when
        // every labelled trace was scored under one criterion, else not known
        if dict["unreachable_revealed"] != nil {
            c.unreachableRevealed = try int("unreachable_revealed")
        } else if c.criteriaCounted && c.revealedLabelled == c.labelled {
            c.unreachableRevealed = c.unreachable.count
        } else if c.revealedLabelled > 0 {
            c.unreachableCriteriaCounted = false
        }
        c.zeroVelocity = try finding("zero_velocity")
        c.frameLogged = try finding("frame_logged")
        c.clamped = try finding("fling_clamp")
        c.frameLoggedDelays = try strings("frame_logged_delays").map { (s: String) throws(SummaryError) -> Double in
            guard let x = Double(s) else { throw fail("frame_logged_delays", "expected numbers as text") }
            return x
        }
        var byFile = c.layoutsByFile
        for item in try array("layouts") {
            guard let o = item as? [String: Any], let file = o["file"] as? String, let l = o["layout"] as? [Any], l.count == 8,
                  let traces = o["traces"] as? NSNumber, let layout = Self.layout(l) else {
                throw fail("layouts", "expected {\"file\", \"layout\": [8 fields], \"traces\"}")
            }
            byFile[file, default: [:]][layout, default: 0] += traces.intValue
        }
        c.layoutsByFile = byFile
        return c
    }

    private static func layout(_ a: [Any]) -> CarouselLayout? {
        func d(_ i: Int) -> Double? { (a[i] as? String).flatMap(Double.init) }
        guard let w = d(0), let s = d(1), let li = d(2), let ti = d(3), let vw = d(4),
              let n = (a[5] as? NSNumber)?.intValue, let al = (a[6] as? String).flatMap(SnapAlignment.init(rawValue:)),
              let loop = a[7] as? Bool else { return nil }
        return try? CarouselLayout(itemWidth: w, spacing: s, leadingInset: li, trailingInset: ti, viewportWidth: vw,
                                   itemCount: n, alignment: al, isLooping: loop)
    }
}
