/**
 * The order outbox (issue 5 item 7; design.md "Orders: exactly once on patchy Wi-Fi"): a checkout
 * is written to Dexie (appDb().pendingOrders) with its idempotency key BEFORE the first attempt,
 * and stays there until a definite answer. What each answer means is decided in
 * src/domain/order-outbox.ts; this file does the waiting, the locking and the bookkeeping.
 *
 * - One key per checkout, reused on every retry (after a timeout, a reload, a closed app, a
 *   refreshed session), so the server's stored answer makes every repeat harmless.
 * - One unanswered checkout per cart (store + service): a second Send while one is pending gets
 *   the pending one back, never a second key.
 * - One attempt in flight per row: a Web Lock per key across tabs (withLock), and in this tab the
 *   lock queue itself; the server's idempotency makes a lost race harmless anyway.
 * - The parts that touch the world (network, session, clock, timers, locks) come in as deps, so
 *   tests drive it with a stubbed fetch and a hand-cranked timer.
 */

import {
  decideAfterAnswer,
  decideAfterRefresh,
  hasExpired,
  type OutboxAction,
  type RefreshOutcome,
  retryDelayMs,
  type SendAnswer,
} from "../../../domain/order-outbox";
import type { OrderDto, PlaceOrderRequest } from "../../../domain/orders-api";
import type { ApiError } from "../../api/api-error";
import type { AppDatabase, PendingOrderRow } from "../../db/app-db";
import type { Session } from "../../session/session";
import { sendOnceMore } from "./send-once-more";

export interface OutboxDeps {
  db: () => AppDatabase;
  session: () => Promise<Session | null>;
  /** One POST /api/orders; throws an ApiError when it gets no order back. */
  place: (request: PlaceOrderRequest, idempotencyKey: string, session: Session) => Promise<OrderDto>;
  /** Rotates the session's tokens (token-refresh.ts refreshSessionOnce). */
  refresh: () => Promise<RefreshOutcome>;
  /** Calls back when a session appears or goes (sign-in, sign-out, rotation). */
  onSessionChange: (listener: (session: Session | null) => void) => () => void;
  /** Calls back when the device comes back online. */
  onOnline: (listener: () => void) => () => void;
  now: () => number;
  random: () => number;
  /** Runs `work` after `ms`; answers a cancel function. */
  schedule: (work: () => void, ms: number) => () => void;
  /** Runs `work` holding the named lock; answers "busy" without running it when another holder has it. */
  withLock: <T>(name: string, work: () => Promise<T>) => Promise<T | "busy">;
  newKey: () => string;
}

/** Where a checkout comes from: the cart of a store and service at a spot. */
export interface CheckoutInput {
  storeId: number;
  serviceId: number;
  tableId: number;
  request: PlaceOrderRequest;
}

export type OutboxEvent =
  | { kind: "placed"; row: PendingOrderRow; order: OrderDto }
  /** A definite "no": the row is gone, nothing was ordered, the cart stays. */
  | { kind: "refused"; row: PendingOrderRow; code: string; message: string }
  /** Waiting for the guest to sign in. */
  | { kind: "held"; row: PendingOrderRow }
  | { kind: "retrying"; row: PendingOrderRow; delayMs: number }
  /** Tried for 24 hours without an answer: given up, the row is gone. */
  | { kind: "expired"; row: PendingOrderRow };

export interface OrderOutbox {
  /** Stores a new checkout (or answers the cart's unanswered one) without sending it. */
  queue(input: CheckoutInput): Promise<PendingOrderRow>;
  /** One attempt now for this key (any waiting retry is cancelled first). */
  send(idempotencyKey: string): Promise<void>;
  /** Attempts every unanswered row (of one cart when given); held rows only with a session. */
  resume(cart?: { storeId: number; serviceId: number }): Promise<void>;
  /** Removes a row: a held checkout the guest cancels, or an answered one the guest has seen. */
  remove(idempotencyKey: string): Promise<void>;
  subscribe(listener: (event: OutboxEvent) => void): () => void;
  /** Listens for `online` and sign-in, and resumes what a previous run left. Answers stop. */
  start(): () => void;
}

/** Refresh-and-retry rounds within one attempt: enough for one expired jwt, never a loop. */
const MAX_AUTH_ROUNDS = 2;
const LOCK_PREFIX = "order-outbox:";

