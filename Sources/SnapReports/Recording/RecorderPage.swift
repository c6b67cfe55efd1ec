import SnapStrategies
import SnapLabSupport

/// The self-contained study page `snaplab record` writes: one HTML file with inline CSS and
/// JavaScript, no network access, that works opened from disk or from any static host.
///
/// The page asks for a participant id, shows one instruction per trial, runs the chosen policy
/// (ported to JavaScript, ``RecorderPolicyPort``) on every release, and keeps a log of every
/// pointer event on the carousel that the participant can download as JSONL
/// (`Docs/recording.md` lists the fields). Nothing leaves the device unless downloaded.
public struct RecorderPage: Sendable {
    public let layout: CarouselLayout
    public let policyConfiguration: JSONValue
    public let policyID: String
    public let plan: StudyPlan
    /// Pause after a reached goal before the next trial, ms.
    public let pauseMilliseconds: Double
    /// Whether the browser's own CSS scroll snap moves the carousel (`--native-css-snap`) instead
    /// of the ported policy (``RecorderScript/nativeSnap``).
    public let nativeSnap: Bool

    /// Policies the browser can run natively: `scroll-snap-type: x mandatory` and `x proximity`.
    public static let nativePolicies = ["css-snap-mandatory", "css-snap-proximity"]
    /// Most items a native-snap page draws (every item is a real element there).
    public static let nativeItemLimit = 2000

    /// - Throws: ``RecorderError/unsupportedPolicy(id:supported:)`` when the policy has no port.
    /// - Throws: ``RecorderError/invalidOption(name:detail:)`` for `nativeSnap` with another policy, a
    ///   looping layout (a real overflow container has ends) or more than ``nativeItemLimit`` items.
    public init(layout: CarouselLayout, policy: any SnapPolicy, plan: StudyPlan,
                pauseMilliseconds: Double = 600, nativeSnap: Bool = false) throws(RecorderError) {
        try Self.check(layout)
        if nativeSnap {
            guard Self.nativePolicies.contains(policy.id) else {
                throw .invalidOption(name: "--native-css-snap", detail: "needs --policy css-snap-mandatory or css-snap-proximity, not \(policy.id)")
            }
            guard !layout.isLooping else {
                throw .invalidOption(name: "--native-css-snap", detail: "a browser's scroll container has ends: no --looping")
            }
            guard layout.itemCount <= Self.nativeItemLimit else {
                throw .invalidOption(name: "--native-css-snap", detail: "draws every item: at most \(Self.nativeItemLimit), not \(layout.itemCount)")
            }
        }
        self.nativeSnap = nativeSnap
        self.layout = layout
        self.policyConfiguration = try RecorderPolicyPort.configuration(of: policy)
        self.policyID = policy.id
        self.plan = plan
        self.pauseMilliseconds = pauseMilliseconds
    }

    /// Refuses layouts whose items do not fit the snapport (the viewport, less the trailing inset
    /// in a trailing-aligned layout): the CSS scroll-snap port has no covering path
    /// (`CSSScrollSnap+Covering.swift`), and a participant cannot see such an item whole anyway.
    public static func check(_ layout: CarouselLayout) throws(RecorderError) {
        let snapport = layout.viewportWidth - (layout.alignment == .trailing ? layout.trailingInset : 0)
        guard layout.itemWidth <= snapport else {
            throw .invalidOption(name: "--item-width", detail: "the recorder page needs items no wider than the viewport "
                                 + "(less the trailing inset when trailing-aligned): \(layout.itemWidth) > \(snapport) pt")
        }
    }

    /// The layout as the page's `SL.layout` takes it.
    public static func layoutConfiguration(_ layout: CarouselLayout) -> JSONValue {
        .object([
            ("itemWidth", .number(layout.itemWidth)), ("spacing", .number(layout.spacing)),
            ("leadingInset", .number(layout.leadingInset)), ("trailingInset", .number(layout.trailingInset)),
            ("viewportWidth", .number(layout.viewportWidth)), ("itemCount", .int(layout.itemCount)),
            ("alignment", .string(layout.alignment.rawValue)), ("isLooping", .bool(layout.isLooping)),
        ])
    }

