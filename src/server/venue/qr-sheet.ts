/**
 * The QR codes a venue prints on day one (ready to print): one code per spot of a store
 * (tables, rooms, umbrellas, beach chairs, the delivery link, and the waiters' PDA spots marked
 * "staff"), each labelled with its spot and section, on an A4 sheet with cut marks.
 *
 * The sheet is one self-contained HTML file (print it from any browser, or save it as PDF): no
 * server, fonts or scripts needed, so a venue owner can mail it to a print shop. The codes are PNG
 * data URLs drawn by `qrcode` at 10 pixels a module: about 250 dpi at the printed 4 cm, and
 * error correction level M, which survives a coffee ring or a crease.
 */
import type { Kysely } from "kysely";
import QRCode from "qrcode";
import type { Translations } from "../../domain/languages";
import type { SpotType } from "../../domain/spots";
import { fromDbBoolean, fromJsonText } from "../db/columns";
import { findStoreById } from "../db/repositories/store.repository";
import type { Database } from "../db/schema";

export interface SpotLink {
  spotId: number;
  name: string;
  section: string;
  type: SpotType;
  /** A waiter's device: printed, but marked for staff. */
  staff: boolean;
  url: string;
}

export interface StoreSheet {
  storeId: number;
  storeName: string;
  links: SpotLink[];
}

export class UnknownStoreError extends Error {
  constructor(readonly storeId: number) {
    super(`There is no store ${storeId} in the database`);
  }
}

/** Every spot of the store (or the one asked for) in the venue file's order, with the link its code opens. */
export async function storeSheet(
  db: Kysely<Database>,
  storeId: number,
  publicUrl: string,
  onlySpotId?: number,
): Promise<StoreSheet> {
  const store = await findStoreById(db, storeId);
  if (store === undefined) throw new UnknownStoreError(storeId);
  let spots = db.selectFrom("spots").selectAll().where("store_id", "=", storeId);
  if (onlySpotId !== undefined) spots = spots.where("id", "=", onlySpotId);
  const rows = await spots.orderBy("position").orderBy("id").execute();
  const base = publicUrl.replace(/\/+$/, "");
  return {
    storeId,
    storeName: fromJsonText<Translations>(store.names).GRE.name,
    links: rows.map((spot) => ({
      spotId: spot.id,
      name: spot.name,
      section: spot.section,
      type: spot.type,
      staff: fromDbBoolean(spot.is_pda),
      url: `${base}/menu/${spot.id}`,
    })),
  };
}

const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4, scale: 10 } as const;

/** The printable sheet: a grid of 3 x 4 cards per A4 page, each with cut marks at its corners. */
export async function renderQrSheet(sheet: StoreSheet): Promise<string> {
  const cards = await Promise.all(
    sheet.links.map(async (link) => card(link, await QRCode.toDataURL(link.url, QR_OPTIONS))),
  );
  return `<!doctype html>
<html lang="el">
<head>
<meta charset="utf-8">
<title>QR — ${escapeHtml(sheet.storeName)}</title>
<style>
  @page { size: A4; margin: 10mm; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, "Segoe UI", Roboto, sans-serif; color: #000; }
  h1 { font-size: 14pt; margin: 0 0 4mm; }
  .grid { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 66mm; gap: 0; }
  .card { position: relative; display: flex; flex-direction: column; align-items: center;
    justify-content: center; padding: 4mm; text-align: center; break-inside: avoid; }
  /* Cut marks: short lines at each corner, outside the code's quiet zone. */
  .card::before { content: ""; position: absolute; inset: 0; pointer-events: none;
    background:
      linear-gradient(#000, #000) top left / 4mm 0.2mm no-repeat,
      linear-gradient(#000, #000) top left / 0.2mm 4mm no-repeat,
      linear-gradient(#000, #000) top right / 4mm 0.2mm no-repeat,
      linear-gradient(#000, #000) top right / 0.2mm 4mm no-repeat,
      linear-gradient(#000, #000) bottom left / 4mm 0.2mm no-repeat,
      linear-gradient(#000, #000) bottom left / 0.2mm 4mm no-repeat,
      linear-gradient(#000, #000) bottom right / 4mm 0.2mm no-repeat,
      linear-gradient(#000, #000) bottom right / 0.2mm 4mm no-repeat; }
  .card img { width: 40mm; height: 40mm; image-rendering: pixelated; }
  .spot { font-size: 12pt; font-weight: 700; margin-top: 2mm; }
  .section { font-size: 9pt; }
  .staff { font-size: 8pt; font-weight: 700; border: 0.3mm solid #000; padding: 0 2mm; margin-top: 1mm; }
  .url { font-size: 6.5pt; word-break: break-all; margin-top: 1mm; }
  @media screen { body { padding: 10mm; background: #eee; } .grid { background: #fff; width: max-content; } }
</style>
</head>
<body>
<h1>${escapeHtml(sheet.storeName)} — ${sheet.links.length} QR</h1>
<div class="grid">
${cards.join("\n")}
</div>
</body>
</html>
`;
}

function card(link: SpotLink, dataUrl: string): string {
  const label = `${link.name}${link.section ? ` — ${link.section}` : ""}`;
  return `<figure class="card" data-spot-id="${link.spotId}">
  <img src="${dataUrl}" alt="QR: ${escapeHtml(label)}">
  <figcaption>
    <div class="spot">${escapeHtml(link.name)}</div>
    ${link.section ? `<div class="section">${escapeHtml(link.section)}</div>` : ""}
    ${link.staff ? `<div class="staff">ΠΡΟΣΩΠΙΚΟ · STAFF</div>` : ""}
    <div class="url">${escapeHtml(link.url)}</div>
  </figcaption>
</figure>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
