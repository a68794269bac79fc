/**
 * The update toast's content (UpdatePrompt.tsx keeps the live region): "A new version is
 * available — Update / Later", with "Update" offered only when a reload loses nothing
 * (never on the cart/checkout screen, never with an order in the outbox; domain/pwa-prompts.ts).
 */
import { Trans } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import type { CSSProperties } from "react";
import { updateMayReload } from "../../domain/pwa-prompts";
import { appDb } from "../db/app-db";
import { APP_DB_NAME, useDatabasePresence } from "../db/stored-databases";
import { applyUpdate, dismissUpdate } from "./register";

export function UpdateOffer({ updating }: { updating: boolean }) {
  const pathname = useRouterState({ select: (router) => router.location.pathname });
  // Checkouts the server has not answered (held for sign-in too): their retries and progress live in this page.
  // No database on this device: no order was ever queued (and reading must not create it).
  const stored = useDatabasePresence(APP_DB_NAME);
  const unsentOrders = useLiveQuery(
    () =>
      stored === "present"
        ? appDb()
            .pendingOrders.filter((row) => row.orderId === null && !row.ended)
            .count()
        : 0,
    [stored],
  );
  // Not known yet: no Update button that a queued order would have forbidden.
  if (stored === "unknown" || unsentOrders === undefined) return null;
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

const buttonStyle: CSSProperties = {
  minHeight: "2.75rem",
  padding: "0 1rem",
  border: "1px solid #ffffff",
  borderRadius: "0.5rem",
  background: "transparent",
  color: "inherit",
  font: "inherit",
};
