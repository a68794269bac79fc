import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countStores } from "../db/repositories/store.repository";
import { PROJECT_ROOT } from "../paths";
import { sampleVenue } from "../test-fixtures/venue";
import { setUpTestDatabase } from "../test-support/test-database";
import type { VenueFile } from "./venue-file";

const ctx = setUpTestDatabase();
const dir = mkdtempSync(path.join(tmpdir(), "venue-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI checks photos under public/images, where the test fixture's photos are not. */
function withoutPhotos(venue: VenueFile): VenueFile {
  const copy = structuredClone(venue);
  for (const service of copy.services) {
    delete service.photo;
    for (const category of service.categories) for (const item of category.items) delete item.photo;
  }
  return copy;
}

function writeVenue(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return file;
}

interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

function runCli(...args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  Object.assign(env, ctx.env);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(PROJECT_ROOT, "src/server/venue/import-cli.ts"), ...args],
      { env, cwd: PROJECT_ROOT },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

describe("npm run venue:import -- FILE (brief §2 import CLI)", () => {
  it("imports a valid file, prints a summary and exits 0", async () => {
    const result = await runCli(writeVenue("good.json", withoutPhotos(sampleVenue())));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /good\.json: store 1 created \(catalogue version 1\): 2 services, 4 categories, 6 items, 2 subselection groups, 6 options, 6 spots, 2 staff members, 0 stations in /,
    );
    expect(await countStores(ctx.db)).toBe(1);
  });

  it("an invalid file: each problem as a `path: message` line on stderr, exit 1, nothing imported", async () => {
    const venue = withoutPhotos(sampleVenue({ storeId: 2, idOffset: 100_000 }));
    const item = venue.services[0]?.categories[0]?.items[0];
    if (item) item.priceCents = -1;
    const spot = venue.spots[1];
    if (spot) spot.id = 100_200; // duplicate of spots[0]
    const result = await runCli(writeVenue("bad.json", venue));
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toContain("services[0].categories[0].items[0].priceCents: must be >= 0");
    expect(result.stdout).toBe("");
    expect(await countStores(ctx.db)).toBe(1);
  });

  it("a file that is not JSON is reported with its line and column, exit 1", async () => {
    const result = await runCli(writeVenue("broken.json", '{\n  "store": {,\n}'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/broken\.json is not valid JSON: .*line 2/);
  });

  it("without a file it prints the usage and exits 2", async () => {
    const result = await runCli();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("usage: npm run venue:import -- FILE");
  });
});
