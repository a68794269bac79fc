import { describe, expect, it } from "vitest";
import { splitPrecache } from "./precache-split";

const origin = "https://kyma.example";

describe("splitPrecache: a first install precaches the shell, the rest follows into the runtime caches", () => {
  const entries = [
    { url: "index.html", revision: "a1" },
    { url: "assets/index-abc.js", revision: null, firstScreen: true },
    { url: "assets/index-abc.css", revision: null, firstScreen: true },
    { url: "assets/CartScreen-def.js", revision: null },
    { url: "assets/CartScreen-def.css", revision: null },
    { url: "icons/favicon.svg", revision: "b2" },
    { url: "icons/icon-192.png", revision: "c3" },
    { url: "manifest.webmanifest", revision: "d4" },
  ];

  it("installs index.html, the files it loads, the favicon and the manifest", () => {
    expect(splitPrecache(entries, origin).install.map((entry) => entry.url)).toEqual([
      "index.html",
      "assets/index-abc.js",
      "assets/index-abc.css",
      "icons/favicon.svg",
      "manifest.webmanifest",
    ]);
  });

  it("leaves the lazy screens and the manifest's icons for later, as paths their runtime caches answer", () => {
    expect(splitPrecache(entries, origin).later).toEqual([
      "/assets/CartScreen-def.js",
      "/assets/CartScreen-def.css",
      "/icons/icon-192.png",
    ]);
  });

  it("keeps each installed entry's revision and integrity, without the build's mark", () => {
    const [entry] = splitPrecache(
      [{ url: "assets/a.js", revision: null, integrity: "sha384-x", firstScreen: true }],
      origin,
    ).install;
    expect(entry).toEqual({ url: "assets/a.js", revision: null, integrity: "sha384-x" });
  });

  it("installs whatever no runtime cache would answer for, even unmarked, so no file goes unserved", () => {
    const split = splitPrecache(["robots.txt", { url: "assets/deep/x.js", revision: null }], origin);
    expect(split.install.map((entry) => entry.url)).toEqual(["robots.txt", "assets/deep/x.js"]);
    expect(split.later).toEqual([]);
  });
});
