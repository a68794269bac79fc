import { describe, expect, it } from "vitest";
import { ensureTemporal } from "./ensure-temporal";

describe("Temporal on demand (the polyfill only where the browser lacks Temporal)", () => {
  it("loads the polyfill when Temporal is missing, and only once", async () => {
    // Node 20, like older browsers, has no Temporal of its own.
    expect("Temporal" in globalThis).toBe(false);
    await ensureTemporal();
    const api = (globalThis as { Temporal?: { Instant: { from(iso: string): { epochMilliseconds: number } } } })
      .Temporal;
    expect(api?.Instant.from("2026-07-15T09:00:00Z").epochMilliseconds).toBe(Date.UTC(2026, 6, 15, 9));
    const loaded = api;
    await ensureTemporal();
    expect((globalThis as { Temporal?: unknown }).Temporal).toBe(loaded);
  });
});
