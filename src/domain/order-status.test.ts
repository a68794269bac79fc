import { describe, expect, it } from "vitest";
import { hasTimedOut, STATUS_CHANGE_MESSAGES, type StaffAction, staffDecision } from "./order-status";
import { ORDER_STATUSES, type OrderStatus } from "./orders-api";

const TABLE: Array<[StaffAction, OrderStatus, ReturnType<typeof staffDecision>]> = [
  ["ACCEPT", "WAITING_FOR_ACCEPTANCE", { allowed: true, to: "ACCEPTED" }],
  ["ACCEPT", "UNDER_REVIEW", { allowed: true, to: "ACCEPTED" }],
  ["ACCEPT", "ACCEPTED", { allowed: false, code: "ORDER_NOT_PENDING_STATUS" }],
  ["ACCEPT", "REJECTED", { allowed: false, code: "INVALID_STATUS_FOR_ORDER_EXECUTION" }],
  ["ACCEPT", "TIMED_OUT", { allowed: false, code: "INVALID_STATUS_FOR_ORDER_EXECUTION" }],
  ["ACCEPT", "PAYMENT_FAILED", { allowed: false, code: "INVALID_STATUS_FOR_ORDER" }],
  ["REJECT", "WAITING_FOR_ACCEPTANCE", { allowed: true, to: "REJECTED" }],
  ["REJECT", "UNDER_REVIEW", { allowed: true, to: "REJECTED" }],
  ["REJECT", "ACCEPTED", { allowed: false, code: "ORDER_CANNOT_BE_REJECTED" }],
  ["REJECT", "TIMED_OUT", { allowed: false, code: "ORDER_CANNOT_BE_REJECTED" }],
  ["REJECT", "REJECTED", { allowed: false, code: "ORDER_NOT_PENDING_STATUS" }],
  ["REJECT", "PAYMENT_FAILED", { allowed: false, code: "INVALID_STATUS_FOR_ORDER" }],
];

describe("staffDecision (spec §4 statuses, §8 status errors)", () => {
  it.each(TABLE)("§8 %s of a %s order → %j", (action, from, expected) => {
    expect(staffDecision(action, from)).toEqual(expected);
  });

  it("the table covers every status for both actions", () => {
    for (const action of ["ACCEPT", "REJECT"] as const) {
      const covered = TABLE.filter(([a]) => a === action).map(([, from]) => from);
      expect(new Set(covered)).toEqual(new Set(ORDER_STATUSES));
    }
  });

  it("§8 accepting a declined or expired order says so: 'cannot accept order, it has been declined or has expired'", () => {
    expect(STATUS_CHANGE_MESSAGES.INVALID_STATUS_FOR_ORDER_EXECUTION).toBe(
      "cannot accept order, it has been declined or has expired",
    );
  });
});

describe("hasTimedOut (§4 timed out: the store's acceptance time ran out)", () => {
  const deadline = "2026-07-01T09:10:00.000Z";
  const cases: Array<[OrderStatus, string | null, string, boolean]> = [
    ["WAITING_FOR_ACCEPTANCE", deadline, "2026-07-01T09:09:59.999Z", false],
    ["WAITING_FOR_ACCEPTANCE", deadline, deadline, true],
    ["WAITING_FOR_ACCEPTANCE", deadline, "2026-07-01T10:00:00.000Z", true],
    ["WAITING_FOR_ACCEPTANCE", null, "2026-07-01T10:00:00.000Z", false],
    // Delayed-response services answer later: an order under review never times out.
    ["UNDER_REVIEW", deadline, "2026-07-01T10:00:00.000Z", false],
    ["ACCEPTED", deadline, "2026-07-01T10:00:00.000Z", false],
    ["REJECTED", deadline, "2026-07-01T10:00:00.000Z", false],
  ];
  it.each(cases)("a %s order with deadline %s at %s → %s", (status, acceptanceDeadline, now, expected) => {
    expect(hasTimedOut({ status, acceptanceDeadline }, now)).toBe(expected);
  });
});
