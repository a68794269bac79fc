/**
 * domain/first-reads.ts tells a service's slug from the app's own screens by a list of their
 * first segments; the server preloads a menu for anything else. Held here to the
 * route tree, so a new screen with an id after its name cannot make the server preload a menu
 * that does not exist.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_SCREEN_SEGMENTS } from "../../domain/first-reads";

const routeTree = readFileSync("src/app/routeTree.gen.ts", "utf8");
const fullPaths = [
  ...(/interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree)?.[1] ?? "").matchAll(/'(\/[^']*)': typeof/g),
].map((match) => match[1] ?? "");

describe("the app's screens known to the first-reads rule", () => {
  it("every route with a second segment under a fixed first one has that first segment listed", () => {
    expect(fullPaths.length).toBeGreaterThan(20);
    const fixedFirstSegments = new Set(
      fullPaths
        .map((path) => path.split("/").filter((segment) => segment !== ""))
        .filter((segments) => segments.length >= 2 && !segments[0]?.startsWith("$"))
        .map((segments) => segments[0] ?? ""),
    );
    expect([...fixedFirstSegments].sort()).toEqual([...APP_SCREEN_SEGMENTS].sort());
  });
});
