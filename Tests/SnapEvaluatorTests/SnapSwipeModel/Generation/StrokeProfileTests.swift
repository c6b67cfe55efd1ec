import Foundation
import SnapStrategies
import Testing
@testable import SnapSwipeModel

/// The stroke's path shape (issue 32): minimum jerk without `stroke.peakTime`, a skewed bell with it.
@Suite struct StrokeProfileTests {
    /// Without the key the path is the minimum-jerk polynomial itself, bit for bit.
    @Test func withoutAPeakTimeThePathIsMinimumJerk() throws {
        let p = try StrokeProfile(peakTime: nil)
        for i in -2...1002 {
            let tau = Double(i) / 1000
            #expect(p.position(tau) == SwipeModel.minimumJerk(tau))
            #expect(p.slope(tau) == SwipeModel.minimumJerkSlope(tau))
        }
    }

    /// At a peak of 0.5 the skewed bell is the minimum-jerk bell (Beta(3, 3)), through the table.
    @Test func aCentredPeakIsTheMinimumJerkBell() throws {
        let p = try StrokeProfile(peakTime: 0.5)
        for i in 0...997 {
            let tau = Double(i) / 997
            #expect(abs(p.position(tau) - SwipeModel.minimumJerk(tau)) < 1e-9)
            #expect(abs(p.slope(tau) - SwipeModel.minimumJerkSlope(tau)) < 1e-9)
        }
    }

    /// A skewed bell starts at 0, ends at 1, rises monotonically, peaks in speed at its peak time,
    /// and its slope is the derivative of its path.
    @Test(arguments: [0.1, 0.3, 0.7, 0.9])
    func aSkewedBellPeaksWhereItSays(peak: Double) throws {
        let p = try StrokeProfile(peakTime: peak)
        #expect(p.position(0) == 0 && p.position(1) == 1 && p.position(-1) == 0 && p.position(2) == 1)
        var previous = 0.0, fastest = 0.0, fastestAt = 0.0
        for i in 1...1000 {
            let tau = Double(i) / 1000
            let x = p.position(tau)
            #expect(x >= previous)
            previous = x
            if p.slope(tau) > fastest { fastest = p.slope(tau); fastestAt = tau }
            if i < 1000 {
                let h = 1e-5
                let numeric = (p.position(tau + h) - p.position(tau - h)) / (2 * h)
                #expect(abs(numeric - p.slope(tau)) < 1e-4 * max(1, p.slope(tau)), "τ \(tau)")
            }
        }
        #expect(abs(fastestAt - peak) <= 0.001)
        // an early peak covers more of the path by mid-stroke than minimum jerk, a late one less
        #expect((p.position(0.5) - 0.5) * (0.5 - peak) > 0)
    }

    /// A peak outside (0, 1) is refused with the key's name, by the model and by the profile.
    @Test(arguments: [0.0, 1.0, -0.2, Double.nan])
    func aPeakOutsideTheStrokeIsRefused(peak: Double) throws {
        #expect(throws: SwipeModelError.self) { try StrokeProfile(peakTime: peak) }
        var p = SwipeModelParameters()
        p.stroke.peakTime = peak
        do {
            _ = try SwipeModel(parameters: p, layout: benchLayout())
            Issue.record("accepted peakTime \(peak)")
        } catch let SwipeModelError.invalidParameter(name, _, _) {
            #expect(name == "stroke.peakTime")
        }
    }

    /// Model files without the key read as before (`peakTime` nil) and write without it; the
    /// generated swipes are those of the minimum-jerk path.
    @Test func modelFilesWithoutTheKeyReadAndGenerateAsBefore() throws {
        var p = SwipeModelParameters()
        p.task = .reveal
        p.delivery.isEnabled = true
        let json = String(decoding: try JSONEncoder().encode(p), as: UTF8.self)
        #expect(!json.contains("peakTime"))
        let read = try JSONDecoder().decode(SwipeModelParameters.self, from: Data(json.utf8))
        #expect(read.stroke.peakTime == nil && read == p)
        func swipes(_ q: SwipeModelParameters) throws -> [SyntheticSwipe] {
            try allSwipes(TraceGenerator(model: SwipeModel(parameters: q, layout: benchLayout()), traceCount: 300, userCount: 5,
                                         seed: 11, livePolicy: PolicyCatalog.policy(id: "nearest")))
        }
        var centred = read
        centred.stroke.peakTime = 0.5
        let before = try swipes(read), skewedAtHalf = try swipes(centred)
        #expect(before.count == skewedAtHalf.count)
        // the same draws: the centred bell moves the finger as minimum jerk does, to the table's precision
        for (a, b) in zip(before, skewedAtHalf) {
            #expect(a.times == b.times)
            #expect(zip(a.offsets, b.offsets).allSatisfy { abs($0 - $1) <= 1 })
        }
        var early = read
        early.stroke.peakTime = 0.2
        #expect(try swipes(early).map(\.offsets) != before.map(\.offsets))
    }

    /// A moving-start share `c` mixes `ψ(τ) = 1 − (1 − τ)³` into the bell: hand values at τ = 0.25
    /// (ψ 0.578125, slope 1.6875; minimum jerk 0.103515625, slope 1.0546875), the finger moving at
    /// `3c` of the mean speed at touch-down and at rest at the end, `ψ` alone at `c = 1`, the bell
    /// at `c = 0`; outside [0, 1] it is refused.
    @Test func aMovingStartShareMovesFromTouchDown() throws {
        let p = try StrokeProfile(peakTime: nil, movingStartShare: 0.4)
        #expect(abs(p.position(0.25) - (0.4 * 0.578125 + 0.6 * 0.103515625)) < 1e-15)
        #expect(abs(p.slope(0.25) - (0.4 * 1.6875 + 0.6 * 1.0546875)) < 1e-15)
        #expect(abs(p.slope(1e-9) - 1.2) < 1e-8 && abs(p.slope(1 - 1e-9)) < 1e-8)
        #expect(p.position(-1) == 0 && p.position(0) == 0 && p.position(1) == 1 && p.position(2) == 1 && p.slope(1.5) == 0)
        let start = try StrokeProfile(peakTime: nil, movingStartShare: 1)
        for i in 0...100 {
            let tau = Double(i) / 100
            #expect(abs(start.position(tau) - (1 - pow(1 - tau, 3))) < 1e-15)
        }
        let bell = try StrokeProfile(peakTime: 0.3, movingStartShare: 0)
        let skewed = try StrokeProfile(peakTime: 0.3)
        for i in 0...100 {
            let tau = Double(i) / 100
            #expect(bell.position(tau) == skewed.position(tau) && bell.slope(tau) == skewed.slope(tau))
        }
        // the skewed bell mixes the same way, and the slope is the path's derivative
        let mixed = try StrokeProfile(peakTime: 0.3, movingStartShare: 0.5)
        for i in 1...99 {
            let tau = Double(i) / 100, h = 1e-6
            #expect(abs((mixed.position(tau + h) - mixed.position(tau - h)) / (2 * h) - mixed.slope(tau)) < 1e-4)
        }
        for c in [-0.1, 1.1, Double.nan] {
            #expect(throws: SwipeModelError.self) { try StrokeProfile(peakTime: nil, movingStartShare: c) }
        }
    }
}
