/**
 * Writes the tables of environment variables (README.md and src/server/README-config.md) from the
 * schema in src/server/config-env.ts. Run it after changing a variable:
 * `npx tsx scripts/config-docs.ts`; src/server/config-docs.test.ts fails until then.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fullConfigTable, readmeConfigTable, withGeneratedPart } from "../src/server/config-docs";

const files = [
  { path: "README.md", table: readmeConfigTable() },
  { path: "src/server/README-config.md", table: fullConfigTable() },
];
for (const { path, table } of files) {
  const before = readFileSync(path, "utf8");
  const after = withGeneratedPart(before, table);
  if (after !== before) writeFileSync(path, after);
  console.log(`${path}: ${after === before ? "already in step" : "table written"}`);
}
