/**
 * GET /api/staff/stores/:storeId/audit: who changed what and when, written in the transaction of
 * each change (stock, item edit, import), newest first, paged by id. Two stores: 1 and 101.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "../../../domain/staff-admin-api";
import { sampleVenue } from "../../test-fixtures/venue";
import { FIXTURE } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { pinSession, write } from "./admin-test-support";

const database = setUpTestDatabase();
const server = setUpTestApp(() => database.db);

const OTHER_STORE = 101;
const auditUrl = (query = "", storeId: number = FIXTURE.storeId) => `/api/staff/stores/${storeId}/audit${query}`;
const itemUrl = (itemId: number) => `/api/staff/stores/${FIXTURE.storeId}/items/${itemId}`;

let waiter: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

async function readAudit(session: Record<string, string>, query = ""): Promise<AuditPage> {
  const response = await server.app.inject({ method: "GET", url: auditUrl(query), headers: session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  waiter = await pinSession(server.app, FIXTURE.storeId, "1357");
  admin = await pinSession(server.app, FIXTURE.storeId, "4821");
  otherAdmin = await pinSession(server.app, OTHER_STORE, "4821");
});

describe("GET /api/staff/stores/:storeId/audit", () => {
  it("an import, a waiter's stock change and an admin's price edit each leave one entry, newest first, with before, after and who", async () => {
    const stock = await write(server.app, "PUT", `${itemUrl(FIXTURE.freddo)}/stock`, waiter, {
      stockEnabled: true,
      stockAmount: 0,
    });
    expect(stock.statusCode, stock.body).toBe(200);
    const edit = await write(server.app, "PATCH", itemUrl(FIXTURE.greekCoffee), admin, { priceCents: 275 });
    expect(edit.statusCode, edit.body).toBe(200);

    const { entries } = await readAudit(admin);
    const [priceEdit, stockChange, imported] = entries;
    expect(priceEdit).toMatchObject({
      actor: { name: "Maria" },
      action: "item.edit",
      subject: { kind: "item", id: FIXTURE.greekCoffee },
      after: { priceCents: 275 },
    });
    expect(priceEdit?.actor.userId).toEqual(expect.any(Number));
    expect(priceEdit?.before).toEqual({ priceCents: expect.any(Number) });
    expect(stockChange).toMatchObject({
      actor: { name: "Nikos" },
      action: "item.stock",
      subject: { kind: "item", id: FIXTURE.freddo },
      after: { stockEnabled: true, stockAmount: 0 },
    });
    expect(imported).toMatchObject({
      actor: { userId: null, name: "venue:import" },
      action: "catalogue.import",
      subject: { kind: "store", id: FIXTURE.storeId },
      before: null,
      after: { counts: { items: expect.any(Number) } },
    });
    expect(entries.length).toBe(3);
    expect(priceEdit?.id).toBeGreaterThan(stockChange?.id ?? Number.POSITIVE_INFINITY);
    expect(Date.parse(priceEdit?.at ?? "")).not.toBeNaN();
  });

  it("a refused change (409, 400) leaves no entry: the entry is written in the change's transaction", async () => {
    const before = await readAudit(admin);
    const stale = await write(server.app, "PATCH", itemUrl(FIXTURE.greekCoffee), admin, { version: 1, priceCents: 1 });
    expect(stale.statusCode).toBe(409);
    const bad = await write(server.app, "PATCH", itemUrl(FIXTURE.greekCoffee), admin, {
      memberPriceEnabled: true,
      membershipPriceCents: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(await readAudit(admin)).toEqual(before);
  });

  it("pages newest first with before and limit: next is the last id of a full page, null at the end", async () => {
    for (const amount of [1, 2, 3]) {
      const response = await write(server.app, "PUT", `${itemUrl(FIXTURE.seaBream)}/stock`, admin, {
        stockEnabled: true,
        stockAmount: amount,
      });
      expect(response.statusCode).toBe(200);
    }
    const all = await readAudit(admin);
    const first = await readAudit(admin, "?limit=2");
    expect(first.entries.map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
    expect(first.next).toBe(all.entries[1]?.id);
    const second = await readAudit(admin, `?limit=2&before=${first.next}`);
    expect(second.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    const rest = await readAudit(admin, `?before=${first.next}`);
    expect(rest.next).toBeNull();
    expect(rest.entries.length).toBe(all.entries.length - 2);
  });

  it("bad paging → 400 VALIDATION_FAILED naming the parameter", async () => {
    for (const [query, name] of [
      ["?limit=201", "limit"],
      ["?limit=0", "limit"],
      ["?before=x", "before"],
      ["?colour=blue", ""],
    ]) {
      const response = await server.app.inject({ method: "GET", url: auditUrl(query), headers: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(response.json<{ message: string }>().message).toContain(name);
    }
  });

  it("a waiter → 403, another store's admin → 403, and each store sees only its own entries", async () => {
    const byWaiter = await server.app.inject({ method: "GET", url: auditUrl(), headers: waiter });
    expect(byWaiter.statusCode).toBe(403);
    const foreign = await server.app.inject({ method: "GET", url: auditUrl(), headers: otherAdmin });
    expect(foreign.statusCode).toBe(403);
    const other = await server.app.inject({ method: "GET", url: auditUrl("", OTHER_STORE), headers: otherAdmin });
    expect(other.statusCode).toBe(200);
    const entries = other.json<AuditPage>().entries;
    expect(entries.map((e) => e.action)).toEqual(["catalogue.import"]);
    const anonymous = await server.app.inject({ method: "GET", url: auditUrl() });
    expect(anonymous.statusCode).toBe(401);
  });
});
