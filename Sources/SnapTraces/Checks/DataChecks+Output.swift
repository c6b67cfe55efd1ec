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
        if let note = framesNote { out.append(note) }
        return out
    }

    /// The note when the run rebuilt frames (``framesRebuilt``), once per run, with the count of
    /// traces that look frame-logged; `nil` otherwise.
    public var framesNote: String? {
        guard framesRebuilt else { return nil }
        return "note: frames rebuilt: \(velocity.rawValue) was replayed on the input samples rebuilt between logged frames "
            + "(120 Hz, FrameInputReconstruction), not on the rows as logged; \(frameLogged.count) of \(sampleLevel) sample-level "
            + "traces look logged one row per display frame (data check frame-logged); --frames as-logged replays it on the rows"
    }

    /// The frame-logged warning's last clause: what this run did about it, or the option that rebuilds.
    var framesAdvice: String {
        if framesRebuilt || velocity == .composeFrames {
            return "this run's velocities come from the input samples rebuilt between frames, by "
                + (framesRebuilt ? "--frames; --frames as-logged reads the rows as logged" : "--velocity compose-frames")
        }
        if !offersFramesOption { return "--velocity compose-frames rebuilds them" }
        if velocity == .recorded { return "--frames rebuild rebuilds them for an estimator (recorded velocities are used as given)" }
        return "--frames rebuild replays \(velocity.rawValue) on the input samples rebuilt between frames (the default --frames auto "
            + "does so when a file's first traces look like this; standard input and pipes are not pre-scanned)"
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
