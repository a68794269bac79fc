import { Trans } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import type { CSSProperties } from "react";
import { useSyncExternalStore } from "react";
import { updateMayReload } from "../../domain/pwa-prompts";
import { appDb } from "../db/app-db";
import { applyUpdate, dismissUpdate, getUpdateState, subscribeToUpdates, type UpdateState } from "./register";

const VISIBLE: ReadonlySet<UpdateState> = new Set(["waiting", "updating", "activated-elsewhere"]);

/**
 * "A new version is available — Update / Later". A polite status toast: it is announced without
 * interrupting, never takes the focus away from a field the guest is typing in, and never reloads
 * on its own; only "Update" does, and it is offered only when a reload loses nothing (issue 12:
 * never on the cart/checkout screen, never with an order in the outbox; domain/pwa-prompts.ts).
 */
export function UpdatePrompt() {
  const state = useSyncExternalStore(subscribeToUpdates, getUpdateState, () => "none" as const);
  const updating = state === "updating";

  // The live region stays mounted, empty when idle, so that screen readers announce the message
  // when it appears (a region inserted together with its text is often not read).
  return (
    <div role="status" aria-live="polite" style={VISIBLE.has(state) ? toastStyle : undefined}>
      {VISIBLE.has(state) && <UpdateOffer updating={updating} />}
    </div>
  );
}

function UpdateOffer({ updating }: { updating: boolean }) {
  const pathname = useRouterState({ select: (router) => router.location.pathname });
  // Checkouts the server has not answered (held for sign-in too): their retries and progress live in this page.
  const unsentOrders = useLiveQuery(
    () =>
      appDb()
        .pendingOrders.filter((row) => row.orderId === null)
        .count(),
    [],
    0,
  );
  return <UpdateOfferView updating={updating} mayReload={updateMayReload({ pathname, unsentOrders })} />;
}

/** The toast's text and buttons: "Update" only when a reload loses nothing (or is already under way). */
export function UpdateOfferView({ updating, mayReload: allowed }: { updating: boolean; mayReload: boolean }) {
  const mayReload = updating || allowed;
  return (
    <>
      <p style={{ margin: 0, flex: "1 1 auto" }}>
        {updating ? (
          <Trans>Updating…</Trans>
        ) : mayReload ? (
          <Trans>A new version is available</Trans>
        ) : (
          <Trans>A new version is available. You can update once your order is on its way.</Trans>
        )}
      </p>
      {mayReload && (
        <button type="button" onClick={applyUpdate} disabled={updating} style={buttonStyle}>
          <Trans>Update</Trans>
        </button>
      )}
      <button type="button" onClick={dismissUpdate} disabled={updating} style={buttonStyle}>
        <Trans>Later</Trans>
      </button>
    </>
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

const buttonStyle: CSSProperties = {
  minHeight: "2.75rem",
  padding: "0 1rem",
  border: "1px solid #ffffff",
  borderRadius: "0.5rem",
  background: "transparent",
  color: "inherit",
  font: "inherit",
};
