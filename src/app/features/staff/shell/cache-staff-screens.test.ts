/** The staff screens, left out of the precache (guests' phones never download them), are cached on a terminal's sign-in. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { RUNTIME_CACHES } from "../../../../../sw/cache-rules";

/** The Cache API edge: a Map of cached paths per cache name. */
function fakeCaches() {
  const stores = new Map<string, Set<string>>();
  const open = vi.fn(async (name: string) => {
    const store = stores.get(name) ?? new Set<string>();
    stores.set(name, store);
    return {
      match: async (path: string) => (store.has(path) ? new Response("") : undefined),
      add: vi.fn(async (path: string) => {
        if (path.includes("broken")) throw new TypeError("Failed to fetch");
        store.add(path);
      }),
    };
  });
  return { stores, api: { open } };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("cacheStaffScreens", () => {
  it("puts every listed staff file into the worker's app-chunks cache, skipping cached ones and surviving a failed one", async () => {
    const { stores, api } = fakeCaches();
    stores.set(RUNTIME_CACHES.appChunks.name, new Set(["/assets/pin-a.js"]));
    vi.stubGlobal("caches", api);
    const fetchMock = vi.fn(async () =>
      Response.json({ files: ["/assets/pin-a.js", "/assets/broken-b.js", "/assets/staff-admin-c.js"] }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { cacheStaffScreens } = await import("./cache-staff-screens");
    await cacheStaffScreens();
    expect(fetchMock).toHaveBeenCalledWith("/staff-assets.json", { cache: "no-cache" });
    expect([...(stores.get(RUNTIME_CACHES.appChunks.name) ?? [])].sort()).toEqual([
      "/assets/pin-a.js",
      "/assets/staff-admin-c.js",
    ]);
    // Once per page load.
    await cacheStaffScreens();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does nothing when the list is missing (the dev server), and tries again later", async () => {
    const { stores, api } = fakeCaches();
    vi.stubGlobal("caches", api);
    const fetchMock = vi.fn(async () => new Response("not found", { status: 404 }));
    vi.stubGlobal("fetch", fetchMock);
    const { cacheStaffScreens } = await import("./cache-staff-screens");
    await cacheStaffScreens();
    expect(stores.size).toBe(0);
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    vi.resetModules();
    const again = await import("./cache-staff-screens");
    await again.cacheStaffScreens();
    await again.cacheStaffScreens();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
