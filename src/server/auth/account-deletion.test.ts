import { beforeAll, describe, expect, it } from "vitest";
import { insertOrder } from "../orders/status-changes.test-support";
import { authHeaders, greekMobile, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => database.db, { now: clock.now });

beforeAll(async () => {
  await importFixture(database.db);
});

const ADDRESS = JSON.stringify({
  address: "Egnatia 12",
  area: "Kentro",
  postalCode: "54630",
  floor: "3",
  doorbell: "Papadopoulou",
});

describe("account deletion and orders (auth/README.md: orders keep no personal data of a deleted account)", () => {
  it("blanks the delivery address of the account's orders, keeps the orders themselves; other accounts' orders untouched", async () => {
    const leaving = await signInGuest(server.app, database.db, greekMobile(71));
    const staying = await signInGuest(server.app, database.db, greekMobile(72));
    const own = await insertOrder(database.db, { userId: leaving.userId, status: "ACCEPTED", deliveryInfo: ADDRESS });
    const other = await insertOrder(database.db, { userId: staying.userId, status: "ACCEPTED", deliveryInfo: ADDRESS });

    const response = await server.app.inject({
      method: "POST",
      url: "/api/user/delete",
      headers: authHeaders(leaving),
    });
    expect(response.statusCode, response.body).toBe(200);

    const rows = await database.db
      .selectFrom("orders")
      .select(["id", "user_id", "status", "delivery_info", "total_cents"])
      .where("id", "in", [own, other])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: own, user_id: leaving.userId, status: "ACCEPTED", delivery_info: null, total_cents: 700 },
      { id: other, user_id: staying.userId, status: "ACCEPTED", delivery_info: ADDRESS, total_cents: 700 },
    ]);
  });
});
