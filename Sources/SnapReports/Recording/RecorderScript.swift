/// The JavaScript of the page `snaplab record` writes, kept as Swift string constants (one
/// concern per file, `RecorderScript+*.swift`) so that the page is one self-contained file and
/// the tests can load each part into a browser on its own.
///
/// - ``geometry``: `SnapMath` and `CarouselLayout` (`SL.layout`).
/// - ``policies`` and ``cssSnap``: the ported policies, `SL.policies[id](release, layout, params)`.
/// - ``velocity``: the release velocity as `--velocity lsq2` estimates it (`SL.lsq2`).
/// - ``page``: the study (trials, drawing, pointer logging, download).
/// - ``nativeSnap``: the browser's own CSS scroll snap instead of the ported policy (`--native-css-snap`).
public enum RecorderScript {
    /// Everything that decides, without the page: geometry, policies and velocity. Evaluates to
    /// a global `SL` in any JavaScript engine (browser or not).
    public static var decisionCore: String { geometry + "\n" + policies + "\n" + cssSnap + "\n" + velocity }

    /// The whole script of the page.
    public static var all: String { decisionCore + "\n" + page + "\n" + nativeSnap }
}
