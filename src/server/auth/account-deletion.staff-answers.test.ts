/**
 * Account deletion and the staff's stored answers: a waiter's write of a table opening (a
 * receipt, a payment) keeps its answer for a replay of the same Idempotency-Key, and that answer
 * lists the opening's lines with their comments. When the guest who ordered them deletes the
 * account, the comments of the guest's lines are blanked in those stored answers too, and a
 * replay still answers the same write (README "What is kept after an account is deleted").
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../domain/auth-api";
import type { OpenOpenings, ReceiptDto } from "../../domain/table-openings-api";
import { authHeaders, greekMobile, signInGuest } from "../test-support/accounts";
import { FIXTURE, placeTestOrder } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const database = setUpTestDatabase();
const server = setUpTestApp(() => database.db);

const GUEST_COMMENT = "no ice please, it is for Anthoula Diagrafopoulou";
const OTHER_COMMENT = "extra lemon for the table";

beforeAll(async () => {
  await importFixture(database.db);
});

async function waiterHeaders(): Promise<Record<string, string>> {
  const response = await server.app.inject({ method: "POST", url: "/api/authenticate/login/pin?pin=1357&storeId=1" });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<SessionResponse>();
  return authHeaders({ authToken: body.authToken.token, jwt: body.jwt });
}

function freddoWith(comment: string) {
  return {
    itemId: FIXTURE.freddo,
    quantity: 2,
    kilos: null,
    comment,
    selection: { [FIXTURE.sugarGroup]: [FIXTURE.noSugar] },
  };
}

describe("account deletion and the staff's stored answers (order_requests.response_body)", () => {
  it("a deleted guest's line comments are blanked in a waiter's stored receipt answer; other guests' stay; the replay still answers", async () => {
    const waiter = await waiterHeaders();
    const leaving = await signInGuest(server.app, database.db, greekMobile(8301));
    const staying = await signInGuest(server.app, database.db, greekMobile(8302));
    const orders = [
      await placeTestOrder(server.app, database.db, leaving, { lines: [freddoWith(GUEST_COMMENT)] }),
      await placeTestOrder(server.app, database.db, staying, { lines: [freddoWith(OTHER_COMMENT)] }),
    ];
    for (const order of orders) {
      const accepted = await server.app.inject({
        method: "POST",
        url: `/api/staff/orders/${order.id}/accept`,
        headers: { ...waiter, "idempotency-key": randomUUID() },
        payload: {},
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    const list = await server.app.inject({ method: "GET", url: "/api/staff/openings?kind=tables", headers: waiter });
    const opening = list.json<OpenOpenings>().openings.find((o) => o.spot.id === FIXTURE.table);
    expect(opening).toBeDefined();
    const key = randomUUID();
    const issue = () =>
      server.app.inject({
        method: "POST",
        url: `/api/staff/openings/${opening?.id}/receipts`,
        headers: { ...waiter, "idempotency-key": key },
        payload: { kind: "TEMPORARY", language: "ENG" },
      });
    const first = await issue();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.body).toContain(GUEST_COMMENT);
    expect(first.body).toContain(OTHER_COMMENT);

    const deleted = await server.app.inject({ method: "POST", url: "/api/user/delete", headers: authHeaders(leaving) });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const stored = await database.db
      .selectFrom("order_requests")
      .select("response_body")
      .where("idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(String(stored.response_body)).not.toContain("Diagrafopoulou");
    expect(String(stored.response_body)).toContain(OTHER_COMMENT);

    const replay = await issue();
    expect(replay.statusCode, replay.body).toBe(201);
    const receipt = replay.json<ReceiptDto>();
    const { id: _id, ...firstRest } = first.json<ReceiptDto>();
    expect(receipt.id).toBe(first.json<ReceiptDto>().id);
    expect(receipt.lines.map((line) => line.comment).sort()).toEqual(["", OTHER_COMMENT]);
    // Only the comment changed: the replay is the same receipt otherwise.
    expect({ ...receipt, lines: receipt.lines.map(({ comment: _c, ...line }) => line) }).toMatchObject({
      ...firstRest,
      lines: firstRest.lines.map(({ comment: _c, ...line }) => line),
    });
  });
});
