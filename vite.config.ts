import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
// With its extension: Vite 8 loads this config natively, without bundling it first.
import { pwaOptions } from "./sw/pwa-options.ts";

export default defineConfig({
  plugins: [
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
    VitePWA(pwaOptions),
    // Guests are on slow beach Wi-Fi: the server sends these precompressed files (brotli, else
    // gzip) instead of compressing on every request.
    compression({
      include: /\.(js|css|html|svg|webmanifest|json)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
    }),
  ],
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    target: "es2022",
    sourcemap: true,
    rolldownOptions: {
      // A slow plugin is a thing to profile, not a dump to print on every `npm start`.
      checks: { bundlerTimings: false },
    },
  },
});
