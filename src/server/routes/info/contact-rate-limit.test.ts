import { describe, expect, it } from "vitest";
import { listOutboxMessages } from "../../db/repositories/outbox.repository";
import { MINUTE, testClock } from "../../test-support/clock";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock();
const server = setUpTestApp(() => ctx.db, { now: clock.now });
const form = { name: "Μαρία", email: "maria@example.com", message: "Καλησπέρα" };
const send = (payload: object = form) => server.app.inject({ method: "POST", url: "/api/info/contact", payload });

describe("POST /api/info/contact rate limit (security: the venue's inbox is not a spam target)", () => {
  it("invalid messages are not counted: a guest fixing a typo is never throttled", async () => {
    for (let i = 0; i < 8; i++) expect((await send({ ...form, email: "typo" })).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(202);
  });

  it("the 6th message in 10 minutes from one address gets 429 RATE_LIMITED with Retry-After, and is not stored", async () => {
    for (let i = 0; i < 4; i++) expect((await send()).statusCode).toBe(202);
    const stored = (await listOutboxMessages(ctx.db)).length;
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await listOutboxMessages(ctx.db)).toHaveLength(stored);
  });

  it("10 minutes later the address may write again", async () => {
    clock.advance(10 * MINUTE + 1);
    expect((await send()).statusCode).toBe(202);
  });
});
