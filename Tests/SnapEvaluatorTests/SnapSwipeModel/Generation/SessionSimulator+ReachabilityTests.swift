import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

@Suite struct SessionSimulatorReachabilityTests {
    /// The A30 study's home row: 160-pt items, no spacing or insets, a 411.43-pt viewport, 7 items,
    /// trailing alignment; the trials aim at the last item.
    func simulator(live: String, task: SwipeTask = .reveal, target: Int? = 6) throws -> SessionSimulator {
        let layout = try CarouselLayout(itemWidth: 160, spacing: 0, leadingInset: 0, trailingInset: 0, viewportWidth: 411.43,
                                        itemCount: 7, alignment: .trailing, isLooping: false)
        var p = SwipeModelParameters()
        p.task = task
        p.trials = TrialParameters(targetIndex: target)
        return try SessionSimulator(model: SwipeModel(parameters: p, layout: layout), livePolicy: FreeScrollCarousel.livePolicy(id: live))
    }

    /// A snapping row that never shows the last item whole is reported, named and counted; a
    /// free-scrolling row (which rests where its fling ends) reaches it, and so does a paging
    /// target that is a resting item; without a fixed target nothing is probed.
    @Test func aPolicyThatNeverRevealsTheTargetIsReported() throws {
        let never = try simulator(live: "compose-lazyrow-snap")
        let reach = try #require(never.targetReach())
        #expect(!reach.isReachable && reach.probes > 1000, "\(reach)")
        let warning = try #require(never.unreachableTargetWarning(policyID: "compose-lazyrow-snap"))
        #expect(warning.hasPrefix("warning: unreachable-target: the live policy compose-lazyrow-snap came to rest where item 6 is "
                                  + "wholly in view (hit revealed) after 0 of \(reach.probes) probed releases"), "\(warning)")
        #expect(warning.contains("the generated people never succeed"))
        #expect(try simulator(live: FreeScrollCarousel.identifier).unreachableTargetWarning(policyID: "free-scroll") == nil)
        #expect(try simulator(live: FreeScrollCarousel.identifier).targetReach()?.isReachable == true)
        #expect(try simulator(live: "nearest", task: .paging, target: 2).targetReach()?.isReachable == true)
        #expect(try simulator(live: "compose-lazyrow-snap", target: nil).targetReach() == nil)
    }
}
