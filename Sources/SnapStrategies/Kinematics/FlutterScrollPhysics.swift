/// The parent scroll physics Flutter's paging physics sit on (`PageScrollPhysics`,
/// `FixedExtentScrollPhysics`); it sets a policy's identifier suffix, its default minimum fling
/// velocity and, for fixed extent, its projection.
///
/// Source: flutter `packages/flutter/lib/src/widgets/scroll_physics.dart`
/// (`ClampingScrollPhysics`, `BouncingScrollPhysics`: `minFlingVelocity` 50 px/s, and 2 × 50 for
/// bouncing), `scroll_simulation.dart` (`ClampingScrollSimulation`, `BouncingScrollSimulation` with
/// its friction drag 0.135).
public enum FlutterScrollPhysics: String, Sendable, Hashable {
    /// `ClampingScrollPhysics` (Android default): minimum fling 50 px/s, `ClampingScrollSimulation`.
    case clamping
    /// `BouncingScrollPhysics` (iOS default): minimum fling 2 × 50 = 100 px/s, friction (drag 0.135).
    case bouncing

    /// The physics' `minFlingVelocity`, pt/ms (logical px per ms): 50 px/s clamping, 100 px/s bouncing.
    public var minFlingVelocity: Double {
        switch self {
        case .clamping: return 0.05
        case .bouncing: return 0.1
        }
    }
}
