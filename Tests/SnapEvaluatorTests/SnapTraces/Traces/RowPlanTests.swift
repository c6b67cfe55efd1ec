import Testing
@testable import SnapTraces

/// The row plan: column roles, per-trace columns, and the fast decoder's steps.
@Suite struct RowPlanTests {
    /// The plan's parts (a copy: the plan itself is not copyable).
    struct Planned {
        var usualPlan: Bool, stepCount: Int, stepKind: [Int], stepFirst: [Int], stepLast: [Int], roleCode: [Int]
        var ptCount: Int, traceIDColumn: Int, isSampleLevel: Bool, hasPhase: Bool, hasTouchX: Bool, names: [String]
        func columnName(_ i: Int) -> String { i < names.count ? names[i] : "column \(i + 1)" }
    }

    func plan(_ header: String) throws -> Planned {
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var plan = RowPlan()
        plan.configure(try TraceColumns(names: names, file: "f.csv", line: 1, velocity: .lsq2))
        let n = plan.stepCount
        let p = plan
        let planned = Planned(usualPlan: p.usualPlan, stepCount: n, stepKind: (0..<n).map { p.stepKind[$0] },
                              stepFirst: (0..<n).map { p.stepFirst[$0] }, stepLast: (0..<n).map { p.stepLast[$0] },
                              roleCode: (0..<names.count).map { p.roleCode[$0] }, ptCount: p.ptCount,
                              traceIDColumn: p.traceIDColumn, isSampleLevel: p.isSampleLevel, hasPhase: p.hasPhase,
                              hasTouchX: p.hasTouchX, names: (0..<names.count).map { p.columnName($0) })
        #expect(planned.columnName(names.count + 2) == "column \(names.count + 3)")
        #expect(p.columnName(names.count + 2) == planned.columnName(names.count + 2))
        return planned
    }

    @Test func theUsualPlanMergesIDAndPerTraceColumnsIntoRuns() throws {
        let p = try plan("trace_id,user_id,t_ms,offset,phase,intended_index,item_count")
        #expect(p.usualPlan && p.stepCount == 5)
        #expect(p.stepKind == RowPlan.RowStep.usual)
        #expect(p.stepFirst[0] == 0 && p.stepLast[0] == 1 && p.stepFirst[4] == 5 && p.stepLast[4] == 6)
        #expect(p.ptCount == 3 && p.traceIDColumn == 0 && p.isSampleLevel && p.hasPhase && !p.hasTouchX)
        #expect(p.roleCode == [1, 10 + PerTraceField.userID.rawValue, 2, 3, 4,
                                                  10 + PerTraceField.intendedIndex.rawValue, 10 + PerTraceField.itemCount.rawValue])
    }

    @Test func otherOrdersAndUnknownColumnsGiveAGeneralPlan() throws {
        let p = try plan("t_ms,trace_id,note,touch_x")
        #expect(!p.usualPlan && p.stepCount == 4 && p.hasTouchX && !p.hasPhase)
        #expect(p.stepKind == [RowPlan.RowStep.time, RowPlan.RowStep.constant, RowPlan.RowStep.other, RowPlan.RowStep.offset])
        #expect(p.columnName(2) == "note" && p.columnName(9) == "column 10")
        let r = try plan("trace_id,release_offset,release_velocity")
        #expect(!r.isSampleLevel && r.ptCount == 1)
    }
}
