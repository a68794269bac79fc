import { describe, expect, it } from "vitest";
import type { PendingOrderRow } from "../../db/app-db";
import { orderStageOf, type StageInput } from "./order-stage";

const row = (overrides: Partial<PendingOrderRow> = {}): PendingOrderRow => ({
  idempotencyKey: "k",
  storeId: 1,
  serviceId: 1,
  tableId: 11,
  request: {} as PendingOrderRow["request"],
  onHold: false,
  createdAt: "2026-07-15T09:00:00.000Z",
  attempts: 0,
  lastError: null,
  orderId: null,
  lines: [],
  ended: null,
  ...overrides,
});
const input = (overrides: Partial<StageInput> = {}): StageInput => ({
  row: row(),
  event: null,
  online: true,
  ...overrides,
});
const event = (
  status: "WAITING_FOR_ACCEPTANCE" | "UNDER_REVIEW" | "ACCEPTED" | "REJECTED" | "TIMED_OUT" | "PAYMENT_FAILED",
  errorMessage: string | null = null,
) => ({
  orderId: 77,
  status,
  dailyNumber: 5,
  errorMessage,
});

describe("order stage from the outbox row and the live status (spec §4 progress messages)", () => {
  const cases: [string, StageInput, ReturnType<typeof orderStageOf>][] = [
    ["gave up after 24 h", input({ row: row({ ended: { status: "EXPIRED" } }) }), { kind: "expired" }],
    ["queued, first attempt on its way", input({ row: row() }), { kind: "sending" }],
    ["on hold for sign-in", input({ row: row({ onHold: true }) }), { kind: "held" }],
    [
      "no answer: check connection",
      input({ row: row({ attempts: 1, lastError: "NETWORK_ERROR" }) }),
      { kind: "offline" },
    ],
    [
      "device offline",
      input({ row: row({ attempts: 1, lastError: "INTERNAL_ERROR" }), online: false }),
      { kind: "offline" },
    ],
    ["5xx: still trying", input({ row: row({ attempts: 2, lastError: "INTERNAL_ERROR" }) }), { kind: "retrying" }],
    ["placed, no status yet", input({ row: row({ orderId: 77 }) }), { kind: "sent", dailyNumber: null }],
    [
      "placed, first status from the 201",
      input({
        row: row({ orderId: 77, placedAs: { status: "WAITING_FOR_ACCEPTANCE", dailyNumber: 5, errorMessage: null } }),
      }),
      { kind: "waiting", dailyNumber: 5 },
    ],
    [
      "under review",
      input({ row: row({ orderId: 77 }), event: event("UNDER_REVIEW") }),
      { kind: "under-review", dailyNumber: 5 },
    ],
    [
      "accepted",
      input({ row: row({ orderId: 77 }), event: event("ACCEPTED") }),
      { kind: "accepted", dailyNumber: 5, preparation: null },
    ],
    [
      "rejected with reason",
      input({ row: row({ orderId: 77 }), event: event("REJECTED", "closed") }),
      { kind: "rejected", dailyNumber: 5, reason: "closed" },
    ],
    [
      "timed out",
      input({ row: row({ orderId: 77 }), event: event("TIMED_OUT") }),
      { kind: "timed-out", dailyNumber: 5 },
    ],
    [
      "payment failed, without the provider's reason (its words are not in the guest's language)",
      input({ row: row({ orderId: 77 }), event: event("PAYMENT_FAILED", "Your card was declined.") }),
      { kind: "payment-failed", dailyNumber: 5 },
    ],
    [
      "an ended order keeps its end after a reload, with no live status",
      input({ row: row({ orderId: 77, ended: { status: "REJECTED", dailyNumber: 5, errorMessage: "closed" } }) }),
      { kind: "rejected", dailyNumber: 5, reason: "closed" },
    ],
    [
      "a status of another order is ignored",
      input({ row: row({ orderId: 78 }), event: event("ACCEPTED") }),
      { kind: "sent", dailyNumber: null },
    ],
  ];
  it.each(cases)("%s", (_name, value, expected) => {
    expect(orderStageOf(value)).toEqual(expected);
  });
});
