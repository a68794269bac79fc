/**
 * Write path at the disk's speed: a placement reads what it needs once and
 * answers from what it just wrote. Counts the SQL statements one POST /api/orders runs (every
 * query Kysely executes; BEGIN/COMMIT not counted), so a change that adds a read fails here.
 * On SQLite, and on PostgreSQL through scripts/with-postgres.sh (the same count on both).
 */
import { randomUUID } from "node:crypto";
import type { KyselyPlugin, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaceOrderRequest } from "../../../domain/orders-api";
import { signInStaff } from "../../realtime/test-orders";
import { authHeaders, greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import {
  expectedTotalOf,
  FIXTURE,
  postOrder,
  sandboxCardToken,
  setStoreOrderSettings,
  testOrderRequest,
} from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase, testDialect } from "../../test-support/test-database";

/** Every statement the app's Kysely runs while `recording` is on, by its kind. */
class StatementCounter implements KyselyPlugin {
  recording = false;
  readonly statements: string[] = [];
  transformQuery(args: { node: RootOperationNode }): RootOperationNode {
    if (this.recording) this.statements.push(args.node.kind);
    return args.node;
  }
  async transformResult(args: { result: QueryResult<UnknownRow> }): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z"); // 12:00 in Athens: the beach bar is open
const counter = new StatementCounter();
const server = setUpTestApp(() => ctx.db.withPlugin(counter), { now: clock.now });

type Session = { userId: number; authToken: string; jwt: string };
let guest: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
  // The job worker's statements run after the answer and are not the placement's.
  await server.app.ready();
  await server.app.jobWorker.stop();
});

async function statementsOfOnePlacement() {
  const draft = testOrderRequest();
  const request = { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, guest, draft, clock.now()) };
  counter.statements.length = 0;
  counter.recording = true;
  const response = await postOrder(server.app, guest, request, randomUUID());
  counter.recording = false;
  expect(response.statusCode).toBe(201);
  const statements = [...counter.statements];
  return {
    total: statements.length,
    selects: statements.filter((kind) => kind === "SelectQueryNode").length,
  };
}

describe("statements per placement (read what is needed once, answer from what was written)", () => {
  // What one placement runs: the sign-in (one read of the token with its session and account), the
  // key's claim, the rate limit (in the placement's transaction; its key's lock is PostgreSQL's
  // only), prepare (the spot with its store's catalogue version and whether the guest is a member
  // there, one read; then the service, its store and menu unless kept per catalogue version,
  // orders/placement-catalogue.ts), the writes (order, lines, job; the daily number too on SQLite,
  // while PostgreSQL draws it on the advisory connections, which this count does not see), the
  // stored answer. Re-reading the order for the answer, or sweeping the rate-limit table on every
  // placement, would show here as more statements. Both databases count the same.
  it("a guest's cash order runs at most 14 statements, 7 of them reads", async () => {
    await statementsOfOnePlacement(); // the first placement sweeps the rate limits and starts the day's counter
    const { total, selects } = await statementsOfOnePlacement();
    expect(total).toBeLessThanOrEqual(14);
    expect(selects).toBeLessThanOrEqual(7);
  });

  it("with its service's catalogue kept at the version it reads: at most 10 statements, 3 of them reads", async () => {
    await statementsOfOnePlacement(); // the second placement at a version keeps the whole menu
    const { total, selects } = await statementsOfOnePlacement();
    expect(total).toBeLessThanOrEqual(10);
    expect(selects).toBeLessThanOrEqual(3);
  });

  // On PostgreSQL every statement is a round trip: the key's claim takes the guest's rate-limit
  // lock in the same statement, the count adds its event in the same statement when there is
  // room, and the lines, the job and the stored answer go as one statement (db/statement-batch.ts).
  // 10 round trips before.
  it.runIf(testDialect() === "postgres")(
    "on PostgreSQL, with its catalogue kept: at most 6 round trips (statements), one per step",
    async () => {
      await statementsOfOnePlacement();
      const { total } = await statementsOfOnePlacement();
      expect(total).toBeLessThanOrEqual(6);
    },
  );
});

describe("the 201 of a placement is built from what it wrote", () => {
  async function placedAndRead(overrides: Partial<PlaceOrderRequest>, by: Session = guest) {
    const draft = testOrderRequest(overrides);
    const request = { ...draft, expectedTotalCents: await expectedTotalOf(ctx.db, by, draft, clock.now()) };
    const placed = await postOrder(server.app, by, request, randomUUID());
    expect(placed.statusCode, placed.body).toBe(201);
    const { id } = placed.json<{ id: number }>();
    const read = await server.app.inject({ method: "GET", url: `/api/orders/${id}`, headers: authHeaders(by) });
    expect(read.statusCode).toBe(200);
    return { placed: placed.body, read: read.body };
  }

  it("is byte for byte what GET /api/orders/:id answers: at a table, from a PDA for a table, charged to a room, by card (approved and declined)", async () => {
    await setStoreOrderSettings(ctx.db, FIXTURE.storeId, { chargeToRoom: true, cardPayments: true });
    const cases: Partial<PlaceOrderRequest>[] = [
      { comment: "no ice" },
      { tableId: FIXTURE.table, selectedTableId: FIXTURE.table },
      { tableId: FIXTURE.pda, selectedTableId: FIXTURE.table },
      { payment: { type: "CHARGE_TO_ROOM", chargingRoomId: FIXTURE.room } },
      { payment: { type: "CARD", cardToken: await sandboxCardToken(server.app), saveCard: false } },
      {
        payment: {
          type: "CARD",
          cardToken: await sandboxCardToken(server.app, "4000 0000 0000 0002"),
          saveCard: false,
        },
      },
    ];
    for (const overrides of cases) {
      const { placed, read } = await placedAndRead(overrides);
      expect(placed).toBe(read);
    }
  });

  it("is byte for byte what GET /api/orders/:id answers for a waiter's order (written ACCEPTED, joining its table's opening)", async () => {
    const waiter = await signInStaff(server.app, FIXTURE.storeId, "1357"); // Nikos, WAITER of store 1
    const { placed, read } = await placedAndRead({ tableId: FIXTURE.pda, selectedTableId: FIXTURE.table }, waiter);
    expect(JSON.parse(placed)).toMatchObject({ status: "ACCEPTED" });
    expect(placed).toBe(read);
  });
});
