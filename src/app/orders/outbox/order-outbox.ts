/**
 * The order outbox (design.md "Orders: exactly once on patchy Wi-Fi"): a checkout
 * is written to Dexie (appDb().pendingOrders) with its idempotency key BEFORE the first attempt,
 * and stays there until a definite answer. What each answer means is decided in
 * src/domain/order-outbox.ts; this file does the waiting, the locking and the bookkeeping.
 *
 * - One key per checkout, reused on every retry (after a timeout, a reload, a closed app, a
 *   refreshed session), so the server's stored answer makes every repeat harmless.
 * - A checkout takes its lines out of the cart in the same transaction that stores it: the cart is
 *   free at once for the next round, which is its own checkout with its own key. A double tap
 *   finds the lines already taken and stores nothing (CartChangedError).
 * - An order that is not made (a refusal, 24 hours without an answer, a held checkout cancelled,
 *   a final status other than accepted) gives its lines back to the cart in the same transaction
 *   that ends it (domain/order-rounds.ts).
 * - One attempt in flight per row: a Web Lock per key across tabs (withLock), and in this tab the
 *   lock queue itself; the server's idempotency makes a lost race harmless anyway.
 * - The parts that touch the world (network, session, clock, timers, locks) come in as deps, so
 *   tests drive it with a stubbed fetch and a hand-cranked timer.
 */

import type { CartLine } from "../../../domain/cart";
import {
  decideAfterAnswer,
  decideAfterRefresh,
  hasExpired,
  type OutboxAction,
  type RefreshOutcome,
  retryDelayMs,
  type SendAnswer,
} from "../../../domain/order-outbox";
import { type OrderEnd, returnLines, returnsLines, takeLines } from "../../../domain/order-rounds";
import type { OrderDto, PlaceOrderRequest } from "../../../domain/orders-api";
import type { ApiError } from "../../api/api-error";
import type { AppDatabase, PendingOrderRow } from "../../db/app-db";
import { changeCart } from "../../db/cart-repository";
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

/** Where a checkout comes from: the cart of a store and service at a spot, and the lines it sends. */
export interface CheckoutInput {
  storeId: number;
  serviceId: number;
  tableId: number;
  request: PlaceOrderRequest;
  lines: readonly CartLine[];
}

/** The cart no longer holds the lines as shown (changed in another tab, or sent already): nothing was stored. */
export class CartChangedError extends Error {
  constructor() {
    super("The cart changed before it was sent");
    this.name = "CartChangedError";
  }
}

export type OutboxEvent =
  | { kind: "placed"; row: PendingOrderRow; order: OrderDto }
  /** A definite "no": the row is gone, nothing was ordered, the cart stays. */
  | { kind: "refused"; row: PendingOrderRow; code: string; message: string }
  /** Waiting for the guest to sign in. */
  | { kind: "held"; row: PendingOrderRow }
  | { kind: "retrying"; row: PendingOrderRow; delayMs: number }
  /** Tried for 24 hours without an answer: given up; the row stays, ended, until the guest has read it. */
  | { kind: "expired"; row: PendingOrderRow };

export interface OrderOutbox {
  /**
   * Stores a new checkout, taking its lines out of the cart and clearing the spot's ended orders,
   * without sending it. Throws CartChangedError.
   */
  queue(input: CheckoutInput): Promise<PendingOrderRow>;
  /** One attempt now for this key (any waiting retry is cancelled first). */
  send(idempotencyKey: string): Promise<void>;
  /** Attempts every unanswered row; held rows only with a session. */
  resume(): Promise<void>;
  /** Records how a placed order ended; an order not made gives its lines back to the cart. Once per row. */
  end(idempotencyKey: string, end: OrderEnd): Promise<void>;
  /**
   * Removes a row: an ended one the guest has read, or a held one the guest cancels (which never
   * reached the store, so its lines go back to the cart).
   */
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

  async function unanswered(): Promise<PendingOrderRow[]> {
    return deps
      .db()
      .pendingOrders.filter((row) => row.orderId === null && row.ended === null)
      .toArray();
  }

