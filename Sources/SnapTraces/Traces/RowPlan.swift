/// Stage 3 of the reader: the row plan. The header's columns as roles, with what the row
/// decoders need of them: a role code per column, the per-trace columns present, and the fast
/// decoder's steps (one per column, except that consecutive trace id / per-trace columns make
/// one step, compared in one go with their bytes on an earlier row of the trace).
///
/// Owned by ``ReaderCore`` (not copyable: it owns its arrays, freed in `deinit`).
struct RowPlan: ~Copyable {
    /// The interpreted header (empty until ``configure(_:)``).
    var cols: TraceColumns?
    var ncols = 0
    var isSampleLevel = true
    var hasTouchX = false
    var hasPhase = false
    /// The trace id's column.
    var traceIDColumn = 0
    /// Per column: 1 trace id, 2 time, 3 offset/touch_x, 4 phase, ``perTraceRole`` + k per-trace
    /// field k, 0 other.
    let roleCode = UnsafeMutablePointer<Int>.allocate(capacity: 4096)
    /// Column and field of each per-trace column present (`ptCount` of them).
    let ptCol = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    let ptField = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    var ptCount = 0
    /// The fast decoder's steps: `stepCount` of them, each a column or a run of consecutive
    /// trace id / per-trace columns (`stepFirst...stepLast`).
    var stepKind = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    var stepFirst = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    var stepLast = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    var stepCount = 0
    /// Per step: for a run of trace id / per-trace columns, its bytes on the trace's last row
    /// that checked them column by column (an identical run needs no check).
    var stepBytes = UnsafeMutablePointer<ByteArena>.allocate(capacity: 1)
    /// Whether the plan is the usual one (``RowStep/usual``), which has its own unrolled code.
    var usualPlan = false
    /// The layout columns (`item_width` through `looping`) when those present are consecutive
    /// (`layoutFirst...layoutLast`), else -1: a trace's first row compares their cells in one go
    /// with those of the last first row that scanned them (``ReaderCore/fastFirstRow(_:_:)``).
    var layoutFirst = -1
    var layoutLast = -1
    /// That last first row's layout cells: their bytes (`layoutSpan`, commas included) and the
    /// per-trace values they give: its `spanStores` non-empty cells, each one's field, start in the
    /// span and length (what a first row whose layout cells are the span's stores, at the span's
    /// place in the row's copy); `layoutSpanGeneration` numbers the spans kept, so that a trace
    /// can name the one its layout columns came from (``TraceAssembler/layoutSpan``).
    var layoutSpan = ByteArena()
    var hasLayoutSpan = false
    var layoutSpanGeneration = 0
    let spanStoreField = UnsafeMutablePointer<Int>.allocate(capacity: ReleaseBuilder.layoutFieldCount)
    let spanStoreStart = UnsafeMutablePointer<Int>.allocate(capacity: ReleaseBuilder.layoutFieldCount)
    let spanStoreCount = UnsafeMutablePointer<Int>.allocate(capacity: ReleaseBuilder.layoutFieldCount)
    var spanStores = 0
    /// The entries of `ptCol` outside the layout columns (`ptOutsideSpanCount` of them): what
    /// such a first row stores from its own cells.
    let ptOutsideSpan = UnsafeMutablePointer<Int>.allocate(capacity: PerTraceField.count)
    var ptOutsideSpanCount = 0

    init() {}

    deinit {
        for i in 0..<stepCount { stepBytes[i].free() }
        stepBytes.deallocate()
        stepKind.deallocate(); stepFirst.deallocate(); stepLast.deallocate()
        roleCode.deallocate(); ptCol.deallocate(); ptField.deallocate()
        layoutSpan.free(); spanStoreField.deallocate(); spanStoreStart.deallocate(); spanStoreCount.deallocate()
        ptOutsideSpan.deallocate()
    }

    /// The `roleCode` of per-trace field 0: field k's column has role `perTraceRole + k`.
    static let perTraceRole = 10

    /// Kinds of the steps: a column that is not read, then as `roleCode`.
    enum RowStep {
        static let other = 0
        static let constant = 1   // a run of trace id / per-trace columns
        static let time = 2
        static let offset = 3
        static let phase = 4
        /// The plan of the files SnapLab writes and of the benchmark files: trace id and
        /// per-trace columns, `t_ms`, `offset` (or `touch_x`), `phase`, per-trace columns.
        static let usual = [constant, time, offset, phase, constant]
    }

