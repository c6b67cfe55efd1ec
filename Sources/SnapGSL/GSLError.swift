internal import CGSL

/// A failure reported by GSL, or refused before calling it: the operation and GSL's status.
///
/// Its description reads like `GSL error 4 (invalid argument) - while calling gsl_multifit_linear`.
public struct GSLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// GSL's status code (`GSL_EINVAL` = 4, `GSL_ENOMEM` = 8, ...), or 0 when the wrapper refused
    /// the input before calling GSL.
    public let code: Int
    /// The GSL function (or wrapper step) that failed.
    public let operation: String
    /// Extra context from the wrapper (sizes, values), if any.
    public let detail: String

    public init(code: Int, operation: String, detail: String = "") {
        self.code = code
        self.operation = operation
        self.detail = detail
    }

    /// GSL's own text for ``code`` (`gsl_strerror`).
    public var reason: String {
        guard code != 0 else { return "input refused" }
        return String(cString: gsl_strerror(Int32(truncatingIfNeeded: code)))
    }

    public var description: String {
        "GSL error \(code) (\(reason)) - while calling \(operation)" + (detail.isEmpty ? "" : ": \(detail)")
    }
}
