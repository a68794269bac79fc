import { describe, expect, it } from "vitest";
import { navigationAnswer, type RequestFacts, runtimeCacheFor, wantsFreshRead } from "./cache-rules";

const origin = "https://kyma.example";

function guestGet(path: string): RequestFacts {
  return { url: new URL(path, origin), method: "GET", sameOrigin: true };
}

describe("runtimeCacheFor", () => {
  it.each([
    ["/api/tables/1042", "guestApi"],
    ["/api/tables/1042?lang=en", "guestApi"],
    ["/api/services/17/menu", "guestApi"],
    ["/api/tables/7201/menus/beach-bar", "guestApi"],
    ["/images/items/freddo-espresso.webp", "venueImages"],
    ["/images/stores/7/beach.jpg", "venueImages"],
    // A staff screen left out of the precache, kept once fetched.
    ["/assets/staff-admin-CD5STJoy.js", "appChunks"],
    ["/assets/StaffShell-CgGjVeK9.css", "appChunks"],
    // The manifest's icons, which the browser asks for offline too.
    ["/icons/icon-192.png", "appIcons"],
    ["/icons/maskable-512.png", "appIcons"],
  ] as const)("caches GET %s in %s", (path, kind) => {
    expect(runtimeCacheFor(guestGet(path))).toBe(kind);
  });

  it.each([
    "/api/orders",
    "/api/orders/55/status",
    "/api/entrance?storeId=1",
    "/api/authenticate/v2/login",
    "/api/tables",
    "/api/tables/1042/orders",
    "/api/services/17",
    "/api/services/17/menu/items",
    "/api/tables/7201/menus/beach-bar/items",
    "/api/health",
    "/menu/1042",
    "/assets/index-abc123.js.map",
    "/assets/deep/index-abc123.js",
    "/imagesx/a.png",
    "/icons/favicon.svg",
    "/icons/deep/icon.png",
  ])("leaves GET %s to the network", (path) => {
    expect(runtimeCacheFor(guestGet(path))).toBeNull();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "HEAD"])("never caches %s, even on a guest read path", (method) => {
    expect(runtimeCacheFor({ ...guestGet("/api/services/17/menu"), method })).toBeNull();
    expect(runtimeCacheFor({ ...guestGet("/images/a.jpg"), method })).toBeNull();
  });

  it("ignores other origins, whatever their path", () => {
    const facts = { ...guestGet("/api/tables/1"), url: new URL("https://cdn.example/api/tables/1"), sameOrigin: false };
    expect(runtimeCacheFor(facts)).toBeNull();
  });
});

describe("navigationAnswer", () => {
  it.each(["/menu/1042", "/beach-bar/1042", "/beach-bar/1042?category=5", "/menu/1042?brand=dark"])(
    "asks the network first for the server-rendered page %s (a catalogue change is never shown stale online)",
    (path) => {
      expect(navigationAnswer(path)).toBe("server-page");
    },
  );

  it.each(["/", "/profile", "/beach-bar/1042/cart", "/checkout", "/staff", "/menu"])(
    "answers the app's screen %s with the precached shell",
    (path) => {
      expect(navigationAnswer(path)).toBe("app-shell");
    },
  );

  it.each(["/api", "/api/", "/api?x=1", "/api/docs", "/api/tables/1042", "/robots.txt", "/icons/icon-512.png"])(
    "lets the navigation %s reach the server untouched",
    (path) => {
      expect(navigationAnswer(path)).toBeNull();
    },
  );
});

describe("wantsFreshRead (a live catalogue change is never answered with the old menu once online)", () => {
  it.each(["no-cache", "reload", "no-store"] as const)("%s: the network first, refreshing the cached copy", (mode) => {
    expect(wantsFreshRead(mode)).toBe(true);
  });

  it.each(["default", "force-cache", "only-if-cached"] as const)("%s: the cached copy at once, as before", (mode) => {
    expect(wantsFreshRead(mode)).toBe(false);
  });
});
