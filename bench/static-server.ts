/**
 * A small static server for the floor page (floor-page.ts), sending files as the real server sends
 * the app: brotli when accepted (compressed once, at the highest level, like the build's .br
 * files), hashed assets cacheable for a year, index.html revalidated, unknown paths get index.html.
 * Loopback only.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { freePort, LOOPBACK, type RunningServer } from "./servers";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

export async function startStaticServer(root: string): Promise<RunningServer> {
  const compressed = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, "index.html");
    const body: Buffer = readFileSync(file);
    const brotli = /\bbr\b/.test(String(request.headers["accept-encoding"] ?? ""));
    let sent: Buffer = body;
    if (brotli) {
      sent =
        compressed.get(file) ??
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
      compressed.set(file, sent);
      response.setHeader("content-encoding", "br");
    }
    response.setHeader("content-type", TYPES[extname(file)] ?? "application/octet-stream");
    response.setHeader(
      "cache-control",
      file.includes(`${join(root, "assets")}`) ? "public, max-age=31536000, immutable" : "no-cache",
    );
    response.setHeader("vary", "Accept-Encoding");
    response.end(sent);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return {
    origin: `http://${LOOPBACK}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
