import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { DEFERRED_START_FILE, type DeferredStart } from "./src/server/ssr/deferred-start.ts";
import { SCREEN_STYLES_FILE, screenStyles } from "./src/server/ssr/screen-styles.ts";
import { filesLoadedBy } from "./sw/first-screen-files.ts";
// With its extension: Vite 8 loads this config natively, without bundling it first.
import { pwaOptions } from "./sw/pwa-options.ts";
import {
  type ChunkFacts,
  leftOutOfPrecache,
  STAFF_ASSETS_PATH,
  type StaffAssets,
  staffOnlyFiles,
} from "./sw/staff-screens.ts";

/**
 * Fewer, larger chunks for the guest's first visit (issue 13 item 1): over HTTP/1.1 and slow 4G the
 * menu page fetched 55 JS files, 25 of them under 1 KB, each a request of its own.
 * - "first-load": everything the entry imports statically (React, TanStack Router, Lingui, ky, the
 *   shell and the Greek texts): one file instead of 15 modulepreloads.
 * - "guest-menu": the menu and categories screens with what they import (TanStack splits each
 *   route's component into a chunk of its own; these always come together for a guest). Out of it
 *   (issue 13: JS before the first render), as the menu's first render needs none of them: the
 *   lazily loaded live rules (use-live-rules.ts); the happy-hour and search views with the
 *   empty-state page only they use of it (a tap on their link preloads them, defaultPreload
 *   "intent", and the worker's precache holds them); and the services screen, whose own small
 *   chunk a services link (/menu/:tableId) fetches at the start of the route's load, side by side
 *   with its table's read, the menu's code (which it imports) being preloaded by index.html.
 * Everything else (cart, item modal, staff screens) keeps Rolldown's automatic chunks, loaded when
 * opened.
 */
const GUEST_MENU_MODULE =
  /[\\/]src[\\/]app[\\/](features[\\/]menu[\\/]|venue[\\/]|features[\\/]services[\\/]service-hours\.ts)|routes[\\/]\$service\.\$tableId(\.index|\.categories)?\.tsx/;
const NOT_IN_GUEST_MENU = /live-rules|[\\/]HappyHourScreen\.tsx/;
/**
 * "guest-views": what left the first load for the guest's other light screens (the happy-hour and
 * search views, the not-found screen, the footer, and the page frames they share with the cart and
 * the history), in one chunk rather than seven small ones: the worker precaches it (precache <= 250
 * KB brotli: each small file costs its own import list and compression start).
 */
const GUEST_VIEWS_MODULE =
  /[\\/]src[\\/]app[\\/](features[\\/]shell[\\/](EmptyStatePage|TitledPage|NotFoundScreen|Footer)\.tsx|features[\\/]info[\\/]info-titles\.ts|features[\\/]menu[\\/]HappyHourScreen\.tsx|routes[\\/]\$service\.\$tableId\.(happy-hour|search)\.tsx)/;
/**
 * The server-rendered pages' entry (src/app/boot.ts, server/ssr/deferred-start.ts): an entry of its
 * own, which imports the app's entry only after the first paint, so none of the app's code may be
 * put in its file, nor it in the first load's; nor Vite's preload helper, which both use (a chunk
 * of its own, else boot would import the whole first load to get it).
 */
const BOOT_ENTRY = "src/app/boot.ts";
const BOOT_MODULE = /[\\/]src[\\/]app[\\/](boot\.ts|ssr[\\/](after-first-paint|open-storage-early)\.ts)$/;
const PRELOAD_HELPER = /^\0vite[\\/]preload-helper/;
const codeSplittingGroups = {
  groups: [
    { name: "preload-helper", test: PRELOAD_HELPER, priority: 40 },
    {
      name: "first-load",
      tags: ["$initial" as const],
      test: (id: string) => !BOOT_MODULE.test(id) && !PRELOAD_HELPER.test(id),
      priority: 30,
    },
    {
      name: "guest-menu",
      test: (id: string) => GUEST_MENU_MODULE.test(id) && !NOT_IN_GUEST_MENU.test(id),
      priority: 20,
    },
    { name: "guest-views", test: (id: string) => GUEST_VIEWS_MODULE.test(id), priority: 10 },
  ],
};

