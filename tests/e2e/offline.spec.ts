/**
 * The PWA promise on patchy beach Wi-Fi: after one online visit, the menu opens with no network,
 * a menu reopened online is never older than the server's, and the app is installable to the home
 * screen. Runs against the production build (the worker
 * is off in `vite dev`).
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { RUNTIME_CACHES } from "../../sw/cache-rules";
import { type StaffSession, signInWaiter, staffHeaders } from "./support/orders";
import { expect, test } from "./support/test";

interface Names {
  GRE: { name: string };
}
/** The parts of a demo venue file (venues/demo/*.json) this test reads. */
interface DemoVenue {
  store: { id: number };
  spots: { id: number; type: string; isPda?: boolean }[];
  services: {
    slug: string;
    names: Names;
    availableAt: string[];
    hours?: unknown;
    categories: { items: { names: Names }[] }[];
  }[];
}

/** A guest spot of the demo beach hotel (store 7) and an all-day service it sees. */
function demoMenu() {
  const dir = "venues/demo";
  const venue = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as DemoVenue)
    .find((candidate) => candidate.store.id === 7);
  if (!venue) throw new Error("The demo beach hotel (store 7) is missing from venues/demo");
  for (const spot of venue.spots.filter((candidate) => !candidate.isPda)) {
    const services = venue.services.filter((service) => service.availableAt.includes(spot.type));
    const service = services.find((candidate) => candidate.hours === undefined) ?? services[0];
    const itemNames = service?.categories.flatMap((category) => category.items.map((item) => item.names.GRE.name));
    if (service && itemNames?.length) {
      return {
        spotId: spot.id,
        slug: service.slug,
        serviceName: service.names.GRE.name,
        itemNames: itemNames.slice(0, 3),
      };
    }
  }
  throw new Error("Store 7 has no guest spot with a service that has items");
}

const menu = demoMenu();

async function expectMenuItems(page: Page): Promise<void> {
  for (const name of menu.itemNames) {
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  }
}

test("after one online visit, a menu page reloads with the network offline", async ({ page, context }) => {
  // The guest scans the QR code: the services of their spot, then a service's menu.
  await page.goto(`/menu/${menu.spotId}`);
  await expect(page.getByText(menu.serviceName, { exact: true }).first()).toBeVisible();
  // The first worker claims the page once it has precached the shell (sw.ts, "activate").
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: "the service worker controls the page",
      timeout: 30_000,
    })
    .toBe(true);

  await page.goto(`/${menu.slug}/${menu.spotId}`);
  await expectMenuItems(page);
  // Stale-while-revalidate stores the menu after answering: wait until it is really in the cache.
  // (expect.poll, not waitForFunction: the latter takes a returned promise as truthy.)
  await expect
    .poll(() =>
      page.evaluate(async (cacheName) => {
        const requests = await (await caches.open(cacheName)).keys();
        // The menu by the slug of the guest's link (asked together with the table).
        return requests.some((request) => /^\/api\/tables\/[^/]+\/menus\/[^/]+$/.test(new URL(request.url).pathname));
      }, RUNTIME_CACHES.guestApi.name),
    )
    .toBe(true);

  await context.setOffline(true);
  // The worker's own network is off too, so anything shown next comes from its caches.
  const healthCheck = await page.evaluate(() =>
    fetch("/api/health", { cache: "no-store" }).then(
      () => "reached",
      () => "unreachable",
    ),
  );
  expect(healthCheck).toBe("unreachable");

  await page.reload();
  await expectMenuItems(page);
  // Back to the services of the spot, still offline: the menu page has read the table too.
  await page.goto(`/menu/${menu.spotId}`);
  await expect(page.getByText(menu.serviceName, { exact: true }).first()).toBeVisible();
  await context.setOffline(false);
});

const ESPRESSO = { store: 7, id: 70104, name: "Espresso" } as const;