  async function queue({ lines, ...input }: CheckoutInput): Promise<PendingOrderRow> {
    const db = deps.db();
    return db.transaction("rw", db.pendingOrders, db.cartLines, db.cartMeta, async () => {
      await changeCart(db, input, (cart) => {
        const left = takeLines(cart, lines);
        if (left === null) throw new CartChangedError();
        return left;
      });
      const row: PendingOrderRow = {
        ...input,
        idempotencyKey: deps.newKey(),
        onHold: false,
        createdAt: new Date(deps.now()).toISOString(),
        attempts: 0,
        lastError: null,
        orderId: null,
        lines: [...lines],
        ended: null,
      };
      // Sending again is moving on: the spot's outcomes already shown go (an unmade order's lines
      // are back in the cart, so they are in this send or the guest removed them).
      await db.pendingOrders
        .where("[storeId+serviceId]")
        .equals([input.storeId, input.serviceId])
        .filter((earlier) => earlier.tableId === input.tableId && earlier.ended !== null)
        .delete();
      await db.pendingOrders.add(row);
      return row;
    });
  }

  /** Ends a row in one transaction with giving its lines back when the order was not made. */
  async function endRow(key: string, end: OrderEnd | "remove"): Promise<PendingOrderRow | undefined> {
    const db = deps.db();
    return db.transaction("rw", db.pendingOrders, db.cartLines, db.cartMeta, async () => {
      const row = await db.pendingOrders.get(key);
      if (!row) return undefined;
      const giveBack = row.ended === null && (end === "remove" ? row.orderId === null : returnsLines(end));
      if (giveBack) await changeCart(db, row, (cart) => returnLines(cart, row.lines));
      if (end === "remove") {
        await db.pendingOrders.delete(key);
        return row;
      }
      if (row.ended !== null) return row;
      const ended = { ...row, ended: end };
      await db.pendingOrders.put(ended);
      return ended;
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
    if (!row || row.orderId !== null || row.ended !== null) return;
    if (hasExpired(row.createdAt, deps.now())) {
      const ended = await endRow(key, { status: "EXPIRED" });
      if (ended) emit({ kind: "expired", row: ended });
      return;
    }
    const { action, answer, order, error } = await attemptOnce(row);
    const attempts = row.attempts + 1;
    // An update, never a put: a row removed while the attempt was out (a held order cancelled)
    // must not come back.
    const save = (next: PendingOrderRow) => table.update(key, (stored) => void Object.assign(stored, next));
    switch (action.action) {
      case "done": {
        const placedAs = order && {
          status: order.status,
          dailyNumber: order.dailyNumber,
          errorMessage: order.errorMessage,
        };
        const next = {
          ...row,
          attempts,
          lastError: null,
          onHold: false,
          orderId: action.orderId,
          ...(placedAs && { placedAs }),
        };
        await save(next);
        if (order) emit({ kind: "placed", row: next, order });
        return;
      }
      case "drop":
        await endRow(key, "remove");
        emit({ kind: "refused", row, code: action.code, message: error?.message ?? action.code });
        return;
      case "hold": {
        const next = { ...row, onHold: true, lastError: answer.kind === "error" ? answer.code : "NO_SESSION" };
        await save(next);
        emit({ kind: "held", row: next });
        return;
      }
      case "retry":
      case "refresh-session": {
        const lastError = answer.kind === "error" ? answer.code : "NETWORK_ERROR";
        const next = { ...row, attempts, lastError, onHold: false };
        await save(next);
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

  async function resume(): Promise<void> {
    const rows = await unanswered();
    if (rows.length === 0) return;
    const signedIn = (await deps.session()) !== null;
    await Promise.all(rows.filter((row) => signedIn || !row.onHold).map((row) => send(row.idempotencyKey)));
  }

  async function end(key: string, orderEnd: OrderEnd): Promise<void> {
    await endRow(key, orderEnd);
  }

  async function remove(key: string): Promise<void> {
    cancelTimer(key);
    await endRow(key, "remove");
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

  return { queue, send, resume, end, remove, subscribe, start };
}
