/**
 * Closed inputs: a card number sent in a URL's query is refused (400, no card saved) and
 * reaches no log line. Every route declares its query string; one that declares none takes none.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sampleVenue } from "../../test-fixtures/venue";
import { testClock } from "../../test-support/clock";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const logLines: string[] = [];
const server = setUpTestApp(() => database.db, { now: clock.now, logStream: { write: (line) => logLines.push(line) } });
const CARD = "4242424242424242";

beforeAll(async () => {
  await importFixture(database.db, sampleVenue());
});

describe("closed query strings", () => {
  it("a card number in the query of the sandbox tokenizing call: 400, nothing stored, nothing logged", async () => {
    const before = await database.db.selectFrom("sandbox_cards").selectAll().execute();
    const response = await server.app.inject({
      method: "POST",
      url: `/api/payments/sandbox/cards?number=${CARD}`,
      payload: { number: CARD, expiryMonth: 12, expiryYear: 2030, cvc: "123" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.body).not.toContain(CARD);
    expect(await database.db.selectFrom("sandbox_cards").selectAll().execute()).toEqual(before);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(CARD);
  });

  it("a read that takes no query refuses an unknown parameter", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/utils/date?debug=1" });
    expect(response.statusCode).toBe(400);
    expect((await server.app.inject({ method: "GET", url: "/api/utils/date" })).statusCode).toBe(200);
  });
});
