import Foundation
import SnapGSL

/// How the users of a simulated data set get their speed gain and motor noise: independently (the
/// model as written), or with the variance reductions `generate --like` uses for its replicates
/// (`ModelCalibration+Simulation`, `Docs/swipe-model-calibration.md` §10).
///
/// Every statistic of a replicate depends on its few users' draws: with 100 users the trace-weighted
/// mean log gain of a replicate has a standard deviation of about 0.35/√60 ≈ 4.5%, which moves
/// the travel and duration medians by as much, and the sample sd of its log gains about 7%, which
/// moves the between-user speed spread. Averaged over ten replicates that is still 1.4% and 2.2%,
/// the same for every recording fitted with one seed. Two classical remedies remove it:
/// - ``stratified``: the users' log gains are the normal quantiles `Φ⁻¹((k + ½)/n)`, k = 0…n−1,
///   rescaled to sample mean 0 and sample sd 1, times the gain log sd, assigned to the users in a
///   random order; motor noises are the stratified uniform points `(k + ½)/n` of their range, in
///   another random order (Latin hypercube sampling, McKay, Beckman & Conover 1979). Each user's
///   gain is still LogNormal(0, σ) marginally; what is gone is the sampling error of the users'
///   mean and spread. (A between-user sd over n users is a concave function of their sample
///   variance, so fixing that variance raises its expectation by about 1/(4(n − 1)) of itself:
///   0.25% with 100 users, against the 2.2% this removes.)
/// - ``mirror(of:)``: the antithetic partner of another replicate of the same design (Hammersley &
///   Morton 1956): each user's log gain negated and motor noise reflected in its range, so the
///   pair's trace-weighted mean log gain is exactly 0 whatever the order.
public enum UserSampling: Sendable {
    case independent
    case stratified
    case mirror(of: [SyntheticUser])

    /// Replaces the gains and motor noises of `users` (drawn independently) as this sampling says;
    /// the random orders come from a stream of their own (`seed`), so the run's other draws are
    /// those of an independent run.
    func apply(to users: inout [SyntheticUser], parameters p: SwipeModelParameters, seed: UInt64) throws {
        let n = users.count
        let lo = p.motorNoiseRange.lowerBound, hi = p.motorNoiseRange.upperBound
        switch self {
        case .independent:
            return
        case .stratified:
            guard n >= 2 else { return }
            var z = (0..<n).map { NormalDistribution.quantile((Double($0) + 0.5) / Double(n)) }
            let mean = z.reduce(0, +) / Double(n)
            let sd = (z.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)).squareRoot()
            z = z.map { ($0 - mean) / sd }
            let rng = try GSLRandom(seed: seed)
            let gainOrder = Self.permutation(n, rng), noiseOrder = Self.permutation(n, rng)
            for i in 0..<n {
                users[i].gain = exp(p.gainLogSD * z[gainOrder[i]])
                users[i].motorNoise = lo + (hi - lo) * (Double(noiseOrder[i]) + 0.5) / Double(n)
            }
        case .mirror(let partner):
            for i in 0..<min(n, partner.count) {
                users[i].gain = 1 / partner[i].gain
                users[i].motorNoise = lo + hi - partner[i].motorNoise
            }
        }
    }

    /// A uniformly random permutation of 0..<n (Fisher–Yates).
    static func permutation(_ n: Int, _ rng: GSLRandom) -> [Int] {
        var order = Array(0..<n)
        for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, rng.integer(below: i + 1)) }
        return order
    }
}

extension ModelCalibration {
    /// The users of the simulated replicates (``UserSampling``).
    public enum ReplicateUserSampling: String, Sendable, CaseIterable {
        /// Every replicate's users drawn independently (the model as written).
        case independent
        /// Odd replicates mirror the users of the one before (antithetic pairs).
        case antithetic
        /// Even replicates stratified, odd ones their mirror.
        case stratifiedAntithetic
    }
}
