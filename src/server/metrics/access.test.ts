import { describe, expect, it } from "vitest";
import { isLoopbackAddress, mayReadMetrics } from "./access";

const direct = { forwardedFor: undefined, authorization: undefined };
const noProxy = { trustProxy: false, token: null };

describe("GET /metrics: loopback or METRICS_TOKEN, never guests", () => {
  it("loopback addresses are 127.0.0.0/8, ::1 and their IPv4-mapped form", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of ["10.0.0.1", "::ffff:192.168.1.5", "2001:db8::1", "1270.0.0.1", undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });

  it("a request from loopback reads; one from another address does not", () => {
    expect(mayReadMetrics({ ...direct, remoteAddress: "127.0.0.1" }, noProxy)).toBe(true);
    expect(mayReadMetrics({ ...direct, remoteAddress: "192.168.1.20" }, noProxy)).toBe(false);
  });

  it("X-Forwarded-For never makes a request loopback; behind a trusted proxy a forwarded request is not loopback", () => {
    expect(mayReadMetrics({ ...direct, remoteAddress: "203.0.113.9", forwardedFor: "127.0.0.1" }, noProxy)).toBe(false);
    expect(
      mayReadMetrics(
        { ...direct, remoteAddress: "127.0.0.1", forwardedFor: "203.0.113.9" },
        { trustProxy: true, token: null },
      ),
    ).toBe(false);
    // Without TRUST_PROXY the header means nothing: the peer is what counts.
    expect(mayReadMetrics({ ...direct, remoteAddress: "127.0.0.1", forwardedFor: "203.0.113.9" }, noProxy)).toBe(true);
  });

  it("the bearer token opens it from anywhere; a wrong or absent token does not", () => {
    const policy = { trustProxy: true, token: "scrape-me-please-0123" };
    const remote = { remoteAddress: "127.0.0.1", forwardedFor: "203.0.113.9" };
    expect(mayReadMetrics({ ...remote, authorization: "Bearer scrape-me-please-0123" }, policy)).toBe(true);
    expect(mayReadMetrics({ ...remote, authorization: "Bearer scrape-me-please-0124" }, policy)).toBe(false);
    expect(mayReadMetrics({ ...remote, authorization: "Basic scrape-me-please-0123" }, policy)).toBe(false);
    expect(mayReadMetrics({ ...remote, authorization: undefined }, policy)).toBe(false);
  });
});
