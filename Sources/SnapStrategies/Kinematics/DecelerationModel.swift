/// How far content coasts after a release: the projection policies use to find the natural
/// resting offset.
///
/// Implementations are pure functions of the release velocity (points per millisecond) and
/// return a signed distance in points, with the sign of the velocity.
public protocol DecelerationModel: Sendable {
    /// Signed distance, points, that content coasts from a release at `velocity` pt/ms.
    func coastDistance(velocity: Double) -> Double
}

extension DecelerationModel {
    /// The natural resting offset of a release: `offset + coastDistance(velocity)`, clamped to
    /// the content of a bounded layout (as UIKit clamps its proposed `targetContentOffset`).
    @inlinable
    public func restingOffset(of release: Release, in layout: CarouselLayout) -> Double {
        layout.clampedOffset(release.offset + coastDistance(velocity: release.velocity))
    }
}
