/**
 * Standards "keep contracts apart": the app imports TypeBox schema modules only as types, so no
 * schema module (nor typebox itself) ships to a guest's phone (every byte counts on a cheap phone).
 * This walks every value import from the app's and the service worker's sources through src/domain
 * and fails on a path that reaches typebox; type-only imports are erased by the compiler and do not
 * count.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']/g;

/** The specifiers a module imports for their values (not `import type`, not all-`type` lists). */
function valueImportsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const [, , typeOnly, clause = "", from = ""] = match;
    if (typeOnly) continue;
    const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
    const names = braces?.[1]
      ?.split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    if (names !== undefined && names.length > 0 && names.every((name) => name.startsWith("type "))) continue;
    found.push(from);
  }
  return found;
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "test-support" ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

/** The chain of value imports from `entry` to typebox, if there is one. */
function pathToTypebox(entry: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(entry)) return undefined;
  seen.add(entry);
  for (const specifier of valueImportsOf(readFileSync(entry, "utf8"))) {
    if (specifier === "typebox" || specifier.startsWith("typebox/") || specifier.startsWith("@sinclair/typebox")) {
      return [relative(".", entry), specifier];
    }
    const local = resolveLocal(entry, specifier);
    if (local === undefined || !local.includes(`${join("src", "domain")}`)) continue;
    const rest = pathToTypebox(local, seen);
    if (rest !== undefined) return [relative(".", entry), ...rest];
  }
  return undefined;
}

describe("no schema module in the browser", () => {
  it("reads value imports and skips type-only ones", () => {
    expect(valueImportsOf('import type { A } from "./a";\nimport { type B, type C } from "./b";')).toEqual([]);
    expect(valueImportsOf('import { type B, c } from "./b";\nexport { d } from "./d";')).toEqual(["./b", "./d"]);
  });

  it("finds a path to typebox when a value import reaches a schema module", () => {
    const chain = pathToTypebox(resolve("src/domain/orders-api.ts"));
    expect(chain?.at(-1)).toBe("typebox");
  });

  it.each([...sourcesUnder("src/app"), ...sourcesUnder("sw")].map((path) => [relative(".", path)]))(
    "%s reaches no schema module through its value imports",
    (path) => {
      expect(pathToTypebox(resolve(path))).toBeUndefined();
    },
  );
});
