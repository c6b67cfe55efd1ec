/// SplitMix64 (Steele, Lea, Flood 2014; the seeding generator of `java.util.SplittableRandom` and
/// xoshiro): a tiny, fully deterministic generator so that property tests replay exactly. The
/// one copy for every test target.
///
/// `state += 0x9E3779B97F4A7C15; z = state; z = (z ^ z>>30)·0xBF58476D1CE4E5B9;
/// z = (z ^ z>>27)·0x94D049BB133111EB; return z ^ z>>31`.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in `range` (53 random bits).
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// One of `choices` (non-empty).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...(choices.count - 1))]
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        double(in: 0...1) < p
    }
}
