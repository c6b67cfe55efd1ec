/// Seeds derived from the one a command prints: SplitMix64's finaliser (Steele, Lea & Flood
/// 2014), a bijective 64-bit mix, so `mix(seed ^ k)` gives an independent-looking stream per `k`
/// (a user, a chunk, a behaviour draw) that any reader can reproduce.
package enum SeedMix {
    /// SplitMix64's finaliser of `x`.
    @inlinable
    package static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
