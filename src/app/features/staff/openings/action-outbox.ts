/**
 * The staff-action outbox: a waiter's write (a table's money actions, and an order's accept and
 * reject made on the live orders screen) is stored in Dexie with its Idempotency-Key BEFORE the
 * first attempt, and stays until a definite answer; whatever the Wi-Fi does, it goes out once. The
 * readings of each answer are the order outbox's (src/domain/order-outbox.ts decideAfterError): no
 * answer, 408/425/429, 5xx and REQUEST_IN_PROGRESS are retried with the same key (backoff 2 s ->
 * 60 s, and at once on `online`); any other 4xx is the server's "no". The screen shows a pending
 * row as pending, never as done, and offers no second money action on that table meanwhile.
 *
 * A row records the waiter who made it and goes out only under that waiter's session
 * (src/domain/staff-action-maker.ts): money is never attributed to whoever holds the PDA next.
 * Queued by a waiter who then locked the PDA, it waits; when that waiter signs in again it goes;
 * when another waiter signs in, the staff shell shows it to them (HeldActions.tsx) to send as
 * themselves or discard.
 *
 * A "no" to the first attempt goes back to the screen that asked, and the row goes. A "no" to a
 * later attempt (the action waited for the connection, and the waiter may be on another screen or
 * another waiter may have the PDA by then) is kept on the row, which the staff shell shows until
 * someone dismisses it: a payment the server refused must never vanish unseen.
 */
import { decideAfterError, hasExpired, retryDelayMs } from "../../../../domain/order-outbox";
import { queuedActionTurn } from "../../../../domain/staff-action-maker";
import { ApiError, toApiError } from "../../../api/api-error";
import { postStaffAction } from "../../../api/staff-openings";
import { appDb, type PendingStaffActionRow, type StaffActionRefusal } from "../../../db/app-db";
import { withLock } from "../../../orders/outbox/outbox-lock";
import { sendOnceMore } from "../../../orders/outbox/send-once-more";
import { currentSession, onSessionChange } from "../../../session/session";

export type ActionOutcome =
  | { kind: "done"; answer: unknown }
  | { kind: "refused"; error: ApiError }
  /** Kept for later: no answer yet. */
  | { kind: "pending" };

type Listener = (row: PendingStaffActionRow, outcome: ActionOutcome) => void;

const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Hears every outcome, including those of actions retried later (the screen re-reads then). */
export function onActionOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface NewStaffAction {
  /**
   * One of three: the table opening a money write changes, the order an accept/reject decides, or
   * the kitchen ticket a ready, recall or picked-up changes (lineIndex: the one line made).
   */
  openingId?: number;
  orderId?: number;
  ticketId?: number;
  lineIndex?: number;
  /** A catalogue write: the item whose stock it sets, or the service it pauses or resumes. */
  itemId?: number;
  serviceId?: number;
  /** Absent: POST. */
  method?: "put" | "delete";
  action: string;
  /** The action in the waiter's words, for the pending and refused notices. */
  description: string;
  path: string;
  body: unknown;
}

/** Stores the action as the signed-in waiter's, then makes a first attempt. */
export async function submitStaffAction(action: NewStaffAction): Promise<ActionOutcome> {
  const session = await currentSession();
  const row: PendingStaffActionRow = {
    ...action,
    idempotencyKey: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    attempts: 0,
    ...(session === null ? {} : { byUserId: session.user.id, byName: session.user.name ?? "" }),
  };
  await appDb().pendingStaffActions.put(row);
  const outcome = await attempt(row.idempotencyKey);
  // After the first attempt, so the resume that starting makes does not race it for the lock.
  startStaffActions();
  return outcome;
}

const onceMore = sendOnceMore();

async function attempt(key: string): Promise<ActionOutcome> {
  const outcome = await onceMore(key, () => attemptLocked(key));
  return outcome === "already-sending" ? { kind: "pending" } : outcome;
}

async function attemptLocked(key: string): Promise<ActionOutcome> {
  const outcome = await withLock(`staff-action:${key}`, async (): Promise<ActionOutcome> => {
    const table = appDb().pendingStaffActions;
    const row = await table.get(key);
    if (row === undefined) return { kind: "pending" };
    if (row.refused !== undefined) return { kind: "refused", error: refusalError(row.refused) };
    // Only as the waiter who made it: else it waits (nobody signed in) or is shown to whoever is.
    const signedIn = (await currentSession())?.user.id ?? null;
    if (row.byUserId === undefined || queuedActionTurn(row.byUserId, signedIn) !== "send") return { kind: "pending" };
    if (hasExpired(row.createdAt, Date.now())) {
      return refuse(row, await toApiError(new Error("expired")));
    }
    try {
      const answer = await postStaffAction(row.path, row.body, row.idempotencyKey, row.byUserId, row.method);
      await table.delete(key);
      return report(row, { kind: "done", answer });
    } catch (thrown) {
      const error = await toApiError(thrown);
      const decision =
        error.status === null ? { action: "retry" as const } : decideAfterError(error.status, error.code);
      if (decision.action === "drop") return refuse(row, error);
      // Retry later with the same key (also when the session must be renewed: the waiter signs in again).
      const attempts = row.attempts + 1;
      await table.update(key, { attempts });
      clearTimeout(timers.get(key));
      timers.set(
        key,
        setTimeout(() => void attempt(key), retryDelayMs(attempts, Math.random())),
      );
      return { kind: "pending" };
    }
  });
  return outcome === "busy" ? { kind: "pending" } : outcome;
}

