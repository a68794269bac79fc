/**
 * The accounts client starts the token refresh and the token refresh needs the client's
 * refusal check: they once imported each other (one of them statically, the other lazily). In a
 * cycle one module runs while the other is still half-loaded, so the two now share a small module
 * (src/app/api/invalid-auth-token.ts). This walks every import, static or lazy, from each of them
 * through the app's sources and fails on a path that leads back to where it started.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const STATIC = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?["']([^"']+)["']/g;
const LAZY = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The local modules a source imports for their values, statically or with import(). */
function importsOf(path: string): string[] {
  const source = readFileSync(path, "utf8");
  const specifiers = [
    ...[...source.matchAll(STATIC)].filter((match) => !match[1]).map((match) => match[2] ?? ""),
    ...[...source.matchAll(LAZY)].map((match) => match[1] ?? ""),
  ];
  return specifiers.flatMap((specifier) => {
    if (!specifier.startsWith(".")) return [];
    const base = resolve(dirname(path), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    );
    return found === undefined ? [] : [found];
  });
}

/** A chain of imports from `start` back to `start`, if there is one. */
function cycleFrom(start: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (path: string, chain: string[]): string[] | undefined => {
    for (const next of importsOf(path)) {
      if (next === start) return [...chain, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...chain, next]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(start, [start])?.map((path) => relative(".", path));
}

describe("the accounts client and the token refresh import no cycle", () => {
  it.each(["src/app/api/accounts-client.ts", "src/app/session/token-refresh.ts"])(
    "no chain of imports leads from %s back to itself",
    (module) => {
      expect(cycleFrom(resolve(module))).toBeUndefined();
    },
  );

  it("the walk sees lazy imports too (it found the old cycle's import() form)", () => {
    const probe = resolve("src/app/features/entrance/AccountsLayer.tsx");
    expect(importsOf(probe).map((path) => relative(".", path))).toContain("src/app/session/token-refresh.ts");
  });
});
