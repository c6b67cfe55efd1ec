internal import CGSL

/// The one place that talks to GSL's global state and checks its status codes.
///
/// GSL's default error handler calls `abort()`. ``ensureReady()`` turns it off exactly once,
/// before the first GSL call on any thread; every wrapper calls it first. After that GSL
/// reports failures only through status codes, which ``check(_:_:detail:)`` turns into
/// ``GSLError``s.
enum GSLRuntime {
    /// Swift runs a global's initializer once, thread-safely: the handler is off before any use.
    private static let handlerOff: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// Turns GSL's aborting error handler off (idempotent, thread-safe).
    @inline(__always)
    static func ensureReady() {
        _ = handlerOff
    }

    /// Throws a ``GSLError`` naming `operation` unless `status` is `GSL_SUCCESS`.
    @inline(__always)
    static func check(_ status: Int32, _ operation: String, detail: @autoclosure () -> String = "") throws(GSLError) {
        if status != GSL_SUCCESS {
            throw GSLError(code: Int(status), operation: operation, detail: detail())
        }
    }

    /// Converts a Swift count to GSL's `size_t`, refusing negatives.
    @inline(__always)
    static func size(_ n: Int, _ operation: String) throws(GSLError) -> Int {
        guard n >= 0 else { throw GSLError(code: Int(GSL_EINVAL), operation: operation, detail: "negative size \(n)") }
        return n
    }
}
