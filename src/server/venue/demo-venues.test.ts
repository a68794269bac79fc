import path from "node:path";
import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import { DemoLinksResponseSchema, MenuResponseSchema, TableResponseSchema } from "../../domain/api";
import { toDbBoolean } from "../db/columns";
import { countStores } from "../db/repositories/store.repository";
import { demoLinkQrBlocks } from "../demo-link-qr";
import { demoLinkLines, listDemoLinks } from "../demo-links";
import { DEMO_VENUES_DIR, PUBLIC_IMAGES_DIR } from "../paths";
import { decodeTerminalQr } from "../test-support/terminal-qr";
import { buildTestApp, setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { importDemoVenues, importDemoVenuesIfEmpty, listDemoVenueFiles } from "./demo-venues";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);
const options = { imagesDir: PUBLIC_IMAGES_DIR };

describe("demo venues (venues/demo/*.json, brief §2 demo loader)", () => {
  it("there is at least one demo venue file", async () => {
    expect((await listDemoVenueFiles(DEMO_VENUES_DIR)).map((f) => path.basename(f))).not.toEqual([]);
  });

  it("every demo file imports into an empty database (the start-up demo loader)", async () => {
    const files = await listDemoVenueFiles(DEMO_VENUES_DIR);
    const imported = await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, options);
    expect(imported).toHaveLength(files.length);
    expect(imported.every((summary) => summary.created)).toBe(true);
    expect(await countStores(ctx.db)).toBe(files.length);
  });

  it("the loader leaves a database that already has stores alone", async () => {
    expect(await importDemoVenuesIfEmpty(ctx.db, DEMO_VENUES_DIR, options)).toEqual([]);
  });

  it("re-importing the demo files keeps every id and bumps each store's catalogue_version", async () => {
    const again = await importDemoVenues(ctx.db, DEMO_VENUES_DIR, options);
    expect(again.every((summary) => !summary.created && summary.catalogueVersion === 2)).toBe(true);
  });

  it("every demo spot and every demo menu answers in the API's shapes", async () => {
    const spots = await ctx.db.selectFrom("spots").select("id").execute();
    for (const { id } of spots) {
      const response = await server.app.inject({ method: "GET", url: `/api/tables/${id}` });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Value.Check(TableResponseSchema, body)).toBe(true);
      expect(body.services.length).toBeGreaterThan(0);
    }
    const services = await ctx.db.selectFrom("services").select("id").execute();
    for (const { id } of services) {
      const response = await server.app.inject({ method: "GET", url: `/api/services/${id}/menu` });
      expect(response.statusCode).toBe(200);
      expect([...Value.Errors(MenuResponseSchema, response.json())]).toEqual([]);
    }
  });

  it("start-up links: a table, an umbrella, a beach chair, a room, a delivery link and the PDA spot, plus /pin", async () => {
    const text = demoLinkLines(await listDemoLinks(ctx.db, new Date()), "http://localhost:3000").join("\n");
    for (const kind of ["table", "umbrella", "beach-chair", "room", "delivery", "pda"]) {
      expect(text).toMatch(new RegExp(`${kind}\\s+http://localhost:3000/menu/\\d+`));
    }
    expect(text).toContain("http://localhost:3000/pin");
  });

  it("npm start prints each demo link's QR code, and every code decodes to that link", async () => {
    const links = await listDemoLinks(ctx.db, new Date());
    expect(links.length).toBeGreaterThan(0);
    const baseUrl = "http://192.168.1.20:3000";
    const sections = (await demoLinkQrBlocks(links, baseUrl)).join("\n").split("\n\n").slice(1);
    expect(sections).toHaveLength(links.length);
    sections.forEach((section, index) => {
      const [label = "", ...block] = section.split("\n");
      const url = `${baseUrl}${links[index]?.path}`;
      expect(label.endsWith(`: ${url}`), label).toBe(true);
      expect(decodeTerminalQr(block.join("\n")), label).toBe(url);
    });
  });

  it("at 03:00 in Athens the hotel's room is open (24-hour room service) and the links say so", async () => {
    const threeAm = new Date("2026-07-15T00:00:00Z");
    const links = await listDemoLinks(ctx.db, threeAm);
    const room = links.find((link) => link.storeId === 7 && link.kind === "room");
    expect(room?.openServices.map((names) => names.ENG.name)).toEqual(["Room service"]);
    const cafeTable = links.find((link) => link.storeId === 132 && link.kind === "table");
    expect(cafeTable?.openServices).toEqual([]);
    const text = demoLinkLines(links, "http://localhost:3000").join("\n");
    expect(text).toMatch(/room\s+http:\/\/localhost:3000\/menu\/7301 .*open now: Room service/);
    expect(text).toMatch(/table\s+http:\/\/localhost:3000\/menu\/13401 .*closed now/);
  });

  it("GET /api/demo/links lists each store's links; the PDA link is the spot marked isPda", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/demo/links" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(DemoLinksResponseSchema, body)).toBe(true);
    const pdaLinks = body.links.filter((link: { kind: string }) => link.kind === "pda");
    expect(pdaLinks.map((link: { path: string }) => link.path).sort()).toEqual(
      (await ctx.db.selectFrom("spots").select("id").where("is_pda", "=", toDbBoolean(true)).execute())
        .map((spot) => `/menu/${spot.id}`)
        .sort(),
    );
  });

  it("GET /api/demo/links answers 404 NOT_FOUND when the demo venues are off", async () => {
    const app = buildTestApp(ctx.db, { demoVenues: false });
    const response = await app.inject({ method: "GET", url: "/api/demo/links" });
    await app.close();
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("NOT_FOUND");
  });
});
