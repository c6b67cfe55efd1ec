import SnapStrategies
import SnapTraces

/// The JavaScript export: one ES module with no imports, holding the recorder page's ports of the
/// geometry and the policies (``RecorderScript``, translated branch for branch from
/// `SnapStrategies`) and the export's own (``policies``), the policy's values, and — when the thresholds assume SnapLab's `lsq2`
/// estimator, which the web lacks — `createVelocityTracker()`, its port, and `attachSnapping(el,
/// layout)`, the adapter that snaps a plain scroll container driven by pointer events (tested in
/// Chromium with synthesized touch swipes, `ExportWebAdapterTests`). Beside it a `.d.ts`.
public enum JavaScriptExport {
    /// Whether `id` has a JavaScript port (the recorder page's ports).
    static func supports(_ id: String) -> Bool { RecorderPolicyPort.supports(id) || ownPolicies.contains(id) }

    /// Whether the module carries `createVelocityTracker()`: the thresholds assume `lsq2`.
    static func hasTracker(_ export: PolicyExport) -> Bool { export.header.velocity.hasPrefix(VelocityMethod.lsq2.rawValue) }

    /// The module's text.
    static func module(_ export: PolicyExport) -> String {
        let policy = export.policy
        let (decider, cap) = export.translated
        let params = export.namedValues.map { "\($0.name): \(ExportNumber.text($0.value))" }.joined(separator: ", ")
        var out = export.header.comment()
        out += """
        //
        // \(export.typeName): `targetIndex(layout, release)` is the item a horizontal carousel comes to rest on
        // when the finger lifts; `decide` adds the slot, resting offset and rule. Self-contained: no imports.
        // Layout: itemWidth, itemSpacing, leadingInset, trailingInset (default: leadingInset), viewportWidth,
        // itemCount, alignment ("leading" | "center" | "trailing"), looping. Release: offset, velocity,
        // startOffset (default: offset), startIndex, fingerTravel, durationMs.

        """
        out += RecorderScript.geometry + "\n" + RecorderScript.policies + "\n" + RecorderScript.cssSnap + "\n" + policies + "\n" + composePager + "\n" + embla + "\n" + flutterFixedExtent + "\n" + iCarousel + "\n" + uiKitPagingSpring + "\n"
        if hasTracker(export) { out += RecorderScript.velocity + "\n" }
        out += """
        const POLICY = Object.freeze({ id: "\(policy.id)", params: Object.freeze({ \(params) }), snapOrigin: "\(decider.snapOrigin.rawValue)",
                                       maxItemsPerFling: \(cap.map(String.init) ?? "null") });
        // The translation that decides (the base of a capped policy, or the base with its platform's own cap).
        const DECIDER = Object.freeze({ id: "\(decider.id)", params: POLICY.params, snapOrigin: POLICY.snapOrigin });

        /**
         * The policy this module decides with: its identifier, parameter values by name, snap origin, and the
         * per-fling cap applied after its decision (null: none, or the platform's own cap inside the decision).
         */
        export const policy = POLICY;

        const checkLayout = (l) => {
          const finite = (name, value, ok, expected) => {
            if (typeof value !== "number" || !isFinite(value) || !ok) {
              throw new RangeError("layout." + name + ": found " + value + ", expected " + expected);
            }
          };
          const spacing = l.itemSpacing ?? 0, leading = l.leadingInset ?? 0, trailing = l.trailingInset ?? leading;
          finite("itemWidth", l.itemWidth, l.itemWidth > 0, "a finite number > 0 (points)");
          finite("itemSpacing", spacing, spacing >= 0, "a finite number >= 0 (points)");
          finite("leadingInset", leading, leading >= 0, "a finite number >= 0 (points)");
          finite("trailingInset", trailing, trailing >= 0, "a finite number >= 0 (points)");
          finite("viewportWidth", l.viewportWidth, l.viewportWidth > 0, "a finite number > 0 (points)");
          finite("itemCount", l.itemCount, Number.isInteger(l.itemCount) && l.itemCount >= 1, "a whole number >= 1");
          const alignment = l.alignment ?? "leading";
          if (alignment !== "leading" && alignment !== "center" && alignment !== "trailing") {
            throw new RangeError("layout.alignment: found " + alignment + ", expected leading, center or trailing");
          }
          return SL.layout({ itemWidth: l.itemWidth, spacing: spacing, leadingInset: leading, trailingInset: trailing,
                             viewportWidth: l.viewportWidth, itemCount: l.itemCount, alignment: alignment,
                             isLooping: l.looping === true });
        };

        /** The whole decision: slot (counts past the ends of a looping layout), item index, resting offset, rule. */
        export function decide(layout, release) {
          const r = { offset: release.offset, velocity: release.velocity, startOffset: release.startOffset ?? release.offset,
                      startIndex: release.startIndex ?? null, fingerTravel: release.fingerTravel ?? null,
                      durationMs: release.durationMs ?? 0 };
          const L = checkLayout(layout);
          let d = SL.decide(DECIDER, r, L);
          if (POLICY.maxItemsPerFling !== null) {
            // CappedSnapPolicy.swift: at most n items from the item selected before the drag, in the policy's layout.
            const own = SL.snapped(L, DECIDER.snapOrigin), n = POLICY.maxItemsPerFling, start = SL.startSlot(r, own);
            const capped = SL.clamp(d.slot, start - n, start + n);
            if (capped !== d.slot) d = own.decision(capped, d.rule + "+cap");
          }
          return { slot: d.slot, index: d.index, offset: d.offset, rule: d.rule };
        }

        /** The item the carousel comes to rest on, 0 ..< layout.itemCount. */
        export function targetIndex(layout, release) {
          return decide(layout, release).index;
        }

        /**
         * Units at the web boundary: CSS pixels are points; velocities in px/s become pt/ms; a finger moving
         * right (clientX growing) scrolls toward earlier items, so the content velocity is its negative.
         */
        export const units = Object.freeze({
          cssPxToPt: (px) => px,
          pxPerSecondToPtPerMs: (pxPerSecond) => pxPerSecond / 1000,
          fingerToContentVelocity: (fingerPtPerMs) => -fingerPtPerMs,
        });

        """
        if hasTracker(export) {
            out += """

            /**
             * The release velocity these thresholds assume (SnapLab's lsq2: AOSP VelocityTracker LSQ2, 100 ms
             * horizon, 20 samples, 40 ms pointer-stopped gap). Feed it the content offset (points) of every
             * pointerdown and pointermove with its time (ms, e.g. event.timeStamp), then ask for the velocity
             * (pt/ms) at pointerup.
             */
            export function createVelocityTracker() {
              let samples = [];
              return {
                addMovement(timeMs, offset) {
                  samples.push({ t: timeMs, x: offset, move: true });
                  if (samples.length > 64) samples.shift();
                },
                releaseVelocity(timeMs, offset) {
                  return SL.lsq2(samples.concat([{ t: timeMs, x: offset, move: false }])).velocity;
                },
                reset() { samples = []; },
              };
            }

            /**
             * Snaps a plain horizontal scroll container (`overflow-x: hidden` or `auto`) driven by pointer events:
             * the container follows the finger (CSS px are points), the tracker measures the release velocity,
             * and at lift-off it scrolls to the decision's resting offset. `layout` describes the container's
             * items; `options.behavior` is scrollTo's ("smooth" by default); `options.onDecision(release,
             * decision)` sees every lift-off. Returns a function that detaches the listeners.
             */
            export function attachSnapping(el, layout, options = {}) {
              const tracker = createVelocityTracker();
              let start = null;
              const down = (e) => {
                if (!e.isPrimary) return;
                start = { id: e.pointerId, x: e.clientX, t: e.timeStamp, offset: el.scrollLeft };
                tracker.reset();
                tracker.addMovement(e.timeStamp, el.scrollLeft);
                try { el.setPointerCapture(e.pointerId); } catch (_) { /* synthetic or released pointer */ }
              };
              const move = (e) => {
                if (start === null || e.pointerId !== start.id) return;
                el.scrollLeft = start.offset - (e.clientX - start.x);
                tracker.addMovement(e.timeStamp, el.scrollLeft);
              };
              const up = (e) => {
                if (start === null || e.pointerId !== start.id) return;
                const offset = el.scrollLeft;
                const release = { offset: offset, velocity: tracker.releaseVelocity(e.timeStamp, offset),
                                  startOffset: start.offset, fingerTravel: -(e.clientX - start.x),
                                  durationMs: e.timeStamp - start.t };
                start = null;
                const d = decide(layout, release);
                if (options.onDecision) options.onDecision(release, d);
                el.scrollTo({ left: d.offset, behavior: options.behavior ?? "smooth" });
              };
              el.style.touchAction = "pan-y";
              el.addEventListener("pointerdown", down);
              el.addEventListener("pointermove", move);
              el.addEventListener("pointerup", up);
              el.addEventListener("pointercancel", up);
              return () => {
                el.removeEventListener("pointerdown", down);
                el.removeEventListener("pointermove", move);
                el.removeEventListener("pointerup", up);
                el.removeEventListener("pointercancel", up);
              };
            }

            """
        }
        return out
    }

