import { describe, expect, it } from "vitest";
import { isPausedAt, pauseEnd } from "./service-pause";

const at = (iso: string) => Date.parse(iso);

describe("a service paused now", () => {
  it("a timed pause holds from its start until its end, exclusive, and ends by itself", () => {
    const pause = { since: "2026-07-01T10:00:00.000Z", until: "2026-07-01T10:30:00.000Z", reason: "Kitchen break" };
    expect(isPausedAt(pause, at("2026-07-01T10:00:00.000Z"))).toBe(true);
    expect(isPausedAt(pause, at("2026-07-01T10:29:59.999Z"))).toBe(true);
    expect(isPausedAt(pause, at("2026-07-01T10:30:00.000Z"))).toBe(false);
  });

  it("a pause until resumed holds at any time; no pause never does", () => {
    expect(isPausedAt({ since: "2026-07-01T10:00:00.000Z", until: null, reason: "" }, at("2027-01-01T00:00:00Z"))).toBe(
      true,
    );
    expect(isPausedAt(null, at("2026-07-01T10:00:00Z"))).toBe(false);
    expect(isPausedAt(undefined, at("2026-07-01T10:00:00Z"))).toBe(false);
  });

  it("its end: so many minutes after now, or none (until resumed)", () => {
    expect(pauseEnd(new Date("2026-07-01T10:00:00.000Z"), 30)).toBe("2026-07-01T10:30:00.000Z");
    expect(pauseEnd(new Date("2026-07-01T10:00:00.000Z"), null)).toBeNull();
  });
});
