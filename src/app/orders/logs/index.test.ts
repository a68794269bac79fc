import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appDb } from "../../db/app-db";
import { logEvent, startLogFlushing } from ".";

afterEach(async () => {
  vi.unstubAllGlobals();
  await appDb().pendingLogs.clear();
});

function network(online: () => boolean) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string) => {
      if (!online()) throw new TypeError("Failed to fetch");
      urls.push(String(url));
      return new Response(null, { status: 204 });
    }),
  );
  return urls;
}

describe("logEvent (spec §7: fire and forget, errors swallowed)", () => {
  it("returns nothing at once and sends the call in the background", async () => {
    const urls = network(() => true);
    expect(logEvent("backup-polling-enabled", { orderId: 4 })).toBeUndefined();
    await vi.waitFor(() => expect(urls).toEqual(["http://localhost:3000/api/log/backup-polling-enabled"]));
    expect(await appDb().pendingLogs.count()).toBe(0);
  });

  it("offline: never throws, keeps the call, and sends it when the device is back online", async () => {
    let online = false;
    const urls = network(() => online);
    expect(() => logEvent("websocket-error", { orderId: 4 })).not.toThrow();
    await vi.waitFor(async () => expect(await appDb().pendingLogs.count()).toBe(1));
    startLogFlushing();
    online = true;
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(urls).toEqual(["http://localhost:3000/api/log/websocket-error"]));
    await vi.waitFor(async () => expect(await appDb().pendingLogs.count()).toBe(0));
  });
});
