import Foundation
import Testing
@testable import SnapSwipeModel

@Suite struct KinematicsDistanceTests {
    /// Points on a grid shifted by `shift` (speed and distance), deterministic.
    func points(_ n: Int, shift: Double = 0, phase: Double = 0) -> [KinematicsDistance.Point] {
        (0..<n).map { i in
            let u = (Double(i) + 0.5 + phase) / Double(n)
            return .init(speed: 1 + 2 * u + shift, position: (u * 7).truncatingRemainder(dividingBy: 1), distance: 3 * (1 - u) + shift)
        }
    }

    @Test func ksIsZeroForEqualSamplesAndOneForDisjointOnes() {
        #expect(KinematicsDistance.ks([1, 2, 3, 4], [1, 2, 3, 4]).d == 0)
        let disjoint = KinematicsDistance.ks(Array(repeating: 0, count: 50), Array(repeating: 1, count: 50))
        #expect(disjoint.d == 1)
        #expect(disjoint.p < 1e-6)
        #expect(abs(KinematicsDistance.ks([1, 2, 3, 4], [2.5, 3.5, 4.5, 5.5]).d - 0.5) < 1e-12)
    }

    /// The same distribution gives a small energy distance and no significance; a shift of one
    /// speed and distance unit is found by the margins and by the joint distance.
    @Test func separatesShiftedSamplesOnly() throws {
        let same = try #require(KinematicsDistance.compare(points(200), points(600, phase: 0.3), permutations: 99, seed: 1))
        #expect(same.margins.allSatisfy { $0.d < 0.05 })
        #expect(same.energyP > 0.5)
        let shifted = try #require(KinematicsDistance.compare(points(200), points(600, shift: 1), permutations: 99, seed: 1))
        #expect(shifted.margins[0].d > 0.3 && shifted.margins[0].p < 0.001)
        #expect(shifted.margins[1].d < 0.05)
        #expect(shifted.energy > 10 * same.energy)
        #expect(shifted.energyP <= 0.01)
        #expect(KinematicsDistance.compare(points(5), points(600), seed: 1) == nil)
    }

    /// A stroke's point: speed toward the goal, release position within the item, distance left.
    @Test func pointsOfLabelledStrokes() throws {
        let layout = try homeLayout()
        // start at 0 toward item 6 (rests at 708.57), released at 240 pt moving at 1.5 pt/ms
        let t: [Double] = [0, 20, 40], x: [Double] = [0, 120, 240]
        let f = t.withUnsafeBufferPointer { tb in x.withUnsafeBufferPointer { xb in
            TraceFeatures(time: tb, offset: xb, startOffset: 0, pitch: 160, velocity: 1.5, user: 0, session: "s",
                          intendedIndex: 6, startIndex: 1)
        } }
        var unlabelled = f
        unlabelled.intendedIndex = nil
        let p = try #require(KinematicsDistance.points(RecordingSummary(features: [f], layout: layout)).first)
        #expect(p.speed == 1.5)
        #expect(abs(p.distance - (layout.maxOffset - 240) / 160) < 1e-9)
        let position = layout.position(atOffset: 240)
        #expect(abs(p.position - (position - position.rounded(.down))) < 1e-12)
        #expect(KinematicsDistance.points(RecordingSummary(features: [unlabelled], layout: layout)).isEmpty)
    }
}