    /// The TypeScript declarations of the module.
    static func declarations(_ export: PolicyExport) -> String {
        var out = export.header.comment()
        out += """

        export interface SnapLayout {
          /** Width of one item, points (> 0). */
          itemWidth: number;
          /** Gap between neighbouring items, points (default 0). */
          itemSpacing?: number;
          /** Space before the first item, points (default 0). */
          leadingInset?: number;
          /** Space after the last item, points (default: leadingInset). */
          trailingInset?: number;
          /** Width of the visible area, points (> 0). */
          viewportWidth: number;
          /** Number of items (a whole number >= 1). */
          itemCount: number;
          /** Where a resting item sits (default "leading"). */
          alignment?: "leading" | "center" | "trailing";
          /** Whether the carousel wraps around (default false). */
          looping?: boolean;
        }

        export interface SnapRelease {
          /** Content offset at lift-off, points (grows toward later items). */
          offset: number;
          /** Release velocity d(offset)/dt, points per millisecond. */
          velocity: number;
          /** Content offset at touch-down, points (default: offset). */
          startOffset?: number;
          /** The item selected before the drag (default: the one nearest startOffset). */
          startIndex?: number | null;
          /** Finger displacement touch-down to lift-off, points, in the sign of the offset change. */
          fingerTravel?: number | null;
          /** Contact time touch-down to lift-off, ms (default 0). */
          durationMs?: number;
        }

        export interface SnapDecision {
          slot: number;
          index: number;
          offset: number;
          rule: string;
        }

        export declare const policy: {
          readonly id: string;
          readonly params: Readonly<Record<string, number>>;
          readonly snapOrigin: string;
          /** Most items one release moves from the item selected before the drag; null: no cap after the decision. */
          readonly maxItemsPerFling: number | null;
        };

        export declare function decide(layout: SnapLayout, release: SnapRelease): SnapDecision;

        export declare function targetIndex(layout: SnapLayout, release: SnapRelease): number;

        export declare const units: {
          cssPxToPt(px: number): number;
          pxPerSecondToPtPerMs(pxPerSecond: number): number;
          fingerToContentVelocity(fingerPtPerMs: number): number;
        };

        """
        if hasTracker(export) {
            out += """

            export interface VelocityTracker {
              /** A pointerdown or pointermove: time (ms) and content offset (points). */
              addMovement(timeMs: number, offset: number): void;
              /** The release velocity (pt/ms) at pointerup. */
              releaseVelocity(timeMs: number, offset: number): number;
              reset(): void;
            }

            export declare function createVelocityTracker(): VelocityTracker;

            export declare function attachSnapping(el: HTMLElement, layout: SnapLayout, options?: {
              behavior?: ScrollBehavior;
              onDecision?: (release: SnapRelease, decision: SnapDecision) => void;
            }): () => void;

            """
        }
        return out
    }
}
