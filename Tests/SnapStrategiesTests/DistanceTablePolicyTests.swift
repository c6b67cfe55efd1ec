@testable import SnapStrategies
import Testing
import SnapLabTestSupport

/// The distance-table policies' batch path for releases of one layout
/// (``DistanceTablePolicy``'s ``SnapPolicy/decide(_:inOneLayout:sharing:into:)``): the table read
/// once, the layout a constant of the loop, the same decisions as each release alone.
@Suite struct DistanceTablePolicyTests {
    /// Both conformers with a table (the catalogue's constants) and without one (other frictions).
    private var policies: [any SnapPolicy] {
        var otherFriction = FlutterFixedExtentSnap()
        otherFriction.clamping.friction = 0.02
        return [FlutterFixedExtentSnap(), FlutterFixedExtentSnap(physics: .bouncing), otherFriction,
                RNAndroidPagingSnap(), RNAndroidPagingSnap(decelerationRate: 0.9),
                RNAndroidPagingSnap(density: 2.625), RNAndroidPagingSnap(wholePixels: 0)]
    }

    @Test("batches of one layout decide as each release alone, bit for bit", arguments: [0x5138_0001, 0x5138_0002] as [UInt64])
    func oneLayoutBatchesDecideAsAlone(seed: UInt64) throws {
        #expect(policies.filter { ($0 as? any DistanceTablePolicy)?.distanceTable != nil }.count == 4)
        let (failures, compared) = try OneLayoutBatchCheck.mismatches(policies, seed: seed)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 50_000)
    }
}
