import Foundation
import SnapStrategies
import SnapTraces
import Testing
@testable import SnapSwipeModel

@Suite struct DeliveryInferenceTests {
    /// Features of 3,000 paging swipes by 40 users of the model with `edit` applied.
    func features(_ edit: (inout SwipeModelParameters) -> Void) throws -> [TraceFeatures] {
        var p = SwipeModelParameters()
        p.cancelledShare = 0
        edit(&p)
        let layout = try benchLayout()
        let g = try TraceGenerator(model: SwipeModel(parameters: p, layout: layout), traceCount: 3000, userCount: 40, seed: 11)
        return try allSwipes(g).map { TraceFeatures($0, pitch: layout.stride, estimator: LSQ2VelocityEstimator()) }
    }

    /// One row per scan at a 60/120 Hz mix (as `bench/gen_traces.py` writes): told as scans, with
    /// both rates, their user shares and the jitter's sd; the rest before the motion shows as a
    /// later onset, not as a later first row.
    @Test func scanRowsAreToldWithTheirRatesAndJitter() throws {
        let f = try features {
            $0.rates = [60, 120]
            $0.rateWeights = [0.4, 0.6]
            $0.timeJitterSD = 0.5
            $0.delivery.scanRestMedian = 60
        }
        let d = try #require(DeliveryInference.infer(f))
        #expect(d.rows == .scan)
        #expect(d.firstMoveIntervals > 0.8 && d.firstMoveIntervals < 1.2, "\(d.firstMoveIntervals)")
        #expect(d.liftRepeatShare < 0.05)
        #expect(d.rates == [60, 120])
        #expect(abs(d.rateUserShares[1] - 0.6) < 0.2 && abs(d.rateUserShares.reduce(0, +) - 1) < 1e-12, "\(d.rateUserShares)")
        #expect(abs(try #require(d.timeJitterSD) - 0.5) < 0.1, "\(String(describing: d.timeJitterSD))")
        // half the lift tails (probability 0.3) reverse the last rows by 1–3 pt
        let reversing = Double(f.filter(\.liftReverses).count) / Double(f.count)
        #expect(reversing > 0.08 && reversing < 0.25, "\(reversing)")
        let onsets = f.compactMap(\.onsetDelay).sorted(), firsts = f.compactMap(\.firstMoveDelay).sorted()
        #expect(onsets[onsets.count / 2] > 60 && firsts[firsts.count / 2] < 17, "\(onsets[onsets.count / 2]) \(firsts[firsts.count / 2])")
        var p = SwipeModelParameters()
        p.delivery.isEnabled = true
        p.fixedRate = 240
        d.apply(to: &p)
        #expect(!p.delivery.isEnabled && p.fixedRate == nil && p.rates == [60, 120] && p.rateWeights == d.rateUserShares)
        #expect(p.delivery.scanRestMedian == p.delivery.touchDownDwellMedian && p.delivery.inferred == d)
        #expect(abs(p.timeJitterSD - d.timeJitterSD!) < 1e-12)
        #expect(d.note.hasPrefix("delivery: one row per touch scan (first move a median "), "\(d.note)")
        #expect(d.note.contains("rates 60 Hz (") && d.note.contains("120 Hz ("), "\(d.note)")
    }

    /// One move per display frame after the touch slop, the lift-off mostly repeating the last move
    /// (the A30 study's delivery): told as frames, and applying it leaves the model's delivery alone.
    @Test func frameRowsAreToldAsFrames() throws {
        let f = try features {
            $0.delivery.isEnabled = true
            $0.delivery.frameRates = [60]
            $0.delivery.frameRateWeights = [1]
            $0.delivery.liftRepeatProbability = 0.8
        }
        let d = try #require(DeliveryInference.infer(f))
        #expect(d.rows == .frame)
        #expect(d.firstMoveIntervals > DeliveryInference.scanFirstMoveLimit && d.liftRepeatShare > 0.5, "\(d)")
        #expect(d.rates == [60])
        var p = SwipeModelParameters()
        p.delivery.isEnabled = true
        let before = p
        d.apply(to: &p)
        p.delivery.inferred = nil
        #expect(p == before)
        #expect(DeliveryInference.infer(Array(f.prefix(10))) == nil)
    }

    /// Rates snap to a known panel rate within 5%, else to the nearest hertz.
    @Test func ratesSnapToKnownRates() {
        #expect(DeliveryInference.snapped(118.2) == 120 && DeliveryInference.snapped(61) == 60)
        #expect(DeliveryInference.snapped(75.4) == 75 && DeliveryInference.knownRate(near: 75.4) == nil)
    }

    /// With scan delivery the frame delivery's parameters are not fitted; the lift tail answers to
    /// the reversing lift-offs and the scan rest to the motion onset.
    @Test func scanDeliveryFitsTheRestNotTheFrameParameters() {
        let paging = ModelCalibration.fittedParameters(task: .paging)
        let scans = ModelCalibration.withScanDelivery(paging, rest: true)
        #expect(!scans.contains { $0.key.hasPrefix("delivery.") && $0.key != "delivery.scanRestMedian" })
        #expect(scans.last?.key == "delivery.scanRestMedian" && scans.last?.statistic == .onsetLocation)
        #expect(scans.contains { $0.key == "liftTailProbability" && $0.statistic == .liftReversalShare && $0.isProbability })
        #expect(scans.first { $0.key == "dragHoldProbability" }?.statistic == .restedShare)
        #expect(ModelCalibration.withScanDelivery(ModelCalibration.fittedParameters(task: .reveal), rest: true)
            .first { $0.key == "stroke.holdProbability" }?.statistic == .restedShare)
        #expect(ModelCalibration.withScanDelivery(paging, rest: false).count == paging.count - 3)
        var p = SwipeModelParameters()
        scans.last!.set(&p, 42)
        #expect(p.delivery.scanRestMedian == 42 && scans.last!.get(p) == 42)
    }

    /// The scan rest delays the motion, not the rows; a model without it (every model file before
    /// it) samples as before, and the inference round-trips through a model file.
    @Test func theScanRestDelaysTheMotionAndOldModelsAreUnchanged() throws {
        let without = try features { $0.fixedRate = 120 }
        let with = try features {
            $0.fixedRate = 120
            $0.delivery.scanRestMedian = 80
            $0.delivery.touchDownDwellLogSD = 0
        }
        func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
        #expect(median(with.compactMap(\.onsetDelay)) > median(without.compactMap(\.onsetDelay)) + 60)
        #expect(median(with.map { Double($0.rows) }) > median(without.map { Double($0.rows) }) + 8)
        var p = SwipeModelParameters()
        p.delivery.scanRestMedian = 0
        #expect(throws: SwipeModelError.self) { try SwipeModel.validate(p) }
        p.delivery.scanRestMedian = 50
        p.delivery.inferred = DeliveryInference.infer(with)
        let file = GeneratorModelFile(parameters: p, livePolicy: nil, layout: try benchLayout())
        let decoded = try JSONDecoder().decode(GeneratorModelFile.self, from: Data(try file.encoded()))
        #expect(decoded.parameters == p)
        let old = try JSONDecoder().decode(GeneratorModelFile.self, from: Data(try GeneratorModelFile(
            parameters: SwipeModelParameters(), livePolicy: nil, layout: nil).encoded()))
        #expect(old.parameters.delivery.scanRestMedian == nil && old.parameters.delivery.inferred == nil)
    }
}
