/// One synthetic person and their device: the per-user latent variables of the swipe model
/// (`spec/human-swipes-and-user-needs.md` C.1), drawn once per user by ``SwipeModel/makeUser(index:using:)``.
public struct SyntheticUser: Sendable, Hashable {
    /// The projection a "projector" user has learned (C.2).
    public enum ProjectionHabit: String, Sendable, Hashable, CaseIterable {
        /// UIKit: `Proj(v) = v · r/(1 − r)`, r = 0.998/ms, i.e. 499 ms · v.
        case iOS
        /// Android `OverScroller` spline (B.1).
        case android
    }

    /// Position in the user table (`u000`, `u001`, ...).
    public var index: Int
    /// Speed gain `g_u ~ LogNormal(0, 0.25)`: every speed of this user is multiplied by it.
    public var gain: Double
    /// Motor-noise scale `σ_u ~ U(0.2, 0.4)`: release velocity is multiplied by `exp(σ_u·ε)`.
    public var motorNoise: Double
    /// Probability `π_u` of reaching a goal two or more items away with one projected flick
    /// (otherwise a series of one-item flicks).
    public var projectorPreference: Double
    /// The projection this user aims with.
    public var habit: ProjectionHabit
    /// Touch sampling rate, Hz.
    public var rate: Double
    /// Device pixel ratio: positions are quantised to `1/pixelRatio` points.
    public var pixelRatio: Double
    /// Relative activity (share of the traces is proportional to it).
    public var activity: Double

    public init(index: Int, gain: Double, motorNoise: Double, projectorPreference: Double,
                habit: ProjectionHabit, rate: Double, pixelRatio: Double, activity: Double) {
        self.index = index
        self.gain = gain
        self.motorNoise = motorNoise
        self.projectorPreference = projectorPreference
        self.habit = habit
        self.rate = rate
        self.pixelRatio = pixelRatio
        self.activity = activity
    }
}
