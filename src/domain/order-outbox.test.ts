import { describe, expect, it } from "vitest";
import {
  decideAfterAnswer,
  decideAfterRefresh,
  GIVE_UP_AFTER_MS,
  hasExpired,
  type OutboxAction,
  type RefreshOutcome,
  retryDelayMs,
  type SendAnswer,
} from "./order-outbox";

const order = { id: 7, storeId: 1, status: "WAITING_FOR_ACCEPTANCE", dailyNumber: 3 } as const;
const error = (status: number, code: string): SendAnswer => ({ kind: "error", status, code });

describe("design.md 'Orders: exactly once': what the outbox does with each answer", () => {
  const cases: [string, SendAnswer, OutboxAction][] = [
    ["201 order -> done, follow its status", { kind: "order", order }, { action: "done", orderId: 7 }],
    ["no answer (offline, timeout, cut) -> keep, retry", { kind: "no-answer" }, { action: "retry" }],
    ["no session -> on hold until sign-in", { kind: "no-session" }, { action: "hold" }],
    ["408 -> retry", error(408, "UNKNOWN_ERROR"), { action: "retry" }],
    ["429 rate limited -> retry", error(429, "RATE_LIMITED"), { action: "retry" }],
    ["500 -> retry", error(500, "INTERNAL_ERROR"), { action: "retry" }],
    ["502 from a proxy -> retry", error(502, "UNKNOWN_ERROR"), { action: "retry" }],
    ["503 -> retry", error(503, "UNKNOWN_ERROR"), { action: "retry" }],
    ["409 REQUEST_IN_PROGRESS -> retry (same key)", error(409, "REQUEST_IN_PROGRESS"), { action: "retry" }],
    ["401 INVALID_AUTH_TOKEN -> refresh, then retry", error(401, "INVALID_AUTH_TOKEN"), { action: "refresh-session" }],
    ["400 VALIDATION_FAILED -> drop", error(400, "VALIDATION_FAILED"), { action: "drop", code: "VALIDATION_FAILED" }],
    ["409 PRICE_CHANGED -> drop", error(409, "PRICE_CHANGED"), { action: "drop", code: "PRICE_CHANGED" }],
    ["409 OUT_OF_STOCK -> drop", error(409, "OUT_OF_STOCK"), { action: "drop", code: "OUT_OF_STOCK" }],
    [
      "422 IDEMPOTENCY_KEY_REUSED -> drop",
      error(422, "IDEMPOTENCY_KEY_REUSED"),
      { action: "drop", code: "IDEMPOTENCY_KEY_REUSED" },
    ],
    [
      "§8 scheduled time refused -> drop",
      error(400, "INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER"),
      { action: "drop", code: "INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER" },
    ],
    [
      "§8 MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY -> drop",
      error(409, "MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY"),
      { action: "drop", code: "MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY" },
    ],
    ["403 FORBIDDEN -> drop", error(403, "FORBIDDEN"), { action: "drop", code: "FORBIDDEN" }],
    ["a 3xx reaching the app (captive portal) -> retry", error(302, "UNKNOWN_ERROR"), { action: "retry" }],
  ];
  it.each(cases)("%s", (_name, answer, expected) => {
    expect(decideAfterAnswer(answer)).toEqual(expected);
  });
});

describe("§4 'Failed token refresh with INVALID_AUTH_TOKEN clears the user session': after a refresh", () => {
  const cases: [RefreshOutcome, OutboxAction][] = [
    ["refreshed", { action: "retry" }],
    ["kept", { action: "retry" }],
    ["signed-out", { action: "hold" }],
    ["no-session", { action: "hold" }],
  ];
  it.each(cases)("%s -> %o", (outcome, expected) => {
    expect(decideAfterRefresh(outcome)).toEqual(expected);
  });
});

describe("backoff: 2 s doubling to 60 s", () => {
  const cases: [number, number][] = [
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [5, 32_000],
    [6, 60_000],
    [7, 60_000],
    [1000, 60_000],
  ];
  it.each(cases)("retry %i waits %i ms", (attempt, ms) => {
    expect(retryDelayMs(attempt)).toBe(ms);
  });

  it("spreads by at most 20 % either way", () => {
    expect(retryDelayMs(1, 0)).toBe(1_600);
    expect(retryDelayMs(1, 0.999_999)).toBe(2_400);
    expect(retryDelayMs(6, 0)).toBe(48_000);
  });
});

describe("gives up after 24 h", () => {
  const created = "2026-07-15T09:00:00.000Z";
  const at = (ms: number) => Date.parse(created) + ms;
  it.each([
    [0, false],
    [GIVE_UP_AFTER_MS - 1, false],
    [GIVE_UP_AFTER_MS, true],
  ])("%i ms after queueing -> expired %s", (elapsed, expired) => {
    expect(hasExpired(created, at(elapsed))).toBe(expired);
  });
  it("treats an unreadable date as expired (a corrupt row must not retry forever)", () => {
    expect(hasExpired("yesterday", Date.now())).toBe(true);
  });
});
