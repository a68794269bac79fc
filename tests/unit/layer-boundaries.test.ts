/**
 * Design rule "app -> domain <- server": the lint step must fail when a layer imports across the
 * boundary. Each case lints a one-line file at a path inside the layer, in a scratch folder that
 * carries the project's own biome.json, so the rule under test is exactly the one `npm run lint` uses.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const biome = resolve("node_modules/@biomejs/biome/bin/biome");
const scratch = mkdtempSync(join(tmpdir(), "layer-boundaries-"));
const config = JSON.parse(readFileSync("biome.json", "utf8"));
config.$schema = undefined;
config.vcs = { enabled: false };
writeFileSync(join(scratch, "biome.json"), JSON.stringify(config));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lint(path: string, importLine: string) {
  const file = join(scratch, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${importLine}\nexport const used = [a];\n`);
  const run = spawnSync(process.execPath, [biome, "lint", path], { cwd: scratch, encoding: "utf8" });
  rmSync(file);
  return { failed: run.status !== 0, output: run.stdout + run.stderr };
}

const forbidden: Array<[what: string, path: string, importLine: string]> = [
  ["domain imports the app", "src/domain/x.ts", 'import { a } from "../app/api/client";'],
  ["domain imports the server", "src/domain/x.ts", 'import { a } from "../server/db/database";'],
  ["domain imports React", "src/domain/x.ts", 'import { useState as a } from "react";'],
  ["domain imports Dexie", "src/domain/x.ts", 'import a from "dexie";'],
  ["domain imports ky", "src/domain/x.ts", 'import a from "ky";'],
  ["domain imports Fastify", "src/domain/x.ts", 'import a from "fastify";'],
  ["domain imports the database", "src/domain/x.ts", 'import { Kysely as a } from "kysely";'],
  ["domain does Node I/O", "src/domain/x.ts", 'import { readFileSync as a } from "node:fs";'],
  ["app imports the server", "src/app/features/x.ts", 'import { a } from "../../server/app";'],
  ["server imports the app", "src/server/routes/x.ts", 'import { a } from "../../app/main";'],
];

describe("layer boundaries (design.md: app -> domain <- server)", () => {
  it.each(forbidden)("lint fails when %s", (_what, path, importLine) => {
    const result = lint(path, importLine);
    expect(result.output).toContain("noRestrictedImports");
    expect(result.failed).toBe(true);
  });

  it.each([
    ["the app imports the domain", "src/app/features/x.ts", 'import { a } from "../../domain/api";'],
    ["the server imports the domain", "src/server/routes/x.ts", 'import { a } from "../../domain/api";'],
    ["the server imports its own app.ts", "src/server/routes/x.ts", 'import { a } from "../app";'],
  ])("lint passes when %s", (_what, path, importLine) => {
    expect(lint(path, importLine).output).not.toContain("noRestrictedImports");
  });
});
