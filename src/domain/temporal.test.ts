import "temporal-polyfill/global";
import { afterEach, describe, expect, test } from "vitest";
import { temporal } from "./temporal";

// Typed view of the global: the server's tsconfig has no global Temporal declaration.
const host = globalThis as { Temporal?: unknown };

describe("temporal: the domain uses the host's Temporal", () => {
  const installed = host.Temporal;
  afterEach(() => {
    host.Temporal = installed;
  });

  test("returns the global Temporal namespace when loaded", () => {
    expect(temporal()).toBe(installed);
    expect(temporal().Instant.from("2026-07-01T00:00:00Z").epochMilliseconds).toBe(Date.UTC(2026, 6, 1));
  });

  test("fails with a message naming the polyfill when no Temporal is loaded", () => {
    delete host.Temporal;
    expect(() => temporal()).toThrow(/temporal-polyfill\/global/);
  });
});
