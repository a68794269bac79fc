/**
 * Which modules a built JS file's gzip bytes come from ("JS before first render"):
 * `npx tsx bench/attribute-js.ts DIST/assets/index-*.js [more files] [--depth=N] [--top=N]`.
 * Every character of the file is given to the source its source map names (characters no mapping
 * covers: "(unmapped)", e.g. Rolldown's wrappers); each module's share is then measured as its
 * marginal gzip -9 cost: gzip(file) - gzip(file without that module's characters). Marginal costs
 * add up to a little less than the whole (shared strings compress once), so the table also prints
 * the raw bytes and the sum. Modules are grouped by package (node_modules/<pkg>) or by app folder
 * (src/app/<first N folders>).
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { packageOf, sourceOfEachCharacter, UNMAPPED } from "./source-owners";

const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith("--"));
const option = (name: string, fallback: number) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const depth = option("depth", 2);
const top = option("top", 40);

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

function groupOf(source: string): string {
  const inPackage = packageOf(source);
  if (inPackage !== null) return inPackage;
  const inApp = /src[\\/](.*)$/.exec(source);
  if (inApp?.[1]) {
    const parts = inApp[1].split(/[\\/]/);
    return `src/${parts.slice(0, Math.min(depth, parts.length - 1) + 1).join("/")}`;
  }
  return source;
}

for (const file of files) {
  const code = readFileSync(file, "utf8");
  const owner = sourceOfEachCharacter(code, readFileSync(`${file}.map`, "utf8"));

  const whole = gz(code);
  const measure = (keyOf: (source: string) => string) => {
    const raw = new Map<string, number>();
    for (const source of owner) raw.set(keyOf(source ?? UNMAPPED), (raw.get(keyOf(source ?? UNMAPPED)) ?? 0) + 1);
    const rows = [...raw].map(([key, bytes]) => {
      let without = "";
      for (let i = 0; i < code.length; i++) if (keyOf(owner[i] ?? UNMAPPED) !== key) without += code[i];
      return { key, bytes, marginalGzip: whole - gz(without) };
    });
    return rows.sort((a, b) => b.marginalGzip - a.marginalGzip);
  };

  const print = (title: string, rows: ReturnType<typeof measure>, limit: number) => {
    console.log(`\n${title}`);
    console.log(`${"gzip KB".padStart(8)} ${"raw KB".padStart(8)}  module`);
    for (const row of rows.slice(0, limit)) {
      console.log(
        `${(row.marginalGzip / 1000).toFixed(2).padStart(8)} ${(row.bytes / 1000).toFixed(1).padStart(8)}  ${row.key}`,
      );
    }
    const sum = rows.reduce((total, row) => total + row.marginalGzip, 0);
    console.log(`sum of marginal gzip ${(sum / 1000).toFixed(1)} KB of ${(whole / 1000).toFixed(1)} KB`);
  };

  console.log(`# ${file}: ${(code.length / 1000).toFixed(1)} KB raw, ${(whole / 1000).toFixed(1)} KB gzip -9`);
  print("by group", measure(groupOf), 100);
  if (args.includes("--modules"))
    print(
      "by module (app only)",
      measure((source) => (source.includes("node_modules") ? groupOf(source) : source)),
      top,
    );
}
