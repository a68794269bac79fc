import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { HSTS_MAX_AGE_SECONDS, helmetOptions } from "./security-headers";

const dist = mkdtempSync(path.join(tmpdir(), "venue-dist-csp-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
writeFileSync(path.join(dist, "assets", "index-3f9a1c.js"), "console.log(1)");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const ctx = setUpTestDatabase();
const overHttp = setUpTestApp(() => ctx.db, { staticDir: dist });
const overHttps = setUpTestApp(() => ctx.db, { staticDir: dist, publicUrl: "https://kyma.example" });
const html = { accept: "text/html,application/xhtml+xml" };

/** The policy as directive name -> sources. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe("string");
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

const PAGES = [
  { what: "index.html (an app route's SPA fallback)", url: "/menu/7201", headers: html },
  { what: "a hashed asset", url: "/assets/index-3f9a1c.js", headers: {} },
  { what: "an /api answer", url: "/api/utils/date", headers: {} },
  { what: "an /api 404", url: "/api/nothing", headers: {} },
];

describe("security headers", () => {
  it.each(PAGES)("$what carries the CSP, frame-ancestors 'none', nosniff and no-referrer", async ({ url, headers }) => {
    const response = await overHttp.app.inject({ method: "GET", url, headers });
    expect(response.statusCode).toBeLessThan(500);
    const policy = policyOf(response.headers["content-security-policy"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it.each([
    { what: "over http", app: overHttp, publicUrl: null },
    { what: "over https", app: overHttps, publicUrl: "https://kyma.example" },
  ])(
    "$what, every header exactly as @fastify/helmet sets it per request, on each kind of answer",
    async ({ app, publicUrl }) => {
      // The reference: @fastify/helmet itself, building its middleware on every request.
      const reference = Fastify({ logger: false });
      await reference.register(helmet, helmetOptions(publicUrl));
      reference.get("/", (_request, reply) => reply.send("ok"));
      const expected = (await reference.inject({ method: "GET", url: "/" })).headers;
      await reference.close();
      const helmetNames = Object.keys(expected).filter(
        (name) => !["content-type", "content-length", "date", "connection"].includes(name),
      );
      expect(helmetNames.length).toBeGreaterThanOrEqual(10);
      for (const { url, headers } of PAGES) {
        const response = await app.app.inject({ method: "GET", url, headers });
        for (const name of helmetNames) expect(response.headers[name], `${url} ${name}`).toBe(expected[name]);
      }
    },
  );

  it("no 'unsafe-inline' or 'unsafe-eval' anywhere in the policy", async () => {
    const response = await overHttp.app.inject({ method: "GET", url: "/", headers: html });
    expect(String(response.headers["content-security-policy"])).not.toMatch(/unsafe-/);
  });

  it("over plain http without PUBLIC_URL, WebSockets only to the page's own host: connect-src 'self', no bare ws:/wss:", async () => {
    for (const { url, headers } of PAGES) {
      const response = await overHttp.app.inject({ method: "GET", url, headers });
      expect(policyOf(response.headers["content-security-policy"]).get("connect-src"), url).toEqual(["'self'"]);
    }
  });

  it("with an https PUBLIC_URL: only its wss: origin, upgrade-insecure-requests and HSTS", async () => {
    const response = await overHttps.app.inject({ method: "GET", url: "/", headers: html });
    const policy = policyOf(response.headers["content-security-policy"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "wss://kyma.example"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(true);
    expect(response.headers["strict-transport-security"]).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
  });

  it("over plain http (a LAN demo): no HSTS and no upgrade-insecure-requests", async () => {
    const response = await overHttp.app.inject({ method: "GET", url: "/", headers: html });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(policyOf(response.headers["content-security-policy"]).has("upgrade-insecure-requests")).toBe(false);
  });

  it("index.html has no inline script, so script-src 'self' needs no 'unsafe-inline'", () => {
    const source = readFileSync(path.join(import.meta.dirname, "../../../index.html"), "utf8");
    const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe("");
    }
    expect(source).not.toMatch(/\son[a-z]+=/i);
  });
});