/**
 * The guest-menu chunk (JS and CSS) announced in index.html: a scanned QR code opens a services or
 * menu link, so its code is fetched with the entry rather than after the router asked for it.
 */
function preloadGuestMenu(): Plugin {
  return {
    name: "preload-guest-menu",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((file) => file.type === "chunk" && file.name === "guest-menu");
        if (chunk?.type !== "chunk") return [];
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        return [
          {
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: "head",
          },
          ...css.map((href) => ({
            tag: "link",
            attrs: { rel: "preload", as: "style", crossorigin: true, href: `/${href}` },
            injectTo: "head" as const,
          })),
        ];
      },
    },
  };
}

/**
 * The preload lists of lazy imports without the staff screens (issue 13: JS before the first render).
 * Vite's preload helper carries, in the entry, the list of every file each lazy import brings, so
 * that a lazy screen's chunks load in parallel instead of one after another. A staff screen's list
 * is dropped (its CSS stays: the helper is what loads it): a terminal has them cached since its
 * waiter signed in (cache-staff-screens.ts), where fetching one after another costs nothing. The
 * guest's lazy screens keep their lists. staffOnly is filled before Vite's import analysis renders
 * the lists (its generateBundle runs after every plugin's "pre" one).
 */
const staffOnly = new Set<string>();
function knowStaffOnlyFiles(): Plugin {
  return {
    name: "know-staff-only-files",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        staffOnly.clear();
        for (const file of staffOnlyFiles(chunkFacts(bundle))) staffOnly.add(file);
      },
    },
  };
}

/** What sw/staff-screens.ts needs of each output chunk. */
function chunkFacts(bundle: Rolldown.OutputBundle): ChunkFacts[] {
  return Object.values(bundle).flatMap((file) =>
    file.type === "chunk"
      ? [
          {
            fileName: file.fileName,
            isEntry: file.isEntry,
            facadeModuleId: file.facadeModuleId,
            imports: file.imports,
            dynamicImports: file.dynamicImports,
            css: [...(file.viteMetadata?.importedCss ?? [])],
            moduleIds: file.moduleIds,
          },
        ]
      : [],
  );
}

/**
 * The precache without what a guest never opens offline (sw/staff-screens.ts): the build lists the
 * files only staff screens reach in STAFF_ASSETS_PATH (cached by a terminal when a waiter signs
 * in), and the worker's precache list leaves them out, with the network-only phone field and the
 * screens that need the API. It also marks the files index.html loads: the worker precaches those
 * at install and fetches the rest once it controls the page (sw/precache-split.ts).
 */
const leftOut = new Set<string>();
const firstScreen = new Set<string>();
function listStaffScreens(): Plugin {
  return {
    name: "list-staff-screens",
    apply: "build",
    // After Vite's own generateBundle, which drops the chunks that held only CSS and writes index.html.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunks = chunkFacts(bundle);
        const staffOnlyAfterCss = staffOnlyFiles(chunks);
        leftOut.clear();
        for (const file of leftOutOfPrecache(chunks)) leftOut.add(file);
        const list: StaffAssets = { files: staffOnlyAfterCss.map((file) => `/${file}`) };
        this.emitFile({ type: "asset", fileName: STAFF_ASSETS_PATH, source: JSON.stringify(list) });
        const html = bundle["index.html"];
        if (html?.type !== "asset") this.error("index.html is not in the bundle: the worker's first precache needs it");
        firstScreen.clear();
        for (const file of filesLoadedBy(String(html.source))) firstScreen.add(file);
      },
    },
  };
}

/**
 * The stylesheets each server-rendered screen needs beyond index.html's, for the server to link
 * in its HTML (src/server/ssr/screen-styles.ts).
 */
function listScreenStyles(): Plugin {
  return {
    name: "list-screen-styles",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const html = bundle["index.html"];
        if (html?.type !== "asset") return;
        const styles = screenStyles(chunkFacts(bundle), new Set(filesLoadedBy(String(html.source))));
        this.emitFile({ type: "asset", fileName: SCREEN_STYLES_FILE, source: JSON.stringify(styles) });
      },
    },
  };
}

