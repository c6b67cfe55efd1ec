import SnapLabSupport

/// What every command that reads traces says about them: the same lines on standard error and
/// the same `warnings` array in JSON, whichever command it is.
extension DataChecks {
    /// The lines for standard error: each warning (``DataWarning/text``), then the notice about a
    /// `release_velocity` column that the run's estimator (``velocity``) ignores
    /// (``VelocityInUse/ignoredNotice(method:ignored:)``).
    /// - Parameter users: distinct users when the command reports per-user intervals (`nil`: not checked).
    public func lines(users: Int? = nil) -> [String] {
        var out = warnings(users: users).map(\.text)
        if let notice = VelocityInUse.ignoredNotice(method: velocity, ignored: recordedVelocities) { out.append(notice) }
        return out
    }

    /// The warnings as a JSON array (each ``DataWarning/json``), for a document's `warnings` key.
    public func json(users: Int? = nil) -> JSONValue {
        .array(warnings(users: users).map(\.json))
    }
}

extension JSONValue {
    /// This object with `key` appended (or replaced, keeping its place); other values unchanged.
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var items) = self else { return self }
        if let i = items.firstIndex(where: { $0.0 == key }) { items[i].1 = value } else { items.append((key, value)) }
        return .object(items)
    }
}
