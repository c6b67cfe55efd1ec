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
        oneItemSlowTravelLocation, oneItemSlowMotionTimeLocation, stayMotionTimeLocation, farSlowShare,
    ]

    /// The statistics of a reveal task's goals that a paging recording does not have: none. Every
    /// other row (the trials' and goal distances' included) is measured the same way on a paging
    /// recording of labelled trials, and the paging fit takes them as they are.
    public static let revealOnly: Set<StatisticKind> = []

    /// Whether a recording of `task` has this statistic: not a paging-only one for reveal and
    /// browse (neither model has paging's styles), not a reveal-only one for paging.
    public func applies(to task: SwipeTask) -> Bool {
        task == .paging ? !Self.revealOnly.contains(self) : !Self.pagingOnly.contains(self)
    }
}
