import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { IMMUTABLE } from "./static-pwa";

const dist = mkdtempSync(path.join(tmpdir(), "venue-dist-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
writeFileSync(path.join(dist, "manifest.webmanifest"), "{}");
writeFileSync(path.join(dist, "assets", "index-3f9a1c.js"), "console.log(1)");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db, { staticDir: dist });
const html = { accept: "text/html,application/xhtml+xml" };

describe("static PWA from STATIC_DIR (brief §5)", () => {
  it("hashed files under /assets/ are cached for a year, immutable", async () => {
    const response = await server.app.inject({ method: "GET", url: "/assets/index-3f9a1c.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it.each(["/sw.js", "/manifest.webmanifest", "/", "/index.html"])(
    "%s is revalidated every time (Cache-Control: no-cache)",
    async (url) => {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("SPA fallback: a page navigation to an app route gets index.html", async () => {
    for (const url of ["/menu/200", "/beach-bar/200/cart", "/pin?brand=dark"]) {
      const response = await server.app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<title>app</title>");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("a table's or service's page names its first API reads in a preload header; other pages name none", async () => {
    const preloadsOf = async (url: string) =>
      (await server.app.inject({ method: "GET", url, headers: html })).headers.link;
    expect(await preloadsOf("/menu/200")).toBe("</api/tables/200>; rel=preload; as=fetch; crossorigin=anonymous");
    const menuReads =
      "</api/tables/200>; rel=preload; as=fetch; crossorigin=anonymous, " +
      "</api/tables/200/menus/beach-bar>; rel=preload; as=fetch; crossorigin=anonymous";
    expect(await preloadsOf("/beach-bar/200")).toBe(menuReads);
    expect(await preloadsOf("/beach-bar/200/cart?step=pay")).toBe(menuReads);
    for (const url of ["/", "/pin?brand=dark", "/receipts/12", "/beach-bar/abc"]) {
      expect(await preloadsOf(url), url).toBeUndefined();
    }
  });

  it("no fallback for a missing asset (not an HTML request) nor for /api paths", async () => {
    const asset = await server.app.inject({ method: "GET", url: "/assets/gone-123.js", headers: { accept: "*/*" } });
    expect(asset.statusCode).toBe(404);
    const api = await server.app.inject({ method: "GET", url: "/api/nothing", headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("the API still answers next to the static files", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/utils/date" });
    expect(response.statusCode).toBe(200);
  });
});
