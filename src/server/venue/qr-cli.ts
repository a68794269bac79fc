/**
 * `npm run venue:qr -- STORE [--out DIR]`: writes the printable QR sheet of a store of the
 * configured database (DATABASE_URL, else the SQLite file in DATA_DIR) to DIR/qr-store-STORE.html
 * (DIR defaults to the current directory). The codes open PUBLIC_URL/menu/SPOT, so set PUBLIC_URL
 * to the address guests reach (e.g. https://order.example.com) before printing.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { readConfig } from "../config";
import { databaseTarget, openDatabase } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { renderQrSheet, storeSheet, UnknownStoreError } from "./qr-sheet";
import { runCli } from "./run-cli";

const USAGE = "usage: npm run venue:qr -- STORE_ID [--out DIR]";

function parseArgs(args: string[]): { storeId: number; outDir: string } | null {
  const outAt = args.indexOf("--out");
  const outDir = outAt === -1 ? "." : args[outAt + 1];
  const rest = outAt === -1 ? args : args.filter((_, i) => i !== outAt && i !== outAt + 1);
  const storeId = Number(rest[0]);
  if (rest.length !== 1 || !Number.isInteger(storeId) || storeId < 1 || outDir === undefined) return null;
  return { storeId, outDir };
}

async function main(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (parsed === null) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = readConfig();
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  if (config.publicUrl === null) {
    process.stderr.write(`PUBLIC_URL is not set: the codes open ${publicUrl}, which only this machine reaches\n`);
  }
  const { db, dialect } = openDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  try {
    await migrateToLatest(db, dialect);
    const sheet = await storeSheet(db, parsed.storeId, publicUrl);
    await mkdir(parsed.outDir, { recursive: true });
    const file = path.join(parsed.outDir, `qr-store-${parsed.storeId}.html`);
    await writeFile(file, await renderQrSheet(sheet));
    process.stdout.write(`${file}: ${sheet.links.length} codes for ${sheet.storeName}, opening ${publicUrl}/menu/…\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof UnknownStoreError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

runCli(() => main(process.argv.slice(2)));
