import type { VitePWAOptions } from "vite-plugin-pwa";

/** Brand colours, shared by the manifest and the icons in public/icons (sun over a teal sea). */
const THEME_TEAL = "#0e6b73";
const SAND = "#f6ecd9";

/**
 * The PWA build: our own worker (sw/sw.ts, compiled by the plugin's injectManifest build) with
 * the precache list injected, and the web manifest that makes the app installable.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: "injectManifest",
  srcDir: "sw",
  filename: "sw.ts",
  // The app registers the worker itself through workbox-window (src/app/pwa/register.ts) so that
  // it can offer the guest an update instead of swapping code under a half-filled cart.
  injectRegister: false,
  registerType: "prompt",
  injectManifest: {
    // Only the app shell; the plugin adds the manifest icons and the web manifest on its own.
    // Source maps and other public files stay out of the guest's first download.
    globPatterns: ["**/*.{js,css,html}"],
    // A classic script, as the worker is registered (no type: "module"), and the one format
    // whose build sets no deprecated option (the "es" one prints an inlineDynamicImports warning).
    rollupFormat: "iife",
  },
  // The tab's icon, shown offline too. The manifest's PNG icons are in the build's list as well: the
  // browser asks for one whenever it reads the manifest, offline too, so the worker fetches them
  // after it has taken control (sw/precache-split.ts) and keeps them in its app-icons cache. The
  // apple-touch-icon is read by Safari only when the app is added to the home screen, online.
  includeAssets: ["icons/favicon.svg"],
  includeManifestIcons: true,
  // A worker in `vite dev` caches stale modules and confuses hot reload; test it with a build.
  devOptions: { enabled: false },
  manifest: {
    id: "/",
    name: "Κύμα — Παραγγελία",
    short_name: "Κύμα",
    description: "Παραγγελία από το τραπέζι, το δωμάτιο ή την ομπρέλα σας — Order from your table, room or umbrella.",
    lang: "el",
    dir: "ltr",
    // A launch from the home screen: the landing route sends it to the last table's menu.
    start_url: "/?launch=home-screen",
    scope: "/",
    display: "standalone",
    theme_color: THEME_TEAL,
    background_color: SAND,
    categories: ["food"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    // The richer install sheet (Chrome on Android and desktop) shows these: a phone's menu and a
    // wide one. Not precached (public files outside globPatterns): only the install sheet loads them.
    screenshots: [
      {
        src: "/screenshots/menu-narrow.png",
        sizes: "540x1170",
        type: "image/png",
        form_factor: "narrow",
        label: "Το μενού της ομπρέλας σας — Your umbrella's menu",
      },
      {
        src: "/screenshots/menu-wide.png",
        sizes: "1280x800",
        type: "image/png",
        form_factor: "wide",
        label: "Το μενού της ομπρέλας σας — Your umbrella's menu",
      },
    ],
  },
};