export function createOrderOutbox(deps: OutboxDeps): OrderOutbox {
  const timers = new Map<string, () => void>();
  const onceMore = sendOnceMore();
  const listeners = new Set<(event: OutboxEvent) => void>();

  const emit = (event: OutboxEvent) => {
    for (const listener of listeners) listener(event);
  };

  function cancelTimer(key: string): void {
    timers.get(key)?.();
    timers.delete(key);
  }

  function later(key: string, ms: number): void {
    cancelTimer(key);
    timers.set(
      key,
      deps.schedule(() => {
        timers.delete(key);
        void send(key);
      }, ms),
    );
  }

  async function unanswered(cart?: { storeId: number; serviceId: number }): Promise<PendingOrderRow[]> {
    const table = deps.db().pendingOrders;
    const rows = cart
      ? await table.where("[storeId+serviceId]").equals([cart.storeId, cart.serviceId]).toArray()
      : await table.toArray();
    return rows.filter((row) => row.orderId === null);
  }

  async function queue(input: CheckoutInput): Promise<PendingOrderRow> {
    const db = deps.db();
    return db.transaction("rw", db.pendingOrders, async () => {
      const [existing] = await unanswered(input);
      if (existing) return existing;
      const row: PendingOrderRow = {
        ...input,
        idempotencyKey: deps.newKey(),
        onHold: false,
        createdAt: new Date(deps.now()).toISOString(),
        attempts: 0,
        lastError: null,
        orderId: null,
      };
      await db.pendingOrders.add(row);
      return row;
    });
  }

  async function attemptOnce(
    row: PendingOrderRow,
  ): Promise<{ action: OutboxAction; answer: SendAnswer; order?: OrderDto; error?: ApiError }> {
    let action: OutboxAction = { action: "retry" };
    let answer: SendAnswer = { kind: "no-answer" };
    for (let round = 0; round < MAX_AUTH_ROUNDS; round++) {
      const session = await deps.session();
      if (!session) {
        answer = { kind: "no-session" };
        return { action: decideAfterAnswer(answer), answer };
      }
      try {
        const order = await deps.place(row.request, row.idempotencyKey, session);
        answer = { kind: "order", order };
        return { action: decideAfterAnswer(answer), answer, order };
      } catch (caught) {
        const error = caught as ApiError;
        answer =
          error.status === null ? { kind: "no-answer" } : { kind: "error", status: error.status, code: error.code };
        action = decideAfterAnswer(answer);
        if (action.action !== "refresh-session") return { action, answer, error };
        action = decideAfterRefresh(await deps.refresh());
        if (action.action !== "retry") return { action, answer, error };
      }
    }
    // A refreshed session refused again: treat it as a passing failure and try later.
    return { action: { action: "retry" }, answer };
  }

  async function sendLocked(key: string): Promise<void> {
    const table = deps.db().pendingOrders;
    const row = await table.get(key);
    if (!row || row.orderId !== null) return;
    if (hasExpired(row.createdAt, deps.now())) {
      await table.delete(key);
      emit({ kind: "expired", row });
      return;
    }
    const { action, answer, order, error } = await attemptOnce(row);
    const attempts = row.attempts + 1;
    switch (action.action) {
      case "done": {
        const next = { ...row, attempts, lastError: null, onHold: false, orderId: action.orderId };
        await table.put(next);
        if (order) emit({ kind: "placed", row: next, order });
        return;
      }
      case "drop":
        await table.delete(key);
        emit({ kind: "refused", row, code: action.code, message: error?.message ?? action.code });
        return;
      case "hold": {
        const next = { ...row, onHold: true, lastError: answer.kind === "error" ? answer.code : "NO_SESSION" };
        await table.put(next);
        emit({ kind: "held", row: next });
        return;
      }
      case "retry":
      case "refresh-session": {
        const lastError = answer.kind === "error" ? answer.code : "NETWORK_ERROR";
        const next = { ...row, attempts, lastError, onHold: false };
        await table.put(next);
        const delayMs = retryDelayMs(attempts, deps.random());
        later(key, delayMs);
        emit({ kind: "retrying", row: next, delayMs });
        return;
      }
    }
  }

  async function send(key: string): Promise<void> {
    await onceMore(key, async () => {
      cancelTimer(key);
      const result = await deps.withLock(LOCK_PREFIX + key, () => sendLocked(key));
      // Another tab is sending it; look again later in case that tab goes away.
      if (result === "busy") later(key, retryDelayMs(Number.POSITIVE_INFINITY, deps.random()));
    });
  }

  async function resume(cart?: { storeId: number; serviceId: number }): Promise<void> {
    const rows = await unanswered(cart);
    if (rows.length === 0) return;
    const signedIn = (await deps.session()) !== null;
    await Promise.all(rows.filter((row) => signedIn || !row.onHold).map((row) => send(row.idempotencyKey)));
  }

  async function remove(key: string): Promise<void> {
    cancelTimer(key);
    await deps.db().pendingOrders.delete(key);
  }

  function subscribe(listener: (event: OutboxEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  function start(): () => void {
    const resumeAll = () => void resume().catch(() => undefined);
    const stopOnline = deps.onOnline(resumeAll);
    // A sign-in sends what waited on it (the entrance dialog's "Complete order").
    const stopSession = deps.onSessionChange((session) => {
      if (session) resumeAll();
    });
    resumeAll();
    return () => {
      stopOnline();
      stopSession();
      for (const key of [...timers.keys()]) cancelTimer(key);
    };
  }

  return { queue, send, resume, remove, subscribe, start };
}
