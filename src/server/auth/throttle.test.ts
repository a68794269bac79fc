import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../test-support/test-database";
import { SEND_LIMITS } from "./limits";
import { consume, release, waitBeforeNextEvent } from "./throttle";

const ctx = setUpTestDatabase();
const at = (seconds: number) => new Date(Date.UTC(2026, 6, 1, 9, 0, 0) + seconds * 1000);

describe("sliding-window limits (design.md sign-in numbers), the arithmetic", () => {
  it("60 s spacing: the wait is what is left of the minute since the last send", () => {
    expect(waitBeforeNextEvent([at(0)], SEND_LIMITS, at(45))).toBe(15_000);
    expect(waitBeforeNextEvent([at(0)], SEND_LIMITS, at(60))).toBe(0);
  });

  it("5 per 10 minutes: the 6th waits until the oldest of the five leaves the window", () => {
    const fiveSends = [at(240), at(180), at(120), at(60), at(0)];
    expect(waitBeforeNextEvent(fiveSends, SEND_LIMITS, at(300))).toBe(300_000);
    expect(waitBeforeNextEvent(fiveSends, SEND_LIMITS, at(600))).toBe(0);
  });

  it("10 per day: the 11th waits for the day-old one", () => {
    const tenSends = Array.from({ length: 10 }, (_, i) => at((9 - i) * 3600));
    expect(waitBeforeNextEvent(tenSends, SEND_LIMITS, at(10 * 3600))).toBe(14 * 3600 * 1000);
  });
});

describe(`limits stored in the database hold under concurrency (brief: across processes on PostgreSQL)`, () => {
  const limits = [{ max: 3, windowMs: 60_000 }];

  it("20 concurrent attempts on one key: exactly 3 are allowed", async () => {
    const decisions = await Promise.all(Array.from({ length: 20 }, () => consume(ctx.db, "test:burst", limits, at(0))));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    const refused = decisions.find((d) => !d.allowed);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 60_000 });
  });

  it("a released attempt does not count; other keys are independent", async () => {
    const first = await consume(ctx.db, "test:release", limits, at(0));
    await release(ctx.db, first);
    for (let i = 0; i < 3; i++) expect((await consume(ctx.db, "test:release", limits, at(1))).allowed).toBe(true);
    expect((await consume(ctx.db, "test:release", limits, at(2))).allowed).toBe(false);
    expect((await consume(ctx.db, "test:other", limits, at(2))).allowed).toBe(true);
  });

  it("old events are pruned after a day, so the table does not grow for ever", async () => {
    await consume(ctx.db, "test:old", limits, at(0));
    await consume(ctx.db, "test:new", limits, at(2 * 24 * 3600));
    const keys = await ctx.db.selectFrom("rate_limit_events").select("key").where("key", "=", "test:old").execute();
    expect(keys).toEqual([]);
  });
});
