import { describe, expect, it } from "vitest";
import {
  cancelOnLines,
  preparationOf,
  printerNeedsAlert,
  routeClashes,
  type StationRoute,
  stationOfLine,
  TICKET_LATE_MS,
  TICKET_OVERDUE_MS,
  ticketAgeOf,
  ticketStateOf,
} from "./kitchen";

const route = (stationId: number, claims: Partial<Omit<StationRoute, "stationId">>): StationRoute => ({
  stationId,
  services: [],
  categories: [],
  items: [],
  outlets: [],
  ...claims,
});

const BAR = route(1, { services: [10] });
const KITCHEN = route(2, { categories: [101] });
const PASTRY = route(3, { items: [1005] });
const POOL_BAR = route(4, { services: [10], outlets: [70] });
const ROUTES = [BAR, KITCHEN, PASTRY, POOL_BAR];
const line = (itemId: number, categoryId: number, serviceId = 10) => ({ itemId, categoryId, serviceId });

describe("the station that makes a line (most precise claim wins)", () => {
  it("a service's station makes its lines", () => {
    expect(stationOfLine(ROUTES, line(1000, 100), null)).toBe(1);
  });
  it("a category's station over its service's; an item's over its category's", () => {
    expect(stationOfLine(ROUTES, line(1004, 101), null)).toBe(2);
    expect(stationOfLine(ROUTES, line(1005, 101), null)).toBe(3);
  });
  it("a spot of an outlet: the outlet's station over one of every outlet at the same precision", () => {
    expect(stationOfLine(ROUTES, line(1000, 100), 70)).toBe(4);
    expect(stationOfLine(ROUTES, line(1000, 100), 71)).toBe(1);
    // The kitchen's category claim is more precise than the pool bar's service claim.
    expect(stationOfLine(ROUTES, line(1004, 101), 70)).toBe(2);
  });
  it("a line no station claims gets no ticket", () => {
    expect(stationOfLine(ROUTES, line(2000, 200, 11), null)).toBeNull();
  });
});

describe("a venue file may not leave a line's station to chance", () => {
  it("the same id claimed twice at one level by stations of overlapping outlets is a clash", () => {
    expect(routeClashes([BAR, route(5, { services: [10] })])).toEqual([
      { level: "services", id: 10, stationIds: [1, 5] },
    ]);
    expect(routeClashes([POOL_BAR, route(6, { services: [10], outlets: [70, 71] })])).toHaveLength(1);
  });
  it("one station of every outlet and one of an outlet, or of different outlets, do not clash", () => {
    expect(routeClashes(ROUTES)).toEqual([]);
    expect(routeClashes([POOL_BAR, route(6, { services: [10], outlets: [71] })])).toEqual([]);
  });
});

const kitchenLine = (quantity: number, canceledQuantity: number, ready: boolean) => ({
  quantity,
  canceledQuantity,
  ready,
});

describe("a ticket's state follows its lines", () => {
  it("ACTIVE while a line is left to make, READY when none is, CANCELED when every piece was", () => {
    expect(ticketStateOf([kitchenLine(2, 0, true), kitchenLine(1, 0, false)])).toBe("ACTIVE");
    expect(ticketStateOf([kitchenLine(2, 0, true), kitchenLine(1, 1, false)])).toBe("READY");
    expect(ticketStateOf([kitchenLine(2, 2, false), kitchenLine(1, 1, true)])).toBe("CANCELED");
  });
});

describe("what the guest is told of an accepted order", () => {
  it("being prepared while a station still makes something, ready once all is made, on its way once taken", () => {
    expect(preparationOf(["ACTIVE", "READY"])).toBe("PREPARING");
    expect(preparationOf(["READY", "PICKED_UP"])).toBe("READY");
    expect(preparationOf(["PICKED_UP", "CANCELED"])).toBe("ON_ITS_WAY");
  });
  it("nothing when no ticket is left (none, or every one canceled)", () => {
    expect(preparationOf([])).toBeNull();
    expect(preparationOf(["CANCELED"])).toBeNull();
  });
});

describe("a line canceled on the table is struck off the ticket that makes it", () => {
  const names = { GRE: { name: "Φρέντο" }, ENG: { name: "Freddo" } };
  const sugar = [{ GRE: { name: "Γλυκός" }, ENG: { name: "Sweet" } }];
  const lines = [
    { names, options: sugar, comment: "", quantity: 1, canceledQuantity: 0, ready: false },
    { names, options: sugar, comment: "", quantity: 2, canceledQuantity: 0, ready: false },
    { names, options: [], comment: "", quantity: 1, canceledQuantity: 0, ready: false },
  ];
  it("the pieces go off the first lines with the same item, options and comment", () => {
    const next = cancelOnLines(lines, { names, options: sugar, comment: "", quantity: 2 });
    expect(next?.map((l) => l.canceledQuantity)).toEqual([1, 1, 0]);
  });
  it("null when no line is the same dish (another station makes it)", () => {
    expect(cancelOnLines(lines, { names, options: [], comment: "no ice", quantity: 1 })).toBeNull();
  });
});

describe("how late a ticket looks on the display", () => {
  it("fresh, late after the first threshold, overdue after the second", () => {
    expect(ticketAgeOf(TICKET_LATE_MS - 1)).toBe("fresh");
    expect(ticketAgeOf(TICKET_LATE_MS)).toBe("late");
    expect(ticketAgeOf(TICKET_OVERDUE_MS)).toBe("overdue");
  });
});

describe("a printer failing alerts the PDAs after a minute", () => {
  it("not before a minute, and not when it prints", () => {
    const since = "2026-07-01T09:00:00.000Z";
    expect(printerNeedsAlert(since, Date.parse(since) + 59_999)).toBe(false);
    expect(printerNeedsAlert(since, Date.parse(since) + 60_000)).toBe(true);
    expect(printerNeedsAlert(null, Date.parse(since) + 600_000)).toBe(false);
  });
});
