extension TraceRecord {
    /// The same record with `intendedIndex` in place of the file's label (`nil`: unlabelled), for
    /// commands that score records as they are read after the labels were derived from behaviour
    /// (`report --labels behaviour`, second pass). The samples stay the reader's view, valid only
    /// during the call that handed over this record.
    public func relabelled(_ intendedIndex: Int?) -> TraceRecord {
        var release = release
        release.intendedIndex = intendedIndex
        return TraceRecord(release: release, estimate: estimate, samples: samples, sessionID: sessionID, touchDownX: touchDownX)
    }
}
