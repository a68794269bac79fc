import "temporal-polyfill/global";
import { describe, expect, it } from "vitest";
import { scheduledSlots } from "./scheduled-slots";

const window = (startTime: string, endTime: string) => ({
  scheduledOrdersEnabled: true,
  scheduledOrdersHours: { startTime, endTime },
});
// 2026-07-15 10:07 in Athens (UTC+3).
const NOW = Date.parse("2026-07-15T07:07:00Z");

describe("§3 scheduled orders: the times offered are inside the scheduled window (Athens time)", () => {
  it("offers nothing when scheduled orders are off", () => {
    expect(scheduledSlots({ scheduledOrdersEnabled: false, scheduledOrdersHours: null }, NOW)).toEqual([]);
  });

  it("starts a quarter hour after now, on a whole quarter, inside today's and tomorrow's window", () => {
    const slots = scheduledSlots(window("10:00", "11:00"), NOW);
    expect(slots.map((slot) => `${slot.dayOffset} ${slot.time}`)).toEqual([
      "0 10:30",
      "0 10:45",
      "1 10:00",
      "1 10:15",
      "1 10:30",
      "1 10:45",
    ]);
    expect(slots[0]?.iso).toBe("2026-07-15T07:30:00Z");
  });

  it("an overnight window runs past midnight", () => {
    const slots = scheduledSlots(window("23:30", "00:30"), NOW);
    expect(slots.map((slot) => `${slot.dayOffset} ${slot.time}`)).toEqual([
      "0 23:30",
      "0 23:45",
      "1 00:00",
      "1 00:15",
      "1 23:30",
      "1 23:45",
    ]);
  });

  it("a service without a window takes any quarter hour of today and tomorrow", () => {
    const slots = scheduledSlots({ scheduledOrdersEnabled: true, scheduledOrdersHours: null }, NOW);
    expect(slots[0]?.time).toBe("10:30");
    expect(slots.at(-1)).toMatchObject({ dayOffset: 1, time: "23:45" });
  });

  it("follows the Athens clock across the autumn daylight-saving change", () => {
    // 2026-10-24 22:00 Athens (UTC+3); clocks go back at 04:00 on the 25th.
    const slots = scheduledSlots(window("03:00", "04:00"), Date.parse("2026-10-24T19:00:00Z"));
    expect(slots.filter((slot) => slot.time === "03:00").map((slot) => slot.iso)).toEqual([
      "2026-10-25T00:00:00Z",
      "2026-10-25T01:00:00Z",
    ]);
  });
});
