/// A release velocity and how many samples it rests on.
public struct VelocityEstimate: Sendable, Hashable {
    /// d(offset)/dt at lift-off, points per millisecond.
    public var velocity: Double
    /// Samples the estimate used (0 when the pointer had stopped or there were none).
    public var samplesUsed: Int

    public init(velocity: Double, samplesUsed: Int) {
        self.velocity = velocity
        self.samplesUsed = samplesUsed
    }

    /// No motion: velocity 0 from 0 samples.
    public static let zero = VelocityEstimate(velocity: 0, samplesUsed: 0)
}