    /// Plans the rows of a file with header `cols` (at most 4096 columns).
    mutating func configure(_ cols: TraceColumns) {
        self.cols = cols
        ncols = cols.names.count
        isSampleLevel = cols.kind == .sampleLevel
        hasTouchX = cols.touchX >= 0
        hasPhase = cols.phase >= 0
        traceIDColumn = cols.traceID
        ptCount = 0
        for (k, c) in cols.perTrace.enumerated() where c >= 0 {
            ptCol[ptCount] = c
            ptField[ptCount] = k
            ptCount += 1
        }
        for c in 0..<ncols {
            switch cols.roles[c] {
            case .traceID: roleCode[c] = 1
            case .time: roleCode[c] = 2
            case .offset, .touchX: roleCode[c] = 3
            case .phase: roleCode[c] = 4
            case let .perTrace(f): roleCode[c] = Self.perTraceRole + f.rawValue
            case .releaseOffset, .unknown: roleCode[c] = 0
            }
        }
        for i in 0..<stepCount { stepBytes[i].free() }
        stepKind.deallocate(); stepFirst.deallocate(); stepLast.deallocate(); stepBytes.deallocate()
        let capacity = Swift.max(ncols, 1)
        stepKind = .allocate(capacity: capacity)
        stepFirst = .allocate(capacity: capacity)
        stepLast = .allocate(capacity: capacity)
        stepBytes = .allocate(capacity: capacity)
        let roles = roleCode
        func isConstant(_ c: Int) -> Bool { roles[c] == 1 || roles[c] >= 10 }
        var n = 0
        var c = 0
        while c < ncols {
            stepFirst[n] = c
            if isConstant(c) {
                while c + 1 < ncols && isConstant(c + 1) { c += 1 }
                stepKind[n] = RowStep.constant
            } else {
                stepKind[n] = roleCode[c]
            }
            stepLast[n] = c
            (stepBytes + n).initialize(to: ByteArena())
            n += 1
            c += 1
        }
        stepCount = n
        usualPlan = n == RowStep.usual.count && (0..<n).allSatisfy { stepKind[$0] == RowStep.usual[$0] }
        let layoutRoles = (Self.perTraceRole + ReleaseBuilder.firstLayoutField)..<(Self.perTraceRole + ReleaseBuilder.firstLayoutField + ReleaseBuilder.layoutFieldCount)
        let layoutColumns = (0..<ncols).filter { layoutRoles.contains(roleCode[$0]) }
        if let first = layoutColumns.first, let last = layoutColumns.last,
           last - first + 1 == layoutColumns.count, layoutColumns.count <= ReleaseBuilder.layoutFieldCount {
            (layoutFirst, layoutLast) = (first, last)
        } else {
            (layoutFirst, layoutLast) = (-1, -1)
        }
        ptOutsideSpanCount = 0
        for j in 0..<ptCount where layoutFirst < 0 || ptCol[j] < layoutFirst || ptCol[j] > layoutLast {
            ptOutsideSpan[ptOutsideSpanCount] = j
            ptOutsideSpanCount += 1
        }
        hasLayoutSpan = false
        layoutSpanGeneration += 1
    }

    /// Keeps the layout cells of a first row (cell spans `fs[c]..<fe[c]` from `b`) as the ones to
    /// compare the next first rows with, under a new generation.
    @inline(never)
    mutating func keepLayoutSpan(_ b: UnsafePointer<UInt8>, _ fs: UnsafeMutablePointer<Int>, _ fe: UnsafeMutablePointer<Int>) {
        let start = fs[layoutFirst]
        layoutSpan.removeAll()
        layoutSpan.append(b + start, b + fe[layoutLast])
        spanStores = 0
        for c in layoutFirst...layoutLast where fe[c] > fs[c] {
            spanStoreField[spanStores] = roleCode[c] - Self.perTraceRole
            spanStoreStart[spanStores] = fs[c] - start
            spanStoreCount[spanStores] = fe[c] - fs[c]
            spanStores += 1
        }
        hasLayoutSpan = true
        layoutSpanGeneration += 1
    }

    /// Forgets the steps' bytes (a new trace).
    @inline(__always)
    func forgetStepBytes() {
        for i in 0..<stepCount { stepBytes[i].removeAll() }
    }

    /// Column `i`'s header name (`column N` past the header or before it is read).
    func columnName(_ i: Int) -> String {
        guard let cols, i >= 0, i < cols.names.count else { return "column \(i + 1)" }
        return cols.names[i]
    }
}
