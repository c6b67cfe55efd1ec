internal import CGSL

/// A seeded stream of random numbers from GSL's Mersenne Twister (`gsl_rng_mt19937`).
///
/// The single Swift owner of one `gsl_rng`: allocated in `init`, freed in `deinit`. Not
/// `Sendable`: a generator is used by one task at a time; parallel work creates one per chunk,
/// each seeded from the run's seed (see ``TraceGenerator``).
///
/// GSL's `gsl_rng_set` for mt19937 uses the low 32 bits of the seed, and maps seed 0 to GSL's
/// default 4357; ``init(seed:)`` passes the seed through unchanged, so seeds that agree in their
/// low 32 bits give the same stream.
///
/// ```swift
/// let rng = try GSLRandom(seed: 42)
/// let x = rng.gaussian(standardDeviation: 1)   // gsl_ran_gaussian
/// let v = rng.lognormal(logMean: 0, logStandardDeviation: 0.25)
/// ```
public final class GSLRandom {
    private let raw: UnsafeMutablePointer<gsl_rng>
    /// The seed this stream started from.
    public let seed: UInt64

    /// A Mersenne Twister stream started at `seed` (`gsl_rng_alloc(gsl_rng_mt19937)` + `gsl_rng_set`).
    /// - Throws: ``GSLError`` if GSL cannot allocate the generator.
    public init(seed: UInt64) throws(GSLError) {
        GSLRuntime.ensureReady()
        guard let r = gsl_rng_alloc(snaplab_rng_mt19937()) else {
            throw GSLError(code: Int(GSL_ENOMEM), operation: "gsl_rng_alloc", detail: "mt19937")
        }
        gsl_rng_set(r, UInt(truncatingIfNeeded: seed))
        raw = r
        self.seed = seed
    }

    deinit { gsl_rng_free(raw) }

    /// Uniform on `[0, 1)` (`gsl_rng_uniform`).
    @inline(__always)
    public func uniform() -> Double { gsl_rng_uniform(raw) }

    /// Uniform on `(0, 1)`, never 0 (`gsl_rng_uniform_pos`).
    @inline(__always)
    public func uniformPositive() -> Double { gsl_rng_uniform_pos(raw) }

    /// Uniform on `[lower, upper)`; `lower` when the range is empty or not finite.
    @inline(__always)
    public func uniform(_ lower: Double, _ upper: Double) -> Double {
        guard upper > lower, (upper - lower).isFinite else { return lower }
        return lower + (upper - lower) * gsl_rng_uniform(raw)
    }

    /// An integer uniform on `0..<n` (`gsl_rng_uniform_int`); 0 when `n ≤ 0`.
    /// `n` above 2^32 − 1 (mt19937's range) is treated as 2^32 − 1.
    @inline(__always)
    public func integer(below n: Int) -> Int {
        guard n > 1 else { return 0 }
        let bound = UInt(Swift.min(n, Int(UInt32.max)))
        return Int(gsl_rng_uniform_int(raw, bound))
    }

    /// `true` with probability `p` (a uniform draw below `p`; `p ≤ 0` never, `p ≥ 1` always).
    @inline(__always)
    public func bernoulli(_ p: Double) -> Bool { gsl_rng_uniform(raw) < p }

    /// Normal with mean 0 and standard deviation `sigma` (`gsl_ran_gaussian`, Box–Muller polar).
    @inline(__always)
    public func gaussian(standardDeviation sigma: Double) -> Double { gsl_ran_gaussian(raw, sigma) }

    /// Lognormal: `exp(N(zeta, sigma²))` (`gsl_ran_lognormal(r, zeta, sigma)`).
    @inline(__always)
    public func lognormal(logMean zeta: Double, logStandardDeviation sigma: Double) -> Double {
        gsl_ran_lognormal(raw, zeta, sigma)
    }

    /// Beta(`a`, `b`) on `[0, 1]` (`gsl_ran_beta`); NaN unless `a > 0` and `b > 0`.
    @inline(__always)
    public func beta(_ a: Double, _ b: Double) -> Double {
        guard a > 0, b > 0 else { return .nan }
        return gsl_ran_beta(raw, a, b)
    }

    /// Exponential with mean `mean` (`gsl_ran_exponential`; note GSL's parameter is the mean,
    /// not the rate); 0 when `mean ≤ 0`.
    @inline(__always)
    public func exponential(mean: Double) -> Double {
        guard mean > 0 else { return 0 }
        return gsl_ran_exponential(raw, mean)
    }

    /// An index drawn with probability proportional to `weights[i]` (inverse CDF on the running
    /// sum; negative and non-finite weights count as 0). 0 when no weight is positive.
    public func index(weightedBy weights: [Double]) -> Int {
        var total = 0.0
        for w in weights where w > 0 && w.isFinite { total += w }
        guard total > 0 else { return 0 }
        let target = gsl_rng_uniform(raw) * total
        var running = 0.0
        var last = 0
        for (i, w) in weights.enumerated() where w > 0 && w.isFinite {
            running += w
            last = i
            if target < running { return i }
        }
        return last
    }
}
