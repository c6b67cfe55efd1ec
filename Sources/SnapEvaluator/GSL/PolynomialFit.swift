internal import CGSL

/// Ordinary least-squares polynomial fit through GSL (`gsl_multifit_linear`).
///
/// Fits `y ≈ c0 + c1·x + … + cd·x^d`. Used to estimate release velocity (degree 2, the LSQ2
/// estimator) and as the reference that faster closed forms are tested against.
public enum PolynomialFit {
    /// The coefficients `[c0, c1, …, cd]` of the least-squares polynomial of `degree` through
    /// the points `(x[i], y[i])`.
    ///
    /// Wraps `gsl_multifit_linear` with a workspace allocated for this call.
    /// - Throws: ``GSLError`` when the inputs are inconsistent (unequal lengths, fewer points
    ///   than coefficients, non-finite values) or GSL reports a failure.
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
        try GSLRuntime.check(gsl_multifit_linear(design.raw, observations.raw, coefficients.raw, covariance.raw, &chisq, work),
                             op, detail: "\(n) points, degree \(degree)")
        let c = coefficients.array
        guard c.allSatisfy(\.isFinite) else {
            throw GSLError(code: Int(GSL_ESING), operation: op, detail: "singular system (\(n) points, degree \(degree))")
        }
        return c
    }
}
