import "temporal-polyfill/global";
import { describe, expect, test } from "vitest";
import {
  athensDayBounds,
  athensDayOf,
  checkLocation,
  distanceMeters,
  isValidScheduledTime,
  placementOpen,
} from "./order-placement";
import type { ServiceOrderingState } from "./ordering";
import { temporal } from "./temporal";

const instant = (iso: string) => temporal().Instant.from(iso);
const state = (overrides: Partial<ServiceOrderingState>): ServiceOrderingState => ({
  readOnlyStore: false,
  serviceOpen: true,
  scheduledOrderingOpen: false,
  delayedResponse: false,
  ...overrides,
});

describe("placementOpen (§4 ordering rule, at placement)", () => {
  test("§1 a read-only store never takes orders", () => {
    expect(placementOpen("TABLE", state({ readOnlyStore: true }), false)).toBe("READ_ONLY_STORE");
  });
  test("a service paused by the venue refuses every order with SERVICE_PAUSED, scheduled or from a delivery link", () => {
    expect(placementOpen("TABLE", state({ paused: true }), false)).toBe("SERVICE_PAUSED");
    expect(placementOpen("TABLE", state({ paused: true, scheduledOrderingOpen: true }), true)).toBe("SERVICE_PAUSED");
    expect(placementOpen("DELIVERY", state({ paused: true }), false)).toBe("SERVICE_PAUSED");
    expect(placementOpen("TABLE", state({ readOnlyStore: true, paused: true }), false)).toBe("READ_ONLY_STORE");
  });
  test("§4 an open service takes orders now", () => {
    expect(placementOpen("TABLE", state({}), false)).toBe("OPEN");
  });
  test("§4 a closed service refuses a table's order now", () => {
    expect(placementOpen("TABLE", state({ serviceOpen: false }), false)).toBe("SERVICE_CLOSED");
  });
  test("§4 closed but scheduled ordering open: a scheduled order goes, an order for now does not", () => {
    const s = state({ serviceOpen: false, scheduledOrderingOpen: true });
    expect(placementOpen("HOTEL_ROOM", s, true)).toBe("OPEN");
    expect(placementOpen("HOTEL_ROOM", s, false)).toBe("SERVICE_CLOSED");
  });
  test("§4 a delayed-response service takes a table's order while closed; delivery stays enabled", () => {
    expect(placementOpen("TABLE", state({ serviceOpen: false, delayedResponse: true }), false)).toBe("OPEN");
    expect(placementOpen("DELIVERY", state({ serviceOpen: false }), false)).toBe("OPEN");
  });
});

describe("isValidScheduledTime (§3 scheduled orders, INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER)", () => {
  const service = { scheduledOrdersEnabled: true, scheduledOrdersHours: { startTime: "07:00", endTime: "11:00" } };
  // 2026-07-01T09:00Z is 12:00 in Athens (UTC+3 in summer).
  const now = instant("2026-07-01T09:00:00Z");
  test("inside the window on the next Athens day is valid", () => {
    expect(isValidScheduledTime(service, instant("2026-07-02T05:00:00Z"), now)).toBe(true); // 08:00 Athens
  });
  test("outside the window is refused (window end is exclusive)", () => {
    expect(isValidScheduledTime(service, instant("2026-07-02T08:00:00Z"), now)).toBe(false); // 11:00
    expect(isValidScheduledTime(service, instant("2026-07-02T03:59:00Z"), now)).toBe(false); // 06:59
  });
  test("in the past, or two days ahead, is refused", () => {
    expect(isValidScheduledTime(service, instant("2026-07-01T05:00:00Z"), now)).toBe(false);
    expect(isValidScheduledTime(service, instant("2026-07-03T05:00:00Z"), now)).toBe(false);
  });
  test("a service without scheduled orders refuses every time", () => {
    expect(
      isValidScheduledTime({ ...service, scheduledOrdersEnabled: false }, instant("2026-07-02T05:00:00Z"), now),
    ).toBe(false);
  });
});

describe("Athens days", () => {
  test("§9 the day turns at Athens midnight, not UTC", () => {
    expect(athensDayOf(instant("2026-07-01T20:59:00Z")).toString()).toBe("2026-07-01");
    expect(athensDayOf(instant("2026-07-01T21:00:00Z")).toString()).toBe("2026-07-02");
  });
  test("the autumn change makes a 25-hour day", () => {
    const { start, end } = athensDayBounds(temporal().PlainDate.from("2026-10-25"));
    expect(end.epochMilliseconds - start.epochMilliseconds).toBe(25 * 3600 * 1000);
  });
});

describe("checkLocation (store location radius)", () => {
  const store = { latitude: 40.0, longitude: 23.0, radiusMeters: 500 };
  test("no store location: nothing asked", () => {
    expect(checkLocation(null, null)).toBe("OK");
  });
  test("a store location needs the guest's", () => {
    expect(checkLocation(store, null)).toBe("LOCATION_REQUIRED");
  });
  test("within the radius is OK, beyond it too far", () => {
    expect(checkLocation(store, { latitude: 40.003, longitude: 23.0 })).toBe("OK"); // ~334 m
    expect(checkLocation(store, { latitude: 40.01, longitude: 23.0 })).toBe("LOCATION_TOO_FAR"); // ~1.1 km
  });
  test("haversine: one degree of latitude is about 111.2 km", () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
  });
});
