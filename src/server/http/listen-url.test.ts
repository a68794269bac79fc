import { describe, expect, it } from "vitest";
import { listenUrl } from "./listen-url";

const lan = {
  lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }],
  eth0: [{ address: "192.168.1.20", family: "IPv4", internal: false }],
} as unknown as Parameters<typeof listenUrl>[2];

describe("listenUrl (links use the host the server listens on)", () => {
  it.each([
    ["localhost", "http://localhost:3000"],
    ["127.0.0.1", "http://127.0.0.1:3000"],
    ["0.0.0.0", "http://192.168.1.20:3000"],
    ["::", "http://192.168.1.20:3000"],
    ["::1", "http://[::1]:3000"],
  ])("%s -> %s", (host, url) => {
    expect(listenUrl(host, 3000, lan)).toBe(url);
  });

  it("a wildcard host on a machine without a LAN address prints localhost", () => {
    expect(listenUrl("0.0.0.0", 3000, { lo: lan?.lo } as Parameters<typeof listenUrl>[2])).toBe(
      "http://localhost:3000",
    );
  });
});