    /// The layout as `snaplab` layout options, for the import command the page shows at the end.
    public static func layoutArguments(_ layout: CarouselLayout) -> String {
        func n(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)" }
        return "--item-width \(n(layout.itemWidth)) --spacing \(n(layout.spacing)) --leading-inset \(n(layout.leadingInset)) "
            + "--trailing-inset \(n(layout.trailingInset)) --viewport \(n(layout.viewportWidth)) --count \(layout.itemCount) "
            + "--alignment \(layout.alignment.rawValue)" + (layout.isLooping ? " --looping" : "")
    }

    /// The configuration the page reads (`#snaplab-config`).
    public var configuration: JSONValue {
        .object([
            ("format", .string("snaplab-recorder 1")),
            ("nativeSnap", .bool(nativeSnap)),
            ("layout", Self.layoutConfiguration(layout)),
            ("policy", policyConfiguration),
            ("task", .string(plan.task.rawValue)),
            ("seed", .string(String(plan.seed))),
            ("trials", .array(plan.trials.map { .object([("target", .int($0.target)), ("startSlot", .int($0.startSlot))]) })),
            ("pauseMs", .number(pauseMilliseconds)),
            ("layoutArguments", .string(Self.layoutArguments(layout))),
            ("summary", .string("\(layout); policy \(policyID); task \(plan.task.rawValue); seed \(plan.seed)")),
        ])
    }

    /// The whole page.
    public func html() -> String {
        // `</` cannot appear inside a script element; JSON allows `<\/` for it.
        let config = configuration.rendered().replacing("</", with: "<\\/")
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">
        <title>SnapLab swipe study</title>
        <style>
        \(Self.style)
        </style>
        </head>
        <body>
        <section id="intro">
          <h1>Swipe study</h1>
          <p>Each trial asks you to bring a numbered item into view by swiping the row of items. Swipe as you
          normally would. When a trial is done the next one starts by itself.</p>
          <p>Nothing leaves this device: the page keeps a log of your touches that you can download at the end
          and hand to the person running the study.</p>
          <label for="participant">Participant id</label>
          <input id="participant" autocomplete="off" autocapitalize="off">
          <p id="participant-error" class="error"></p>
          <button id="start" type="button">Start</button>
        </section>
        <section id="study" hidden>
          <p id="progress"></p>
          <p id="instruction"></p>
          <div id="carousel"><div id="track"></div></div>
          <p id="feedback"></p>
          <p class="buttons"><button id="skip" type="button">Skip this trial</button>
          <button class="download" type="button">Download log</button></p>
        </section>
        <section id="done" hidden>
          <h1>Thank you</h1>
          <p id="summary"></p>
          <p><button class="download" type="button">Download log</button></p>
          <p class="small">For the person running the study, to turn the log into traces:</p>
          <p class="small"><code id="import-line"></code></p>
        </section>
        <p id="layout-line" class="small"></p>
        <script type="application/json" id="snaplab-config">\(config)</script>
        <script>
        \(RecorderScript.all)
        </script>
        </body>
        </html>

        """
    }

    static let style = """
    html, body { margin: 0; font-family: system-ui, -apple-system, sans-serif; background: #fafafa; color: #222; }
    body { overscroll-behavior: none; }
    section { padding: 0 0 8px 0; }
    h1 { font-size: 1.4em; margin: 16px; }
    p, label { margin: 8px 16px; }
    input { margin: 4px 16px; font-size: 1.2em; padding: 6px; width: 60%; }
    button { font-size: 1.05em; padding: 10px 14px; margin: 4px 16px 4px 0; }
    #start { margin-left: 16px; }
    .buttons { margin-top: 16px; }
    .error { color: #b00020; min-height: 1em; }
    .small { font-size: 0.75em; color: #777; }
    #instruction { font-size: 1.6em; font-weight: 600; min-height: 1.3em; }
    #feedback { font-size: 2em; color: #1b7f3b; min-height: 1.2em; text-align: center; }
    #carousel { position: relative; width: 100vw; overflow: hidden; touch-action: none; user-select: none;
                -webkit-user-select: none; background: #eee; }
    #track { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
    .item { position: absolute; left: 0; top: 5%; height: 90%; align-items: center; justify-content: center;
            border-radius: 14px; color: #fff; font-size: 2.4em; font-weight: 700; box-sizing: border-box;
            text-shadow: 0 1px 2px rgba(0,0,0,0.4); will-change: transform; }
    #carousel.native { overflow-x: scroll; overflow-y: hidden; touch-action: pan-x; overscroll-behavior-x: contain;
                       scrollbar-width: none; }
    #carousel.native::-webkit-scrollbar { display: none; }
    #track.native .item { will-change: auto; }
    """
}