/** The boot entry's file, for the server to name in its pages (server/ssr/deferred-start.ts). */
function nameBootEntry(): Plugin {
  return {
    name: "name-boot-entry",
    apply: "build",
    generateBundle(_options, bundle) {
      const boot = Object.values(bundle).find((file) => file.type === "chunk" && file.isEntry && file.name === "boot");
      if (boot === undefined) this.error("the boot entry is not in the bundle: server-rendered pages start with it");
      const named: DeferredStart = {
        boot: `/${boot.fileName}`,
        imports: boot.type === "chunk" ? boot.imports.map((file) => `/${file}`) : [],
      };
      this.emitFile({ type: "asset", fileName: DEFERRED_START_FILE, source: JSON.stringify(named) });
    },
  };
}

/** What turns the app's sources into modules, for the browser's build and the server's render alike. */
const appSourcePlugins = () => [
  // Route files in src/app/routes; each route's component is split into its own chunk, so the
  // first load carries only the shell and the route being opened.
  tanstackRouter({
    target: "react",
    autoCodeSplitting: true,
    routesDirectory: "src/app/routes",
    generatedRouteTree: "src/app/routeTree.gen.ts",
  }),
  react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }),
  lingui(),
];

/**
 * `vite build --ssr`: the guest pages' server render (src/app/ssr/render-guest-page.tsx) as one
 * module for Node in build/ssr/, which the server loads when it exists.
 */
const serverRenderConfig: UserConfig = {
  plugins: appSourcePlugins(),
  publicDir: false,
  // React and the app's other packages bundled in, in their production builds whatever the
  // server's NODE_ENV: React's development build renders a menu five times slower.
  ssr: { noExternal: true },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    target: "node20",
    outDir: "build/ssr",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { input: "src/app/ssr/render-guest-page.tsx", checks: { bundlerTimings: false } },
  },
};

const browserConfig: UserConfig = {
  plugins: [
    ...appSourcePlugins(),
    preloadGuestMenu(),
    knowStaffOnlyFiles(),
    listStaffScreens(),
    listScreenStyles(),
    nameBootEntry(),
    VitePWA({
      ...pwaOptions,
      injectManifest: {
        ...pwaOptions.injectManifest,
        manifestTransforms: [
          (entries) => ({
            manifest: entries
              .filter((entry) => !leftOut.has(entry.url))
              .map((entry) => (firstScreen.has(entry.url) ? { ...entry, firstScreen: true } : entry)),
          }),
        ],
      },
    }),
    // Guests are on slow beach Wi-Fi: the server sends these precompressed files (brotli, else
    // gzip) instead of compressing on every request.
    compression({
      include: /\.(js|css|html|svg|webmanifest|json)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
    }),
  ],
  server: {
    // Photos admins upload live beside the database (DATA_DIR/uploads), not in public/.
    proxy: { "/api": "http://localhost:3000", "/images/uploads": "http://localhost:3000" },
  },
  build: {
    target: "es2022",
    sourcemap: true,
    modulePreload: {
      // Issue 13 (JS before the first render): the polyfill lives in the entry, so it runs only once
      // the entry has arrived, when main.tsx's router.load() imports the same files anyway; lazy
      // imports' lists need it not either: without it Vite's helper asks for rel=preload where a
      // browser lacks modulepreload (Safari before 17). Nothing is preloaded later without it.
      polyfill: false,
      // A staff screen's lazy import carries no list of JS files to preload (knowStaffOnlyFiles).
      resolveDependencies: (file, deps) => (staffOnly.has(file) ? [] : deps),
    },
    rolldownOptions: {
      // A slow plugin is a thing to profile, not a dump to print on every `npm start`.
      checks: { bundlerTimings: false },
      input: { index: "index.html", boot: BOOT_ENTRY },
      output: { codeSplitting: codeSplittingGroups },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderConfig : browserConfig));
