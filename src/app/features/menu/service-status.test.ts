import { describe, expect, it } from "vitest";
import { service } from "../../../domain/test-support";
import { serviceStatusAt } from "./service-status";

const at = (hour: number, minute = 0) => ({ hour, minute });
const store = { readOnly: false };

// Demo beach bar 7001: 09:00-20:00, scheduled 08:00-19:00, happy hour 17:00-19:00 30 %.
const beachBar = service({
  hours: { startTime: "09:00", endTime: "20:00" },
  scheduledOrdersEnabled: true,
  scheduledOrdersHours: { startTime: "08:00", endTime: "19:00" },
  membershipEnabled: true,
  happyHour: { discountPercentage: 30, startTime: "17:00", endTime: "19:00" },
});

describe("service status (spec §4 service open, ordering in the modal)", () => {
  it("is open with ordering during the hours, and applies the happy hour inside its window", () => {
    expect(serviceStatusAt(beachBar, store, "UMBRELLA_AT_HOTEL", at(12))).toMatchObject({
      open: true,
      orderingEnabled: true,
      note: "open",
      happyHourActive: false,
      priceRules: { memberPrices: false, happyHourDiscountPercentage: 0 },
    });
    expect(serviceStatusAt(beachBar, store, "UMBRELLA_AT_HOTEL", at(17, 30))).toMatchObject({
      happyHourActive: true,
      priceRules: { happyHourDiscountPercentage: 30 },
    });
  });

  it("says why a closed service still takes orders: the scheduled window", () => {
    expect(serviceStatusAt(beachBar, store, "UMBRELLA_AT_HOTEL", at(8, 30))).toMatchObject({
      open: false,
      orderingEnabled: true,
      note: "closed-scheduled",
    });
  });

  it("disables ordering when closed and no exception applies", () => {
    expect(serviceStatusAt(beachBar, store, "UMBRELLA_AT_HOTEL", at(21))).toMatchObject({
      open: false,
      orderingEnabled: false,
      note: "closed",
    });
  });

  it("lets a table send to a closed delayed-response service", () => {
    const restaurant = service({ hours: { startTime: "12:30", endTime: "23:00" }, delayedResponse: true });
    expect(serviceStatusAt(restaurant, store, "TABLE_AT_HOTEL", at(11))).toMatchObject({
      orderingEnabled: true,
      note: "closed-delayed",
    });
  });

  it("keeps delivery enabled when closed", () => {
    const delivery = service({ hours: { startTime: "10:00", endTime: "01:00" } });
    expect(serviceStatusAt(delivery, store, "DELIVERY", at(3))).toMatchObject({
      open: false,
      orderingEnabled: true,
      note: "closed-delivery",
    });
  });

  it("never orders in a read-only store", () => {
    expect(serviceStatusAt(beachBar, { readOnly: true }, "UMBRELLA_AT_HOTEL", at(12))).toMatchObject({
      orderingEnabled: false,
      note: "read-only",
    });
  });

  it("applies member prices only to members of a service with membership", () => {
    const member = serviceStatusAt(beachBar, store, "UMBRELLA_AT_HOTEL", at(12), { isMember: true });
    expect(member.priceRules.memberPrices).toBe(true);
  });
});

describe("a service paused now by the venue reads like closed now, with its reason and end", () => {
  const pause = { since: "2026-07-01T09:00:00.000Z", until: "2026-07-01T09:30:00.000Z", reason: "Kitchen break" };
  const paused = { ...beachBar, pause };

  it("while it holds: closed, no ordering from any spot (the scheduled window included), note 'paused' with the pause", () => {
    const status = serviceStatusAt(
      paused,
      store,
      "UMBRELLA_AT_HOTEL",
      at(12),
      undefined,
      Date.parse("2026-07-01T09:05:00Z"),
    );
    expect(status).toMatchObject({ open: false, orderingEnabled: false, note: "paused", pause });
    const scheduledWindow = serviceStatusAt(
      paused,
      store,
      "HOTEL_ROOM",
      at(8, 30),
      undefined,
      Date.parse("2026-07-01T09:05:00Z"),
    );
    expect(scheduledWindow).toMatchObject({ orderingEnabled: false, note: "paused" });
  });

  it("ends by itself when its time passes: open again, no pause", () => {
    const status = serviceStatusAt(
      paused,
      store,
      "UMBRELLA_AT_HOTEL",
      at(12),
      undefined,
      Date.parse("2026-07-01T09:30:00Z"),
    );
    expect(status).toMatchObject({ open: true, orderingEnabled: true, note: "open", pause: null });
  });
});
