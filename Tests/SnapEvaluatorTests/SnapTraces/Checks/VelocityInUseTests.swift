import Testing
@testable import SnapTraces
@testable import SnapReports

@Suite struct VelocityInUseTests {
    func summary(_ kind: TraceFileKind) -> FileReadSummary { FileReadSummary(path: "a.csv", kind: kind, unknownColumns: []) }

    @Test func theHeaderNamesTheVelocityActuallyUsed() {
        #expect(VelocityInUse.header(method: .lsq2, files: [summary(.sampleLevel)]) == "lsq2")
        #expect(VelocityInUse.header(method: .lsq2, files: [summary(.releaseLevel)]) == "recorded")
        #expect(VelocityInUse.header(method: .compose, files: [summary(.sampleLevel), summary(.releaseLevel)])
                == "compose (sample-level files), recorded (release-level files)")
    }

    @Test func aSampleLevelReleaseVelocityIsUsedOnlyWhenAskedAndOtherwiseNoticed() throws {
        let file = """
            trace_id,t_ms,offset,release_velocity,item_width,item_spacing,leading_inset,viewport_width,item_count
            a,0,0,2.5,100,0,0,300,10
            a,10,10,,,,,,
            a,20,20,,,,,,
            a,21,20,,,,,,

            """
        let path = try TestFiles.write(file)
        var checks = DataChecks()
        var velocity = 0.0
        _ = try TraceReader(path: path, options: TraceReadOptions(velocity: .lsq2)).forEach { r in
            checks.add(r)
            velocity = r.release.release.velocity
        }
        #expect(velocity == 1)
        #expect(checks.recordedVelocities == 1)
        #expect(VelocityInUse.ignoredNotice(method: .lsq2, ignored: checks.recordedVelocities)?.contains("give --velocity recorded") == true)
        #expect(VelocityInUse.ignoredNotice(method: .recorded, ignored: 1) == nil)
        #expect(VelocityInUse.ignoredNotice(method: .lsq2, ignored: 0) == nil)
        _ = try TraceReader(path: path, options: TraceReadOptions(velocity: .recorded)).forEach { velocity = $0.release.release.velocity }
        #expect(velocity == 2.5)
    }

    @Test("the data checks carry the estimator the traces were read with: the notice follows it, a merged part keeps the run's")
    func checksCarryTheEstimator() throws {
        var part = DataChecks()
        part.recordedVelocities = 3
        var recorded = DataChecks(velocity: .recorded)
        recorded.merge(part)
        #expect(recorded.velocity == .recorded && recorded.recordedVelocities == 3 && recorded.lines().isEmpty)
        var compose = DataChecks(velocity: .compose)
        compose.merge(part)
        #expect(compose.lines() == [try #require(VelocityInUse.ignoredNotice(method: .compose, ignored: 3))])
        #expect(DataChecks().velocity == TraceReadOptions().velocity)
    }
}
