/**
 * Exactly-once placement (design.md "Orders: exactly once on patchy
 * Wi-Fi"): concurrent duplicates, a reused key, the stored answer of a refusal, expiry and
 * takeover of a claim left by a crashed process (at once when the claim names a process that is
 * gone, else once stale). On SQLite, and on PostgreSQL through scripts/with-postgres.sh.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderDto } from "../../../domain/orders-api";
import { singleProcessOwners } from "../../orders/claim-owners";
import { KEY_TTL_MS, STALE_CLAIM_MS } from "../../orders/idempotency";
import { requestHash } from "../../orders/request-hash";
import { greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import {
  expectedTotalOf,
  FIXTURE,
  openAllDay,
  postOrder,
  sandboxCardToken,
  setStoreOrderSettings,
  testOrderRequest,
} from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z"); // 12:00 in Athens: the beach bar is open
/** This test app's name on its claims: one process on the database (orders/claim-owners.ts). */
const THIS_PROCESS = "this-test-process";
const server = setUpTestApp(() => ctx.db, { now: clock.now, claimOwners: singleProcessOwners(THIS_PROCESS) });

let guest: SignedInGuest;
let otherGuest: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
  otherGuest = await signInGuest(server.app, ctx.db, greekMobile(2));
});

async function validRequest(overrides = {}) {
  const draft = testOrderRequest(overrides);
  return { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, guest, draft, clock.now()) };
}

async function countOrders(): Promise<number> {
  const { count } = await ctx.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe("placement idempotency (design.md Orders: same key and body -> the stored answer)", () => {
  it("10 concurrent sends with one key and body make one order and byte-identical answers", async () => {
    const before = await countOrders();
    const request = await validRequest();
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => postOrder(server.app, guest, request, key)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(9);
    expect(await countOrders()).toBe(before + 1);
    const order = responses[0]?.json<OrderDto>();
    expect(order?.status).toBe("WAITING_FOR_ACCEPTANCE");
  });

  it("a later send with the same key and body gets the stored answer, even after the order changed", async () => {
    const request = await validRequest();
    const key = randomUUID();
    const first = await postOrder(server.app, guest, request, key);
    expect(first.statusCode).toBe(201);
    const order = first.json<OrderDto>();
    await ctx.db.updateTable("orders").set({ status: "ACCEPTED" }).where("id", "=", order.id).execute();
    const again = await postOrder(server.app, guest, request, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
  });

  it("the same key with another body is refused with 422 IDEMPOTENCY_KEY_REUSED and changes nothing", async () => {
    const key = randomUUID();
    expect((await postOrder(server.app, guest, await validRequest(), key)).statusCode).toBe(201);
    const before = await countOrders();
    const other = await postOrder(server.app, guest, await validRequest({ comment: "no ice" }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await countOrders()).toBe(before);
  });

  it("keys are per account: another guest's same key is a new checkout", async () => {
    const key = randomUUID();
    expect((await postOrder(server.app, guest, await validRequest(), key)).statusCode).toBe(201);
    const draft = testOrderRequest();
    const theirs = { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, otherGuest, draft, clock.now()) };
    const response = await postOrder(server.app, otherGuest, theirs, key);
    expect(response.statusCode).toBe(201);
    expect(response.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a definite refusal is the key's answer too: a retry gets the same 409 even once the price would match", async () => {
    const key = randomUUID();
    const request = await validRequest();
    const tampered = { ...request, expectedTotalCents: 1 };
    const first = await postOrder(server.app, guest, tampered, key);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ code: "PRICE_CHANGED" });
    const again = await postOrder(server.app, guest, tampered, key);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
  });

  it("400 IDEMPOTENCY_KEY_REQUIRED without a key, or with one that is not a UUID", async () => {
    const request = await validRequest();
    const none = await server.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { authToken: guest.authToken, jwt: guest.jwt },
      payload: request,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REQUIRED" });
    expect((await postOrder(server.app, guest, request, "not-a-uuid")).json()).toMatchObject({
      code: "IDEMPOTENCY_KEY_REQUIRED",
    });
  });

  /** A card order's claim as a process leaves it when killed before the order's commit. */
  async function leaveClaimInFlight(request: object, key: string, claimedBy: string | null): Promise<void> {
    await ctx.db
      .insertInto("order_requests")
      .values({
        user_id: guest.userId,
        idempotency_key: key,
        request_hash: requestHash(request),
        state: "IN_FLIGHT",
        response_status: null,
        response_body: null,
        order_id: null,
        created_at: clock.now().toISOString(),
        expires_at: new Date(clock.now().getTime() + KEY_TTL_MS).toISOString(),
        claimed_by: claimedBy,
      })
      .execute();
  }

  it.each([
    ["this process, still running", THIS_PROCESS],
    ["no process (a claim made before migration 012)", null],
  ])(
    "a claim in flight held by %s answers 409 REQUEST_IN_PROGRESS, and is taken over once stale",
    async (_, owner) => {
      const request = await validRequest();
      const key = randomUUID();
      await leaveClaimInFlight(request, key, owner);
      const started = Date.now();
      const waiting = await postOrder(server.app, guest, request, key);
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json()).toMatchObject({ code: "REQUEST_IN_PROGRESS" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4500); // it waited for the first
      clock.advance(STALE_CLAIM_MS + 1000);
      await openAllDay(ctx.db, FIXTURE.beachBar);
      const takenOver = await postOrder(server.app, guest, await validRequest(), key);
      expect(takenOver.statusCode).toBe(201);
    },
    20_000,
  );

  it.each([
    ["card order (its key claimed in a commit of its own before the card is authorized)", "CARD"],
    ["cash order (meeting such a claim inside its transaction)", "CASH"],
  ] as const)(
    "a claim in flight named after a process that is gone (the server killed and started again) is taken over at once: %s",
    async (_, paymentType) => {
      await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { cardPayments: true });
      const payment =
        paymentType === "CARD"
          ? { type: "CARD" as const, cardToken: await sandboxCardToken(server.app), saveCard: false }
          : { type: "CASH" as const };
      const request = await validRequest({ payment });
      const key = randomUUID();
      await leaveClaimInFlight(request, key, "an-earlier-run-of-the-server");
      const before = await countOrders();
      const started = Date.now();
      const placed = await postOrder(server.app, guest, request, key);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(Date.now() - started).toBeLessThan(4500); // not the wait for a running first request
      const orderId = placed.json<OrderDto>().id;
      const row = await ctx.db
        .selectFrom("order_requests")
        .select(["state", "claimed_by", "order_id"])
        .where("user_id", "=", guest.userId)
        .where("idempotency_key", "=", key)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: "DONE", claimed_by: THIS_PROCESS, order_id: orderId });
      const replayed = await postOrder(server.app, guest, request, key);
      expect(replayed.body).toBe(placed.body);
      expect(await countOrders()).toBe(before + 1);
      const payments = await ctx.db.selectFrom("payments").select("order_id").where("order_id", "=", orderId).execute();
      expect(payments).toHaveLength(paymentType === "CARD" ? 1 : 0);
    },
  );

  it("keys expire after 7 days: the row is purged and the key may start a new checkout", async () => {
    const key = randomUUID();
    expect((await postOrder(server.app, guest, await validRequest(), key)).statusCode).toBe(201);
    clock.advance(KEY_TTL_MS + 60_000);
    guest = await signInGuest(server.app, ctx.db, greekMobile(1)); // the old session has expired
    const later = await postOrder(server.app, guest, await validRequest(), randomUUID()); // purges now and then
    expect(later.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom("order_requests")
      .select("state")
      .where("user_id", "=", guest.userId)
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
