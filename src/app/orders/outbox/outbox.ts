/**
 * The app's one order outbox, wired to the real world: Dexie, the stored session, POST /api/orders,
 * the token refresh, `online`, timers and Web Locks. Start it once at app start (startOrderOutbox)
 * so checkouts left by a closed tab go out; the cart screen also resumes its own cart on open.
 */
import { refreshTokens } from "../../api/accounts";
import { sessionToSend } from "../../api/accounts-client";
import { placeOrder } from "../../api/orders";
import { appDb } from "../../db/app-db";
import { onSessionChange } from "../../session/session";
import { refreshSessionOnce } from "../../session/token-refresh";
import { createOrderOutbox, type OrderOutbox, type OutboxDeps } from "./order-outbox";
import { withLock } from "./outbox-lock";

/** The real world; tests replace only the timer (and stub fetch). */
export function browserOutboxDeps(): OutboxDeps {
  return {
    db: appDb,
    // A spent jwt is refreshed before the attempt rather than sent to a certain 401.
    session: sessionToSend,
    place: placeOrder,
    refresh: () => refreshSessionOnce(refreshTokens),
    onSessionChange,
    onOnline: (listener) => {
      window.addEventListener("online", listener);
      return () => window.removeEventListener("online", listener);
    },
    now: Date.now,
    random: Math.random,
    schedule: (work, ms) => {
      const handle = setTimeout(work, ms);
      return () => clearTimeout(handle);
    },
    withLock,
    newKey: () => crypto.randomUUID(),
  };
}

let outbox: OrderOutbox | undefined;

export function orderOutbox(): OrderOutbox {
  outbox ??= createOrderOutbox(browserOutboxDeps());
  return outbox;
}

let stop: (() => void) | undefined;

/** Idempotent: listens for `online` and sign-in and resumes every unanswered checkout. */
export function startOrderOutbox(): () => void {
  stop ??= orderOutbox().start();
  return () => {
    stop?.();
    stop = undefined;
  };
}
