/**
 * Serves the built PWA (vite's dist/). Hashed files under /assets/ never change, so browsers
 * may keep them a year; everything else (index.html, sw.js, the manifest, images) must be
 * revalidated each time, or a guest could be stuck with an old service worker.
 * The SPA fallback to index.html lives in not-found.ts.
 */
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import fp from "fastify-plugin";

export interface StaticPwaOptions {
  root: string;
}

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join("/");
  return relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE;
}

const staticPwaPlugin: FastifyPluginAsync<StaticPwaOptions> = async (app, { root }) => {
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    wildcard: true,
    index: ["index.html"],
    cacheControl: false, // set per file below
    // Serves foo.js.br / foo.js.gz when the build emits them next to foo.js; otherwise the file.
    preCompressed: true,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header("cache-control", cacheControlFor(root, filePath));
    },
  });
};

export const staticPwa = fp(staticPwaPlugin, { name: "static-pwa" });