async function setEspressoPrice(request: APIRequestContext, admin: StaffSession, priceCents: number): Promise<void> {
  const answer = await request.patch(`/api/staff/stores/${ESPRESSO.store}/items/${ESPRESSO.id}`, {
    headers: { ...staffHeaders(admin), "idempotency-key": randomUUID() },
    data: { priceCents },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The price of Espresso in the worker's copy of the beach bar's menu at `spot`, or null while it has none. */
function cachedEspressoPrice(page: Page, spot: number): Promise<number | null> {
  return page.evaluate(
    async ({ cacheName, address, id }) => {
      const cached = await (await caches.open(cacheName)).match(new URL(address, location.origin).href);
      if (cached === undefined) return null;
      const menu = (await cached.json()) as { items: { id: number; priceCents: number }[] };
      return menu.items.find((item) => item.id === id)?.priceCents ?? null;
    },
    { cacheName: RUNTIME_CACHES.guestApi.name, address: `/api/tables/${spot}/menus/beach-bar`, id: ESPRESSO.id },
  );
}

test("under the worker a menu page comes from the network first: a price changed while the guest was away shows on reopening online, and offline after that", async ({
  page,
  context,
  request,
}) => {
  const spot = 7201;
  const admin = await signInWaiter(request, "707070", ESPRESSO.store);
  const original = (await (await request.get(`/api/tables/${spot}/menus/beach-bar`)).json()) as {
    items: { id: number; priceCents: number }[];
  };
  const before = original.items.find((item) => item.id === ESPRESSO.id)?.priceCents;
  if (before === undefined) throw new Error("Espresso is not on the beach bar's menu");
  const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
  const espresso = page.getByRole("article", { name: ESPRESSO.name, exact: true });

  await page.goto(`/beach-bar/${spot}`);
  await expect(espresso).toContainText(euros(before));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  await expect.poll(() => cachedEspressoPrice(page, spot), { timeout: 15_000 }).toBe(before);

  const changed = before + 70;
  try {
    // The guest closes the menu (an open one would follow the change live); the price changes.
    await page.goto("about:blank");
    await setEspressoPrice(request, admin, changed);
    // Online, the worker asks the server: its HTML, hydrated, has the new price, where the shell
    // would have rendered the worker's old copy.
    const reopened = await page.goto(`/beach-bar/${spot}`);
    expect(reopened?.fromServiceWorker()).toBe(true);
    expect(await reopened?.text()).toContain(euros(changed));
    await expect(page.locator('html[data-render="hydrate"]')).toHaveCount(1);
    await expect(espresso).toContainText(euros(changed));
    // The worker renews its copy of the reads that HTML brought.
    await expect.poll(() => cachedEspressoPrice(page, spot), { timeout: 15_000 }).toBe(changed);

    // Offline, the worker answers with the shell, which renders that renewed copy.
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator("html[data-render]")).toHaveCount(0);
    await expect(espresso).toContainText(euros(changed));
  } finally {
    await context.setOffline(false);
    await setEspressoPrice(request, admin, before);
  }
});

test("the app is installable: linked manifest, standalone, 192/512/maskable icons, narrow and wide screenshots", async ({
  page,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBeTruthy();

  const response = await page.request.get(new URL(href ?? "", page.url()).toString());
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    display: string;
    start_url: string;
    scope: string;
    lang: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
    screenshots: { src: string; sizes: string; type: string; form_factor: string }[];
  };
  // A home-screen launch is marked, so that it opens the last table's menu (install-and-update.spec.ts).
  expect(manifest).toMatchObject({
    display: "standalone",
    start_url: "/?launch=home-screen",
    scope: "/",
    lang: "el",
  });
  // The richer install sheet: one narrow and one wide screenshot, served as the sizes they claim.
  expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(["narrow", "wide"]);
  for (const shot of manifest.screenshots) {
    const image = await page.request.get(new URL(shot.src, page.url()).toString());
    expect(image.ok(), `${shot.src} is served`).toBe(true);
    const png = await image.body();
    // PNG header: width and height, big-endian, at bytes 16 and 20.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
  }
  const icon = (sizes: string, purpose: string) =>
    manifest.icons.find((candidate) => candidate.sizes === sizes && (candidate.purpose ?? "any").includes(purpose));
  for (const [sizes, purpose] of [
    ["192x192", "any"],
    ["512x512", "any"],
    ["512x512", "maskable"],
  ] as const) {
    const found = icon(sizes, purpose);
    expect(found, `${sizes} ${purpose} icon`).toBeDefined();
    const image = await page.request.get(new URL(found?.src ?? "", page.url()).toString());
    expect(image.ok(), `${found?.src} is served`).toBe(true);
    expect(image.headers()["content-type"]).toContain("image/png");
  }

  // Chromium's own verdict, as for its install prompt. Playwright's contexts are off the record,
  // which Chromium always reports ("in-incognito"); any other error means not installable.
  const cdp = await page.context().newCDPSession(page);
  expect((await cdp.send("Page.getAppManifest")).errors).toEqual([]);
  await expect
    .poll(async () => {
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      return installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito");
    })
    .toEqual([]);
});
