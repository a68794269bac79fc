import { describe, expect, it } from "vitest";
import { filesLoadedBy } from "./first-screen-files";

describe("filesLoadedBy: the files index.html loads itself are the worker's install precache", () => {
  it("lists the entry script, module preloads, style sheets and preloaded styles", () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
      <script type="module" crossorigin src="/assets/index-CLldQIK_.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-XKyaHtl9.js">
      <link rel="stylesheet" crossorigin href="/assets/index-BK05faMI.css">
      <link rel="modulepreload" crossorigin href="/assets/guest-menu-B0QA0jA5.js">
      <link rel="preload" as="style" crossorigin href="/assets/guest-menu-D0sA5nRe.css">
      <link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>`;
    expect(filesLoadedBy(html)).toEqual([
      "assets/guest-menu-B0QA0jA5.js",
      "assets/guest-menu-D0sA5nRe.css",
      "assets/index-BK05faMI.css",
      "assets/index-CLldQIK_.js",
      "assets/rolldown-runtime-XKyaHtl9.js",
    ]);
  });

  it("leaves out what the page does not load at start: prefetches, images, other origins", () => {
    const html = `<link rel="prefetch" href="/assets/CartScreen-a.js">
      <link rel="preload" as="image" href="/assets/hero-b.webp">
      <script src="https://cdn.example/assets/x.js"></script>`;
    expect(filesLoadedBy(html)).toEqual([]);
  });
});
