import "temporal-polyfill/global";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ClockSources, createAthensClock, fixedAthensClock } from "./athens-clock";

/** A clock whose device time is the fake timers' Date.now(). */
function clockWith(fetchServerDate: ClockSources["fetchServerDate"]) {
  let wakeUps: { onOnline: () => void; onVisible: () => void } | undefined;
  const clock = createAthensClock({
    fetchServerDate,
    deviceNow: () => Date.now(),
    loadTemporal: () => Promise.resolve(),
    watchWakeUps: (onOnline, onVisible) => {
      wakeUps = { onOnline, onVisible };
      return () => undefined;
    },
  });
  return { clock, wakeUps: () => wakeUps };
}

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

describe("Athens clock (spec §7 GET /utils/date, converted to Athens time; on failure the local clock)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The device thinks it is 1 January 2020 (a phone with a wrong clock).
    vi.setSystemTime(new Date("2020-01-01T00:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("has no value until the server answers, then the server's time in Athens", async () => {
    const { clock } = clockWith(() => Promise.resolve("2026-07-15T09:00:00Z"));
    const unsubscribe = clock.subscribe(() => undefined);
    expect(clock.getSnapshot()).toBeNull();
    await settle();
    // 09:00 UTC is 12:00 in Athens in summer (UTC+3).
    expect(clock.getSnapshot()).toMatchObject({ time: { hour: 12, minute: 0 }, date: "2026-07-15", source: "server" });
    unsubscribe();
  });

  it("falls back to the device clock when the server cannot be reached", async () => {
    vi.setSystemTime(new Date("2026-01-10T10:30:00Z"));
    const { clock } = clockWith(() => Promise.reject(new TypeError("Failed to fetch")));
    clock.subscribe(() => undefined);
    await settle();
    // Winter: Athens is UTC+2.
    expect(clock.getSnapshot()).toMatchObject({ time: { hour: 12, minute: 30 }, source: "device" });
  });

  it("keeps ticking from the server's time: listeners hear about each new minute", async () => {
    const { clock } = clockWith(() => Promise.resolve("2026-07-15T13:59:30Z"));
    const listener = vi.fn();
    clock.subscribe(listener);
    await settle();
    expect(clock.getSnapshot()?.time).toEqual({ hour: 16, minute: 59 });
    await vi.advanceTimersByTimeAsync(30_100);
    expect(clock.getSnapshot()?.time).toEqual({ hour: 17, minute: 0 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("asks the server again when the device comes back online after a failure", async () => {
    const fetchServerDate = vi
      .fn<ClockSources["fetchServerDate"]>()
      .mockRejectedValueOnce(new TypeError("offline"))
      .mockResolvedValueOnce("2026-07-15T09:00:00Z");
    const { clock, wakeUps } = clockWith(fetchServerDate);
    clock.subscribe(() => undefined);
    await settle();
    expect(clock.getSnapshot()?.source).toBe("device");
    wakeUps()?.onOnline();
    await settle();
    expect(clock.getSnapshot()).toMatchObject({ time: { hour: 12, minute: 0 }, source: "server" });
  });

  it("treats an answer that is not an instant as a failure", async () => {
    vi.setSystemTime(new Date("2026-07-15T06:00:00Z"));
    const { clock } = clockWith(() => Promise.resolve("not a date"));
    clock.subscribe(() => undefined);
    await settle();
    expect(clock.getSnapshot()).toMatchObject({ time: { hour: 9, minute: 0 }, source: "device" });
  });
});

describe("fixed clock", () => {
  it("always gives the same Athens time and date", () => {
    const clock = fixedAthensClock("2022-08-31T20:59:00Z");
    expect(clock.getSnapshot()).toMatchObject({ time: { hour: 23, minute: 59 }, date: "2022-08-31" });
  });
});
