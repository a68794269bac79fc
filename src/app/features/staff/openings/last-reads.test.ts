/** The staff reads kept on the PDA: the lists keep their newest few; what the PDA needs to work offline at all is never pushed out by them. */
import { afterEach, describe, expect, it } from "vitest";
import { lastRead, rememberRead } from "./last-reads";

afterEach(() => localStorage.clear());

const minute = (m: number) => new Date(Date.UTC(2026, 6, 1, 9, m));

describe("last reads", () => {
  it("a read is kept with the time it was read", () => {
    rememberRead("orders:1", { orders: [] }, minute(0));
    expect(lastRead("orders:1")).toEqual({ data: { orders: [] }, at: minute(0).toISOString() });
  });

  it("the lists keep their 8 newest; a lasting read (the table picker's floor) stays however many tables the waiter opens", () => {
    rememberRead("checkout:v1:205:10", { availableTables: [] }, minute(0), { lasting: true });
    for (let table = 1; table <= 12; table += 1) rememberRead(`opening:v2:${table}`, { id: table }, minute(table));
    expect(lastRead("checkout:v1:205:10")).not.toBeNull();
    expect(lastRead("opening:v2:12")).not.toBeNull();
    expect(lastRead("opening:v2:5")).not.toBeNull();
    expect(lastRead("opening:v2:4")).toBeNull();
  });
});