/** The server's "no": the screen that is waiting for the first attempt says it; a later one is kept to be seen. */
async function refuse(row: PendingStaffActionRow, error: ApiError): Promise<ActionOutcome> {
  const table = appDb().pendingStaffActions;
  if (row.attempts === 0) await table.delete(row.idempotencyKey);
  else {
    const { code, message, status, details } = error;
    await table.update(row.idempotencyKey, { refused: { code, message, status, details } });
  }
  return report(row, { kind: "refused", error });
}

function refusalError({ code, message, status, details }: StaffActionRefusal): ApiError {
  return new ApiError(code, message, status, details);
}

/** The refused actions waiting to be seen (newest first), with the error each was refused with. */
export async function refusedStaffActions(): Promise<{ row: PendingStaffActionRow; error: ApiError }[]> {
  const rows = await appDb().pendingStaffActions.toArray();
  return rows
    .flatMap((row) => (row.refused === undefined ? [] : [{ row, error: refusalError(row.refused) }]))
    .sort((a, b) => b.row.createdAt.localeCompare(a.row.createdAt));
}

/** The waiter has seen a refused action: it goes. */
export async function dismissRefusedStaffAction(key: string): Promise<void> {
  await appDb().pendingStaffActions.delete(key);
}

/** The rows made by someone other than the signed-in waiter, waiting for their decision (oldest first). */
export async function heldStaffActions(signedInUserId: number): Promise<PendingStaffActionRow[]> {
  const rows = await appDb().pendingStaffActions.toArray();
  return rows
    .filter((row) => isWaiting(row) && queuedActionTurn(row.byUserId, signedInUserId) === "ask")
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The signed-in waiter sends another waiter's held action as their own: it is theirs from now on.
 * Never a double payment: had the maker's attempt been recorded (its answer lost), the server
 * refuses this one as already done (the line is paid, the table closed, the order decided). That
 * refusal, like any, is kept until seen: the screen that asked for this is the staff shell's notice.
 */
export async function sendHeldActionAsSignedIn(key: string): Promise<ActionOutcome> {
  const session = await currentSession();
  const row = await appDb().pendingStaffActions.get(key);
  if (session === null || row === undefined || !isWaiting(row)) return { kind: "pending" };
  await appDb().pendingStaffActions.update(key, {
    byUserId: session.user.id,
    byName: session.user.name ?? "",
    attempts: Math.max(row.attempts, 1),
  });
  return attempt(key);
}

/** The signed-in waiter discards a held action: it is never sent. */
export async function discardHeldAction(key: string): Promise<void> {
  await appDb().pendingStaffActions.delete(key);
}

/** Whether a stored row is still on its way (not refused). */
export function isWaiting(row: PendingStaffActionRow): boolean {
  return row.refused === undefined;
}

function report(row: PendingStaffActionRow, outcome: ActionOutcome): ActionOutcome {
  for (const listener of listeners) listener(row, outcome);
  return outcome;
}

/**
 * Sends every stored action now (app start, back online). The actions on one kitchen ticket go one
 * after another, in the order they were tapped: two lines made offline, sent at once, would race
 * for the ticket's version and the loser would be refused as changed meanwhile.
 */
export async function resumeStaffActions(): Promise<void> {
  const rows = (await appDb().pendingStaffActions.toArray())
    .filter(isWaiting)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const inTurn = new Map<string, PendingStaffActionRow[]>();
  for (const row of rows) {
    const turn = turnOf(row);
    inTurn.set(turn, [...(inTurn.get(turn) ?? []), row]);
  }
  await Promise.all(
    [...inTurn.values()].map(async (turn) => {
      for (const row of turn) await attempt(row.idempotencyKey);
    }),
  );
}

/**
 * The writes that must go in the order they were tapped: those on one kitchen ticket, and those on
 * one item's stock or one service's pause (sold out then back in stock, sent at once, could land
 * the other way round).
 */
function turnOf(row: PendingStaffActionRow): string {
  if (row.ticketId !== undefined) return `ticket:${row.ticketId}`;
  if (row.itemId !== undefined) return `item:${row.itemId}`;
  if (row.serviceId !== undefined) return `service:${row.serviceId}`;
  return row.idempotencyKey;
}

let started = false;

/**
 * Idempotent: resumes what an earlier visit left, and again whenever the device is back online or
 * a waiter signs in (their own held actions go then).
 */
export function startStaffActions(): void {
  if (started) return;
  started = true;
  window.addEventListener("online", () => void resumeStaffActions());
  onSessionChange((session) => {
    if (session !== null) void resumeStaffActions();
  });
  void resumeStaffActions();
}
