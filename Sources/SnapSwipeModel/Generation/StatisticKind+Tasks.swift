/// Which recordings a statistic describes: the `generate --like` table of a recording shows only
/// the rows of its task (issue 32).
extension StatisticKind {
    /// The statistics of paging's stroke styles (flicks, drags and stays: ``RecordingSummary``'s
    /// style and paging-stroke rows), which only a paging recording has: its one-item strokes and
    /// stays are paging intents, and only the paging model has the styles they describe. The same
    /// rows ``RecordingSummary/statistics`` leaves out of a recording under the revealed criterion.
    public static let pagingOnly: Set<StatisticKind> = [
        dragHeldShare, styleSpeedSpread, styleGainSpread, fastStrokeTimeMedian, slowStrokeTimeSpread, dragMotionTimeSpread,
        stepperTravelMedian, stepperTravelLocation, stepperTravelSpread, stepperSpeedSpread, flickTravelSpread,
        flickStrokeTimeSpread, flickStrokeTimeLocation, durationSpread,
        travelFarNearRatio, farShortShare, oneItemCameToRestShare, stayRestedShare, oneItemSlowShare,
        oneItemSlowTravelLocation, oneItemSlowMotionTimeLocation, stayMotionTimeLocation, farSlowShare, travelFarReachRatio,
        travelFar2NearRatio,
    ]

    /// Whether a recording of `task` has this statistic: every one for paging (the trials' and goal
    /// distances' rows are measured alike on a paging recording of labelled trials, and the paging
    /// fit takes them as they are), all but the paging-only ones for reveal and browse (neither
    /// model has paging's styles).
    public func applies(to task: SwipeTask) -> Bool {
        task == .paging || !Self.pagingOnly.contains(self)
    }
}
