import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../test-support/test-database";
import { PIN_STORE_ESCALATION, SEND_LIMITS } from "./limits";
import { consume, consumeWith, type EscalatingDelay, escalatingWait, release, waitBeforeNextEvent } from "./throttle";

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

/**
 * The fastest a guesser can go against a delay: every event as soon as it is allowed. Answers the
 * instants of the events in [0, periodMs).
 */
function greediest(rule: EscalatingDelay, periodMs: number): number[] {
  const newestFirst: Date[] = [];
  let now = 0;
  for (;;) {
    now += escalatingWait(newestFirst, rule, new Date(now));
    if (now >= periodMs) break;
    newestFirst.unshift(new Date(now));
  }
  return newestFirst.map((at) => at.getTime()).reverse();
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe("escalating delay (a store's PIN pad slows down instead of locking)", () => {
  const rule: EscalatingDelay = { windowMs: DAY_MS, freeEvents: 3, firstDelayMs: 1000, maxDelayMs: 5000 };

  it("the free events go through at once; then the gap after the newest doubles up to the cap", () => {
    const events = (seconds: number[]) => seconds.map((s) => at(s)).reverse();
    expect(escalatingWait(events([0, 0]), rule, at(0))).toBe(0);
    expect(escalatingWait(events([0, 0, 0]), rule, at(0))).toBe(1000);
    expect(escalatingWait(events([0, 0, 0, 1]), rule, at(1))).toBe(2000);
    expect(escalatingWait(events([0, 0, 0, 1, 3]), rule, at(3))).toBe(4000);
    expect(escalatingWait(events([0, 0, 0, 1, 3, 7]), rule, at(7))).toBe(5000);
    expect(escalatingWait(events([0, 0, 0, 1, 3, 7]), rule, at(12))).toBe(0);
  });

  it("events older than the window no longer count", () => {
    const old = [at(0), at(0), at(0)];
    expect(escalatingWait(old, rule, new Date(at(0).getTime() + DAY_MS))).toBe(0);
  });

  it("the store's PIN numbers of src/server/auth/README.md: at most 36 guesses in an hour (2 after the first), 82 the first day, 49 a day after", () => {
    const days = 30;
    const guesses = greediest(PIN_STORE_ESCALATION, days * DAY_MS);
    const inHourFrom = (start: number) => guesses.filter((t) => t >= start && t < start + HOUR_MS).length;
    const busiestHour = Math.max(...guesses.map(inHourFrom));
    expect(busiestHour).toBe(36);
    // After the first hour, the gap is at its 30-minute cap for good: 2 guesses in any hour.
    expect(Math.max(...guesses.filter((t) => t >= HOUR_MS).map(inHourFrom))).toBe(2);
    expect(guesses.filter((t) => t < DAY_MS)).toHaveLength(82);
    for (let day = 1; day < days; day++) {
      expect(guesses.filter((t) => t >= day * DAY_MS && t < (day + 1) * DAY_MS).length).toBeLessThanOrEqual(49);
    }
    // A 4-digit PIN: 10 000 possibilities, 5 000 guesses expected for one PIN; at this pace that
    // takes more than 100 days (README: "PIN guessing").
    const fiveThousandth = guesses[4999];
    expect(fiveThousandth).toBeUndefined();
    expect(guesses.length).toBeLessThan(1500);
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

describe("consumeWith (an escalating delay kept in the database)", () => {
  it("counts the key's events in the look-back, this one included, and refuses while the delay runs", async () => {
    const rule: EscalatingDelay = { windowMs: 60_000, freeEvents: 2, firstDelayMs: 10_000, maxDelayMs: 10_000 };
    const attempt = (seconds: number) =>
      consumeWith(
        ctx.db,
        "test:escalating",
        rule.windowMs,
        (events) => escalatingWait(events, rule, at(seconds)),
        at(seconds),
      );
    expect(await attempt(0)).toMatchObject({ allowed: true, count: 1 });
    expect(await attempt(1)).toMatchObject({ allowed: true, count: 2 });
    expect(await attempt(2)).toEqual({ allowed: false, retryAfterMs: 9_000 });
    expect(await attempt(11)).toMatchObject({ allowed: true, count: 3 });
  });
});
