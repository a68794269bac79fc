/**
 * The floor of the first-load goals: an empty React 19 + TanStack Router page (the design
 * card's fixed stack and nothing else), built by the bench with the same Vite as the app, so that
 * every Lighthouse run has its ratio to what no app on this stack can beat.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";

/** What the floor page shows; the bench waits for it as it waits for the first menu item. */
export const FLOOR_SELECTOR = "h1.floor";

const INDEX_HTML = `<!doctype html>
<html lang="el">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Floor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

const MAIN_TSX = `import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const rootRoute = createRootRoute({ component: () => <main><Outlet /></main> });
const pageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "$",
  component: () => <h1 className="floor">Κύμα</h1>,
});
const router = createRouter({ routeTree: rootRoute.addChildren([pageRoute]) });
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`;

/** Writes the floor's two source files under `workDir` and builds them into `outDir`. */
export async function buildFloorPage(workDir: string, outDir: string): Promise<void> {
  const sourceDir = join(workDir, "floor-src");
  rmSync(sourceDir, { recursive: true, force: true });
  mkdirSync(sourceDir, { recursive: true });
  writeFileSync(join(sourceDir, "index.html"), INDEX_HTML);
  writeFileSync(join(sourceDir, "main.tsx"), MAIN_TSX);
  const { default: react } = await import("@vitejs/plugin-react");
  await build({
    root: sourceDir,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: "es2022" },
  });
}
