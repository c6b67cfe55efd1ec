import Foundation

/// The chord-Newton step of simulated moments with every fitted statistic's response to every
/// fitted parameter (`ModelCalibration.fitMoments`).
///
/// Coordinates: `log θ` for a scale parameter, `θ` for a probability; residuals: `log(want/got)`
/// for a scale statistic, `want − got` for a share. A diagonal-only step (each parameter moved by
/// its own statistic's residual over its own slope) is a Jacobi iteration: where statistics also
/// answer to other parameters — the motion time p50 to the amplitude (the slop is crossed earlier)
/// and to the placed-stroke share (placed strokes move to the end of `T`), the held share to the
/// duration — it converges more slowly from a far start (started at the truth instead of the
/// defaults, the old fit's reveal duration median moved by 1.9% over 32 truth samples). The full
/// step `J⁻¹ r` takes the coupling into account. Measured at full size (2,000 traces, seeds
/// 77–108, `Docs/research/2026-11-24-swipe-model-evidence-rounds-1-6.md` §11, sixth round) it changed every parameter's mean error by at
/// most 0.3% once the replicates' users were stratified; the duration median's remaining +1.1%
/// went only with the smooth statistic that replaced its step-like p50 (`RecordingSummary`).
extension ModelCalibration {
    /// The Jacobian's diagonal is kept in [0.25, 2.5] (1 when it does not respond or is missing),
    /// as the diagonal slopes always were; off-diagonal entries are kept in [−2.5, 2.5] and set to 0
    /// when missing or when smaller than `offDiagonalFloor` × the geometric mean of the two
    /// diagonals (a response that small is mostly the simulation's noise).
    static let offDiagonalFloor = 0.05

    /// Cleans a measured Jacobian (`raw[i][j]`: statistic `i`'s response to parameter `j`); `signs[i]`
    /// is the known sign of statistic `i`'s response to its own parameter (``Fitted/sign``; +1 when
    /// absent): a diagonal of that sign keeps its size in [0.25, 2.5], one of the other sign or
    /// missing becomes ±1 with it.
    static func cleanJacobian(_ raw: [[Double]], signs: [Double] = []) -> [[Double]] {
        let n = raw.count
        var j = raw
        for i in 0..<n {
            let sign = i < signs.count && signs[i] < 0 ? -1.0 : 1.0
            let d = raw[i][i] * sign
            j[i][i] = sign * (d.isFinite && d > 0 ? min(max(d, 0.25), 2.5) : 1)
        }
        for i in 0..<n {
            for k in 0..<n where k != i {
                let x = raw[i][k]
                let floor = offDiagonalFloor * abs(j[i][i] * j[k][k]).squareRoot()
                j[i][k] = x.isFinite && abs(x) >= floor ? min(max(x, -2.5), 2.5) : 0
            }
        }
        return j
    }

    /// The step `Δ` with `jacobian · Δ = residuals` (Gaussian elimination with partial pivoting);
    /// `nil` when the system is singular or the step is not finite, or when the coupled step moves
    /// some parameter more than three times as far as its own residual over its own slope would
    /// (an ill-conditioned system: the caller takes the diagonal step instead).
    static func newtonStep(jacobian: [[Double]], residuals: [Double]) -> [Double]? {
        let n = residuals.count
        guard jacobian.count == n,
              let x = solve(jacobian, columns: residuals.map { [$0] }, pivotFloor: 1e-9)?.map({ $0[0] }) else { return nil }
        for i in 0..<n {
            let own = abs(residuals[i] / jacobian[i][i])
            guard x[i].isFinite, abs(x[i]) <= 3 * max(own, 0.02) + 1e-12 else { return nil }
        }
        return x
    }

    /// Which end of its range `value` of `x` sits at: −1 the lower (a probability at 0, a scale at
    /// the search's floor 0.001, the lower end of ``Fitted/limits``), +1 the upper (a probability at
    /// 1, the upper end of its limits), 0 inside.
    static func boundSide(of x: Fitted, at value: Double) -> Int {
        if let r = x.limits {
            if value <= r.lowerBound + 1e-9 { return -1 }
            if value >= r.upperBound - 1e-9 { return 1 }
        }
        if x.isProbability { return value <= 1e-12 ? -1 : value >= 1 - 1e-12 ? 1 : 0 }
        return value <= 1e-3 * 1.0001 ? -1 : 0
    }

    /// How many times the Jacobian is measured again after round 3 when a parameter reaches a
    /// bound (each measurement costs one simulation per fitted parameter at half the replicates).
    static let boundRemeasures = 1

    /// The parameters (indices into `fitted`) at a bound of their range at `p` that their own
    /// diagonal step (`diagonal`, in the search's coordinates) pushes beyond: the search holds them.
    static func heldAtBounds(_ fitted: [Fitted], at p: SwipeModelParameters, diagonal: [Double]) -> Set<Int> {
        Set(fitted.indices.filter { j in
            let side = boundSide(of: fitted[j], at: fitted[j].get(p))
            return side != 0 && Double(side) * diagonal[j] > 0
        })
    }

    /// The chord-Newton step with the parameters in `held` kept where they are (step 0): their
    /// rows and columns are left out of the system, so the others are solved for as if they did not
    /// move (a parameter at a bound that its step would push beyond: with it in the system the
    /// others moved by the share the clamp then refused it, and the search oscillated at the bound,
    /// issue 32). `nil` as ``newtonStep(jacobian:residuals:)``.
    static func newtonStep(jacobian: [[Double]], residuals: [Double], held: Set<Int>) -> [Double]? {
        guard !held.isEmpty else { return newtonStep(jacobian: jacobian, residuals: residuals) }
        let free = residuals.indices.filter { !held.contains($0) }
        guard jacobian.count == residuals.count,
              let x = newtonStep(jacobian: free.map { i in free.map { jacobian[i][$0] } }, residuals: free.map { residuals[$0] })
        else { return nil }
        var out = [Double](repeating: 0, count: residuals.count)
        for (k, i) in free.enumerated() { out[i] = x[k] }
        return out
    }

    /// `X` with `a · X = columns` (each row of `columns` holds that row's right-hand sides):
    /// Gaussian elimination with partial pivoting, then back substitution, column by column the
    /// same arithmetic. `nil` when `a` is not square with as many rows as `columns`, or a pivot is
    /// at most `pivotFloor` in size (singular, for the caller's scale). Used by ``newtonStep(jacobian:residuals:)``
    /// (one column) and ``invert(_:)`` (the identity's columns).
    static func solve(_ a: [[Double]], columns: [[Double]], pivotFloor: Double) -> [[Double]]? {
        let n = a.count
        guard columns.count == n, a.allSatisfy({ $0.count == n }) else { return nil }
        let m = columns.first?.count ?? 0
        guard columns.allSatisfy({ $0.count == m }) else { return nil }
        var a = a, b = columns
        for c in 0..<n {
            guard let p = (c..<n).max(by: { abs(a[$0][c]) < abs(a[$1][c]) }), abs(a[p][c]) > pivotFloor else { return nil }
            a.swapAt(c, p)
            b.swapAt(c, p)
            for r in (c + 1)..<n where a[r][c] != 0 {
                let f = a[r][c] / a[c][c]
                for k in c..<n { a[r][k] -= f * a[c][k] }
                for j in 0..<m { b[r][j] -= f * b[c][j] }
            }
        }
        var x = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            for j in 0..<m {
                var s = b[r][j]
                for k in (r + 1)..<n { s -= a[r][k] * x[k][j] }
                x[r][j] = s / a[r][r]
            }
        }
        return x
    }
}
