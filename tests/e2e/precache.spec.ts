/**
 * The service worker's precache (and what it fetches after the install), which every guest's phone
 * downloads in the background of a first visit, holds no staff screen, no phone field and no
 * source map; a venue's PDA caches the staff screens when a waiter signs in on it.
 */
import type { Page } from "@playwright/test";
import { RUNTIME_CACHES } from "../../sw/cache-rules";
import { STAFF_ASSETS_PATH, type StaffAssets } from "../../sw/staff-screens";
import { expect, test } from "./support/test";

/** Ammoudia Beach Hotel: the PDA spot and its waiter's PIN (venues/demo). */
const HOTEL = { pda: 7499, pin: "2580" };

function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("workbox-precache"));
    if (name === undefined) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  });
}

function cachedCount(page: Page, files: string[]): Promise<number> {
  return page.evaluate(
    async ({ cacheName, paths }) => {
      const cache = await caches.open(cacheName);
      let count = 0;
      for (const path of paths) if ((await cache.match(path)) !== undefined) count += 1;
      return count;
    },
    { cacheName: RUNTIME_CACHES.appChunks.name, paths: files },
  );
}

test("a guest's precache leaves out the staff screens, the phone field and source maps; a PDA caches the staff screens at sign-in", async ({
  page,
  request,
}) => {
  const { files } = (await (await request.get(`/${STAFF_ASSETS_PATH}`)).json()) as StaffAssets;
  expect(files.some((file) => /^\/assets\/StaffShell-.*\.js$/.test(file))).toBe(true);
  expect(files.some((file) => /^\/assets\/pin-.*\.js$/.test(file))).toBe(true);
  // The admins' back office is staff-only too: its routes and its screens.
  expect(files.some((file) => /^\/assets\/back-office\.index-.*\.js$/.test(file))).toBe(true);
  expect(files.some((file) => /^\/assets\/BackOfficeScreens-.*\.js$/.test(file))).toBe(true);

  // A guest scans a table's code: the worker installs with its precache.
  await page.goto("/menu/7201");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  const precached = await precachedPaths(page);
  expect(precached).toContain("/index.html");
  expect(precached.filter((path) => files.includes(path))).toEqual([]);
  expect(precached.filter((path) => /PhoneField-|\.map$/.test(path))).toEqual([]);
  expect(precached.filter((path) => /back-office|BackOffice/.test(path))).toEqual([]);

  // The same device is the hotel's PDA: a waiter signs in, and the staff screens are cached.
  await page.goto(`/menu/${HOTEL.pda}`);
  await expect(page.getByRole("heading", { level: 1, name: "Αμμουδιά Beach Hotel" })).toBeVisible();
  await page.goto("/pin");
  const dialog = page.getByRole("dialog", { name: "Είσοδος" });
  await dialog.getByLabel("Pin").fill(HOTEL.pin);
  await dialog.getByRole("button", { name: "Είσοδος", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => cachedCount(page, files), { timeout: 30_000 }).toBe(files.length);
});
