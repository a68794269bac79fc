/**
 * A guest at a spot asks for the waiter: to pay in cash, on the card terminal, or just to come.
 * The call alerts the store's PDAs like a new order (WaiterCallEvent on the store's calls topic,
 * published by a job written with the call) and stays on their screens until a waiter answers it.
 * A guest's repeated tap while the call is unanswered is the same call. Two waiters answering at
 * once: one wins, the other is told who answered and when (a conditional update).
 */
import type { Kysely } from "kysely";
import type { WaiterCall, WaiterCallEvent, WaiterCallRequest } from "../../domain/bill-api";
import { openingAmounts } from "../../domain/table-openings";
import { spotNamesOf } from "../catalogue/presenters";
import type { Database } from "../db/schema";
import type { SpotRow } from "../db/tables/catalogue.tables";
import type { WaiterCallRow } from "../db/tables/guest-bill.tables";
import { conflict, notFound } from "../http/api-error";
import { enqueueJobs } from "../jobs/job-queue";
import { onAccountByOpening } from "../openings/opening-writes";
import type { OrdersContext } from "../orders/context";
import { type KeyedRequest, runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";

export interface WaiterCallEventPayload {
  callId: number;
}

export async function callWaiter(
  ctx: OrdersContext,
  userId: number,
  spot: SpotRow,
  idempotencyKey: string,
  request: WaiterCallRequest,
): Promise<StoredAnswer> {
  const keyed = { userId, key: idempotencyKey, hash: requestHash({ tableId: spot.id, call: request }) };
  return writeCall(ctx, keyed, spot.store_id, 201, async (trx, now) => {
    const waiting = await trx
      .selectFrom("waiter_calls")
      .select("id")
      .where("spot_id", "=", spot.id)
      .where("user_id", "=", userId)
      .where("kind", "=", request.kind)
      .where("answered_at", "is", null)
      .executeTakeFirst();
    if (waiting !== undefined) return { callId: waiting.id, changed: false };
    const pays = request.kind !== "CALL";
    const created = await trx
      .insertInto("waiter_calls")
      .values({
        store_id: spot.store_id,
        spot_id: spot.id,
        user_id: userId,
        kind: request.kind,
        amount_cents: pays ? (request.amountCents ?? null) : null,
        tip_cents: pays ? (request.tipCents ?? null) : null,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { callId: created.id, changed: true };
  });
}

export async function answerCall(
  ctx: OrdersContext,
  staff: StaffMember,
  callId: number,
  idempotencyKey: string,
): Promise<StoredAnswer> {
  const keyed = { userId: staff.userId, key: idempotencyKey, hash: requestHash({ answerCall: callId }) };
  return writeCall(ctx, keyed, staff.storeId, 200, async (trx, now) => {
    const taken = await trx
      .updateTable("waiter_calls")
      .set({ answered_at: now, answered_by_staff_id: staff.staffId })
      .where("id", "=", callId)
      .where("store_id", "=", staff.storeId)
      .where("answered_at", "is", null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw await whyNotAnswered(trx, staff.storeId, callId);
    return { callId, changed: true };
  });
}

/**
 * A call's write, once per Idempotency-Key: in one transaction with its stored answer (the call as
 * it is then) and, when it changed a call, the job that announces it to the store's PDAs.
 */
async function writeCall(
  ctx: OrdersContext,
  keyed: KeyedRequest,
  storeId: number,
  status: number,
  change: (trx: Kysely<Database>, now: string) => Promise<{ callId: number; changed: boolean }>,
): Promise<StoredAnswer> {
  let wroteJob = false;
  const answer = await runOnce(ctx, keyed, { claimFirst: false }, (key) =>
    ctx.db.transaction().execute(async (trx) => {
      const earlier = await key.claim(trx);
      if (earlier !== null) return earlier;
      const now = ctx.now().toISOString();
      const { callId, changed } = await change(trx, now);
      if (changed) {
        await enqueueCallEvent(trx, callId, now);
        wroteJob = true;
      }
      const [call] = await presentCalls(trx, storeId, [callId]);
      const body = JSON.stringify(call);
      await key.finish(trx, { status, body, orderId: null });
      return { status, body };
    }),
  );
  if (wroteJob) ctx.jobs.nudge();
  return answer;
}

async function whyNotAnswered(db: Kysely<Database>, storeId: number, callId: number) {
  const call = await db
    .selectFrom("waiter_calls")
    .leftJoin("staff", "staff.id", "waiter_calls.answered_by_staff_id")
    .select(["waiter_calls.answered_at", "staff.name"])
    .where("waiter_calls.id", "=", callId)
    .where("waiter_calls.store_id", "=", storeId)
    .executeTakeFirst();
  if (call === undefined) return notFound("CALL_NOT_FOUND", `There is no call ${callId} in this store`);
  return conflict("CALL_ALREADY_ANSWERED", `${call.name ?? "Someone"} answered this call at ${call.answered_at}`, {
    byName: call.name ?? "",
    at: call.answered_at ?? "",
  });
}

async function enqueueCallEvent(trx: Kysely<Database>, callId: number, now: string): Promise<void> {
  const payload: WaiterCallEventPayload = { callId };
  await enqueueJobs(trx, [{ kind: "waiter-call-event", orderId: null, payload }], now);
}

/** The store's unanswered calls, oldest first. */
export async function listOpenCalls(db: Kysely<Database>, storeId: number): Promise<WaiterCall[]> {
  const rows = await db
    .selectFrom("waiter_calls")
    .select("id")
    .where("store_id", "=", storeId)
    .where("answered_at", "is", null)
    .orderBy("id")
    .limit(200)
    .execute();
  return presentCalls(
    db,
    storeId,
    rows.map((row) => row.id),
  );
}

/** The job's event: the call as it is now. */
export async function waiterCallEventOf(db: Kysely<Database>, callId: number): Promise<WaiterCallEvent | null> {
  const call = await db.selectFrom("waiter_calls").selectAll().where("id", "=", callId).executeTakeFirst();
  if (call === undefined) return null;
  return {
    storeId: call.store_id,
    callId: call.id,
    spotId: call.spot_id,
    kind: call.kind,
    answered: call.answered_at !== null,
  };
}

async function presentCalls(db: Kysely<Database>, storeId: number, ids: readonly number[]): Promise<WaiterCall[]> {
  if (ids.length === 0) return [];
  const calls = await db
    .selectFrom("waiter_calls")
    .leftJoin("staff", "staff.id", "waiter_calls.answered_by_staff_id")
    .selectAll("waiter_calls")
    .select("staff.name as answered_by_name")
    .where("waiter_calls.id", "in", ids)
    .where("waiter_calls.store_id", "=", storeId)
    .orderBy("waiter_calls.id")
    .execute();
  const spotIds = [...new Set(calls.map((call) => call.spot_id))];
  const [spots, openings] = await Promise.all([
    db.selectFrom("spots").selectAll().where("id", "in", spotIds).execute(),
    db
      .selectFrom("table_openings")
      .select(["id", "spot_id"])
      .where("spot_id", "in", spotIds)
      .where("status", "=", "OPEN")
      .execute(),
  ]);
  const owed = await owedByOpening(
    db,
    openings.map((o) => o.id),
  );
  const spotById = new Map(spots.map((spot) => [spot.id, spot]));
  const openingBySpot = new Map(openings.map((o) => [o.spot_id, o.id]));
  return calls.map((call) => presentCall(call, spotById.get(call.spot_id), openingBySpot.get(call.spot_id), owed));
}

function presentCall(
  call: WaiterCallRow & { answered_by_name: string | null },
  spot: SpotRow | undefined,
  openingId: number | undefined,
  owed: ReadonlyMap<number, number>,
): WaiterCall {
  return {
    id: call.id,
    storeId: call.store_id,
    spot: {
      id: call.spot_id,
      names:
        spot === undefined
          ? { GRE: { name: `#${call.spot_id}` }, ENG: { name: `#${call.spot_id}` } }
          : spotNamesOf(spot),
      type: spot?.type ?? "TABLE",
      section: spot?.section ?? "",
    },
    kind: call.kind,
    amountCents: call.amount_cents,
    tipCents: call.tip_cents,
    owedCents: openingId === undefined ? null : (owed.get(openingId) ?? 0),
    openingId: openingId ?? null,
    at: call.created_at,
    answeredAt: call.answered_at,
    answeredByName: call.answered_by_name,
  };
}

async function owedByOpening(db: Kysely<Database>, openingIds: readonly number[]): Promise<Map<number, number>> {
  if (openingIds.length === 0) return new Map();
  const [lines, onAccount] = await Promise.all([
    db
      .selectFrom("table_opening_lines")
      .select(["opening_id", "state", "kind", "amount_cents"])
      .where("opening_id", "in", openingIds)
      .execute(),
    onAccountByOpening(db, openingIds),
  ]);
  return new Map(
    openingIds.map((id) => [
      id,
      openingAmounts(
        lines
          .filter((line) => line.opening_id === id)
          .map((line) => ({ state: line.state, kind: line.kind, amountCents: line.amount_cents })),
        onAccount.get(id) ?? 0,
      ).remainingCents,
    ]),
  );
}
