/**
 * Folders that ship with the project. They are found from this file's location (the nearest
 * folder above it with a package.json), not from the working directory, so the server, the CLIs
 * and the tests agree wherever they are started from, and a bundled server still finds them.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Images the venue files refer to (`photo: "demo/espresso.webp"`); vite copies them into dist/. */
export const PUBLIC_IMAGES_DIR = path.join(PROJECT_ROOT, "public", "images");

/** URL path under which the files of PUBLIC_IMAGES_DIR are served. */
export const IMAGES_URL_PREFIX = "/images/";

/**
 * Where a photo an admin uploads starts its `photo` path (`uploads/{storeId}/{hash}.webp`): it is
 * served from uploadsDirOf(DATA_DIR) under /images/uploads/, not from PUBLIC_IMAGES_DIR.
 */
export const UPLOADED_PHOTO_PREFIX = "uploads/";

/** The folder of uploaded photos: DATA_DIR/uploads, beside the SQLite file, outside the project. */
export function uploadsDirOf(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

export const DEMO_VENUES_DIR = path.join(PROJECT_ROOT, "venues", "demo");

export const VENUE_JSON_SCHEMA_FILE = path.join(PROJECT_ROOT, "venues", "venue.schema.json");
