internal import CGSL

/// Ordinary least-squares polynomial fit through GSL (`gsl_multifit_linear`).
///
/// Fits `y ≈ c0 + c1·x + … + cd·x^d`. Used to estimate release velocity (degree 2, the LSQ2
/// estimator) and as the reference that faster closed forms are tested against.
public enum PolynomialFit {
    /// The coefficients `[c0, c1, …, cd]` of the least-squares polynomial of `degree` through
    /// the points `(x[i], y[i])`.
    ///
    /// Wraps `gsl_multifit_linear_tsvd` (the SVD solve `gsl_multifit_linear` makes, with its
    /// tolerance `GSL_DBL_EPSILON`) with a workspace allocated for this call, and refuses a
    /// rank-deficient system instead of returning its minimum-norm solution.
    /// - Throws: ``GSLError`` naming `gsl_multifit_linear` when the inputs are inconsistent
    ///   (unequal lengths, fewer points than coefficients, non-finite values), when the system is
    ///   singular (`GSL_ESING`: fewer distinct x values than coefficients, e.g. every sample at
    ///   one instant, or an effective SVD rank below `degree + 1`) or GSL reports a failure.
    public static func coefficients(x: [Double], y: [Double], degree: Int) throws(GSLError) -> [Double] {
        GSLRuntime.ensureReady()
        let op = "gsl_multifit_linear"
        guard degree >= 0 else { throw GSLError(code: Int(GSL_EINVAL), operation: op, detail: "degree \(degree) is negative") }
        guard x.count == y.count else {
            throw GSLError(code: Int(GSL_EBADLEN), operation: op, detail: "\(x.count) x values but \(y.count) y values")
        }
        let n = x.count, p = degree + 1
        guard n >= p else {
            throw GSLError(code: Int(GSL_EINVAL), operation: op, detail: "\(n) points cannot fit \(p) coefficients")
        }
        guard x.allSatisfy(\.isFinite), y.allSatisfy(\.isFinite) else {
            throw GSLError(code: Int(GSL_EDOM), operation: op, detail: "non-finite input")
        }
        var distinct = Set<Double>()
        for v in x where distinct.count < p { distinct.insert(v == 0 ? 0 : v) }
        guard distinct.count >= p else {
            throw GSLError(code: Int(GSL_ESING), operation: op,
                           detail: "singular system: \(n) points at \(distinct.count) distinct x value\(distinct.count == 1 ? "" : "s"); degree \(degree) needs \(p)")
        }
        let design = try GSLMatrix(rows: n, columns: p)
        let observations = try GSLVector(y)
        let coefficients = try GSLVector(count: p)
        let covariance = try GSLMatrix(rows: p, columns: p)
        for i in 0..<n {
            var power = 1.0
            for j in 0..<p {
                design[i, j] = power
                power *= x[i]
            }
        }
        guard let work = gsl_multifit_linear_alloc(n, p) else {
            throw GSLError(code: Int(GSL_ENOMEM), operation: "gsl_multifit_linear_alloc", detail: "\(n)×\(p)")
        }
        defer { gsl_multifit_linear_free(work) }
        var chisq = 0.0
        var rank = 0
        try GSLRuntime.check(gsl_multifit_linear_tsvd(design.raw, observations.raw, GSL_DBL_EPSILON, coefficients.raw,
                                                      covariance.raw, &chisq, &rank, work),
                             op, detail: "\(n) points, degree \(degree)")
        guard rank >= p else {
            throw GSLError(code: Int(GSL_ESING), operation: op, detail: "singular system: rank \(rank) < \(p) coefficients (\(n) points, degree \(degree))")
        }
        let c = coefficients.array
        guard c.allSatisfy(\.isFinite) else {
            throw GSLError(code: Int(GSL_ESING), operation: op, detail: "singular system (\(n) points, degree \(degree))")
        }
        return c
    }
}
