import type { CSSProperties } from "react";
import { Suspense, useSyncExternalStore } from "react";
import { lazyWithScreens } from "../i18n/lazy-with-screens";
import { getUpdateState, subscribeToUpdates, type UpdateState } from "./register";

// The offer's texts (the "screens" catalog) and its count of unsent orders (Dexie) load when a new
// version is there, not with the empty live region every visit mounts: a first visit loads no more than it shows.
const UpdateOffer = lazyWithScreens(() => import("./UpdateOffer").then((module) => ({ default: module.UpdateOffer })));

const VISIBLE: ReadonlySet<UpdateState> = new Set(["waiting", "updating", "activated-elsewhere"]);

/**
 * "A new version is available — Update / Later". A polite status toast: it is announced without
 * interrupting, never takes the focus away from a field the guest is typing in, and never reloads
 * on its own; only "Update" does, and it is offered only when a reload loses nothing
 * (never on the cart/checkout screen, never with an order in the outbox; domain/pwa-prompts.ts).
 */
export function UpdatePrompt() {
  const state = useSyncExternalStore(subscribeToUpdates, getUpdateState, () => "none" as const);
  const updating = state === "updating";

  // The live region stays mounted, empty when idle, so that screen readers announce the message
  // when it appears (a region inserted together with its text is often not read).
  return (
    <div role="status" aria-live="polite" style={VISIBLE.has(state) ? toastStyle : undefined}>
      {VISIBLE.has(state) && (
        <Suspense fallback={null}>
          <UpdateOffer updating={updating} />
        </Suspense>
      )}
    </div>
  );
}

// Self-contained look, so the toast works whatever the shell's stylesheet: bottom of the screen,
// above the home indicator, in the brand's teal.
const toastStyle: CSSProperties = {
  position: "fixed",
  insetInline: "0.75rem",
  bottom: "calc(0.75rem + env(safe-area-inset-bottom))",
  zIndex: 1000,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "0.5rem",
  padding: "0.75rem 1rem",
  borderRadius: "0.75rem",
  background: "#0e6b73",
  color: "#ffffff",
  boxShadow: "0 4px 16px rgb(0 0 0 / 0.25)",
};
