import { describe, expect, test } from "vitest";
import type { ServiceDto } from "./api";
import { isOrderingEnabled, type ServiceOrderingState, serviceOrderingState } from "./ordering";
import type { SpotType } from "./spots";

const state = (
  serviceOpen: boolean,
  delayedResponse: boolean,
  scheduledOrderingOpen: boolean,
): ServiceOrderingState => ({
  readOnlyStore: false,
  serviceOpen,
  delayedResponse,
  scheduledOrderingOpen,
});

// Columns: spot type, service open, delayed response, scheduled ordering open -> ordering enabled.
const TRUTH_TABLE: [SpotType, boolean, boolean, boolean, boolean][] = [
  // tables: closed service still orders when delayed-response or scheduled ordering is open
  ["TABLE", true, false, false, true],
  ["TABLE", true, false, true, true],
  ["TABLE", true, true, false, true],
  ["TABLE", true, true, true, true],
  ["TABLE", false, false, false, false],
  ["TABLE", false, false, true, true],
  ["TABLE", false, true, false, true],
  ["TABLE", false, true, true, true],
  // rooms: closed service still orders only when scheduled ordering is open
  ["HOTEL_ROOM", true, false, false, true],
  ["HOTEL_ROOM", true, false, true, true],
  ["HOTEL_ROOM", true, true, false, true],
  ["HOTEL_ROOM", true, true, true, true],
  ["HOTEL_ROOM", false, false, false, false],
  ["HOTEL_ROOM", false, false, true, true],
  ["HOTEL_ROOM", false, true, false, false],
  ["HOTEL_ROOM", false, true, true, true],
  // delivery: stays enabled
  ["DELIVERY", true, false, false, true],
  ["DELIVERY", true, false, true, true],
  ["DELIVERY", true, true, false, true],
  ["DELIVERY", true, true, true, true],
  ["DELIVERY", false, false, false, true],
  ["DELIVERY", false, false, true, true],
  ["DELIVERY", false, true, false, true],
  ["DELIVERY", false, true, true, true],
];

describe("isOrderingEnabled: §4 ordering in the modal is disabled when the service is closed, except ...", () => {
  test.each(TRUTH_TABLE)(
    "truth table: %s, open=%s, delayedResponse=%s, scheduledOpen=%s -> %s",
    (spotType, open, delayed, scheduled, expected) => {
      expect(isOrderingEnabled(spotType, state(open, delayed, scheduled))).toBe(expected);
    },
  );

  test.each([
    ["TABLE", "table"],
    ["TABLE_AT_HOTEL", "table"],
    ["BEACH_CHAIR", "table"],
    ["UMBRELLA_AT_HOTEL", "table"],
    ["HOTEL_ROOM", "room"],
    ["DELIVERY", "delivery"],
    ["DELIVERY_TABLE", "delivery"],
  ] as const)("%s follows the %s rule when the service is closed", (spotType, kind) => {
    const delayedOnly = isOrderingEnabled(spotType, state(false, true, false));
    const nothingOpen = isOrderingEnabled(spotType, state(false, false, false));
    expect({ delayedOnly, nothingOpen }).toEqual(
      kind === "table"
        ? { delayedOnly: true, nothingOpen: false }
        : kind === "room"
          ? { delayedOnly: false, nothingOpen: false }
          : { delayedOnly: true, nothingOpen: true },
    );
  });

  test.each(TRUTH_TABLE)(
    "§1 read-only store: nothing orderable (%s, open=%s, delayed=%s, scheduled=%s)",
    (spotType, open, delayed, scheduled) => {
      expect(isOrderingEnabled(spotType, { ...state(open, delayed, scheduled), readOnlyStore: true })).toBe(false);
    },
  );
});

describe("serviceOrderingState: derives the state from the service's hours at an Athens time", () => {
  const service: Pick<ServiceDto, "hours" | "scheduledOrdersEnabled" | "scheduledOrdersHours" | "delayedResponse"> = {
    hours: { startTime: "09:00", endTime: "17:00" },
    scheduledOrdersEnabled: true,
    scheduledOrdersHours: { startTime: "17:00", endTime: "23:00" },
    delayedResponse: false,
  };

  test.each([
    ["inside service hours", { hour: 10, minute: 0 }, { serviceOpen: true, scheduledOrderingOpen: false }],
    ["inside the scheduled window only", { hour: 18, minute: 0 }, { serviceOpen: false, scheduledOrderingOpen: true }],
    ["inside neither", { hour: 23, minute: 30 }, { serviceOpen: false, scheduledOrderingOpen: false }],
  ])("%s", (_title, time, expected) => {
    expect(serviceOrderingState(service, time, { readOnly: false })).toEqual({
      readOnlyStore: false,
      delayedResponse: false,
      ...expected,
    });
  });

  test("a room can order at 18:00 through the scheduled window but not at 23:30", () => {
    const at18 = serviceOrderingState(service, { hour: 18, minute: 0 }, { readOnly: false });
    const at2330 = serviceOrderingState(service, { hour: 23, minute: 30 }, { readOnly: false });
    expect(isOrderingEnabled("HOTEL_ROOM", at18)).toBe(true);
    expect(isOrderingEnabled("HOTEL_ROOM", at2330)).toBe(false);
  });
});

describe("a service paused now by the venue (service-pause.ts) takes no orders until the pause ends", () => {
  const service: Pick<
    ServiceDto,
    "hours" | "scheduledOrdersEnabled" | "scheduledOrdersHours" | "delayedResponse" | "pause"
  > = {
    hours: null,
    scheduledOrdersEnabled: true,
    scheduledOrdersHours: null,
    delayedResponse: true,
    pause: { since: "2026-07-01T09:00:00.000Z", until: "2026-07-01T09:30:00.000Z", reason: "Kitchen break" },
  };
  const noon = { hour: 12, minute: 0 };

  test("while it holds: no spot can order, not even a delayed-response table or a delivery link", () => {
    const state = serviceOrderingState(service, noon, { readOnly: false }, Date.parse("2026-07-01T09:10:00Z"));
    expect(state.paused).toBe(true);
    expect(isOrderingEnabled("TABLE", state)).toBe(false);
    expect(isOrderingEnabled("DELIVERY", state)).toBe(false);
    expect(isOrderingEnabled("HOTEL_ROOM", state)).toBe(false);
  });

  test("once its end has passed the service orders as before; without a clock the pause is taken as holding", () => {
    const after = serviceOrderingState(service, noon, { readOnly: false }, Date.parse("2026-07-01T09:30:00Z"));
    expect(after.paused).toBeUndefined();
    expect(isOrderingEnabled("TABLE", after)).toBe(true);
    expect(serviceOrderingState(service, noon, { readOnly: false }).paused).toBe(true);
  });
});
