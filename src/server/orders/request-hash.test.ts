import { describe, expect, it } from "vitest";
import { canonicalJson, requestHash } from "./request-hash";

describe("the request fingerprint an Idempotency-Key is bound to (design.md Orders)", () => {
  it("does not depend on the order the app wrote the keys in, at any depth", () => {
    const a = {
      serviceId: 1,
      payment: { type: "CASH" },
      lines: [{ itemId: 2, selection: { "5": [1, 2] }, quantity: 1 }],
    };
    const b = {
      lines: [{ quantity: 1, selection: { "5": [1, 2] }, itemId: 2 }],
      payment: { type: "CASH" },
      serviceId: 1,
    };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(requestHash(a)).toBe(requestHash(b));
  });

  it("changes with any value, including the order of array items (line order and option picks matter)", () => {
    const base = { lines: [{ itemId: 1 }, { itemId: 2 }], comment: "" };
    expect(requestHash({ ...base, comment: " " })).not.toBe(requestHash(base));
    expect(requestHash({ ...base, lines: [{ itemId: 2 }, { itemId: 1 }] })).not.toBe(requestHash(base));
  });

  it("is SHA-256 hex", () => {
    expect(requestHash({})).toMatch(/^[0-9a-f]{64}$/);
  });
});
