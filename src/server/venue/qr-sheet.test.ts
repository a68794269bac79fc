/**
 * The QR sheet of the demo beach hotel decodes, with a QR
 * decoder library, to the right link for every spot. The sheet is made by the real CLI
 * (`npm run venue:qr`) from a database holding the demo venues; each code is read back from the
 * PNG the sheet embeds, as a phone's camera would read the printed one.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_VENUES_DIR, PROJECT_ROOT, PUBLIC_IMAGES_DIR } from "../paths";
import { setUpTestDatabase } from "../test-support/test-database";
import { importDemoVenues } from "./demo-venues";
import { storeSheet } from "./qr-sheet";

const ctx = setUpTestDatabase();
const outDir = mkdtempSync(path.join(tmpdir(), "venue-qr-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
beforeAll(async () => {
  await importDemoVenues(ctx.db, DEMO_VENUES_DIR, { imagesDir: PUBLIC_IMAGES_DIR });
});

const PUBLIC_URL = "https://order.ammoudia.example";
const BEACH_HOTEL = 7;

function runCli(args: string[], extraEnv: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", ...ctx.env, ...extraEnv };
  if (!("DATABASE_URL" in ctx.env)) delete env.DATABASE_URL;
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/venue/qr-cli.ts"), ...args],
      { env, cwd: PROJECT_ROOT },
      (error, stdout, stderr) => {
        resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
      },
    );
  });
}

/** Each card of the sheet: its spot id and the text its QR code decodes to. */
function decodeCards(html: string): Array<{ spotId: number; decoded: string | null; label: string }> {
  const cards = [...html.matchAll(/<figure class="card" data-spot-id="(\d+)">([\s\S]*?)<\/figure>/g)];
  return cards.map(([, spotId, body]) => {
    const base64 = /src="data:image\/png;base64,([^"]+)"/.exec(body ?? "")?.[1] ?? "";
    const png = PNG.sync.read(Buffer.from(base64, "base64"));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    return { spotId: Number(spotId), decoded: code?.data ?? null, label: body ?? "" };
  });
}

describe("npm run venue:qr -- STORE --out DIR", () => {
  it("writes an A4 sheet whose every code decodes to PUBLIC_URL/menu/<spot> of that spot", async () => {
    const result = await runCli([String(BEACH_HOTEL), "--out", outDir], { PUBLIC_URL });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const html = readFileSync(path.join(outDir, `qr-store-${BEACH_HOTEL}.html`), "utf8");
    expect(html).toContain("@page { size: A4;");

    const spots = await ctx.db
      .selectFrom("spots")
      .select(["id", "name", "section", "is_pda"])
      .where("store_id", "=", BEACH_HOTEL)
      .execute();
    const cards = decodeCards(html);
    expect(cards.map((c) => c.spotId).sort()).toEqual(spots.map((s) => s.id).sort());
    for (const card of cards) {
      expect(card.decoded, `spot ${card.spotId}`).toBe(`${PUBLIC_URL}/menu/${card.spotId}`);
      const spot = spots.find((s) => s.id === card.spotId);
      expect(card.label).toContain(spot?.name);
      expect(card.label).toContain(spot?.section);
    }
    // Every kind of spot is there; the waiter's PDA spot is marked for staff, and only it.
    const staffCards = cards.filter((c) => c.label.includes("STAFF")).map((c) => c.spotId);
    expect(staffCards).toEqual(spots.filter((s) => Boolean(s.is_pda)).map((s) => s.id));
    expect(staffCards).toEqual([7499]);
  }, 60_000);

  it("an unknown store: a clear message, exit 1, no file", async () => {
    const result = await runCli(["999", "--out", outDir], { PUBLIC_URL });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("There is no store 999");
    expect(existsSync(path.join(outDir, "qr-store-999.html"))).toBe(false);
  }, 30_000);

  it("without a store id: the usage line and exit 2", async () => {
    const result = await runCli([]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("usage: npm run venue:qr -- STORE_ID [--out DIR]");
  }, 30_000);

  it("the delivery link and the rooms of a store are on its sheet too (every spot type)", async () => {
    const cafe = await storeSheet(ctx.db, 132, PUBLIC_URL);
    expect(cafe.links.find((l) => l.type === "DELIVERY")?.url).toBe(`${PUBLIC_URL}/menu/13450`);
    const hotel = await storeSheet(ctx.db, BEACH_HOTEL, `${PUBLIC_URL}/`);
    expect(new Set(hotel.links.map((l) => l.type))).toEqual(
      new Set(["UMBRELLA_AT_HOTEL", "BEACH_CHAIR", "HOTEL_ROOM", "TABLE_AT_HOTEL"]),
    );
    expect(hotel.links[0]?.url).toBe(`${PUBLIC_URL}/menu/7201`);
  });
});
