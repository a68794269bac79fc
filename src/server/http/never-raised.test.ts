/**
 * Spec §8 E11: USER_NOT_FOUND is deliberately never answered (no account enumeration; the reason is
 * written in src/app/api/error-catalogue.ts NEVER_RAISED). The same answers for known and unknown
 * numbers and addresses are proved by sign-in.test.ts and password-reset.test.ts; this test keeps
 * the code out of the server's sources.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("codes the server never raises", () => {
  it("spec §8 E11: no server source answers USER_NOT_FOUND", async () => {
    const root = path.resolve(import.meta.dirname, "..");
    const files = await sourcesUnder(root);
    expect(files.length).toBeGreaterThan(100);
    const raising = [];
    for (const file of files) if ((await readFile(file, "utf8")).includes("USER_NOT_FOUND")) raising.push(file);
    expect(raising).toEqual([]);
  });
});
