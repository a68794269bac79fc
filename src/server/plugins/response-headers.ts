/**
 * The headers every response carries: the request id (so that a guest's problem report can be
 * found in the logs) and the security headers (CSP, nosniff, no-referrer, ...: security-headers.ts,
 * asked of @fastify/helmet once at start-up). One synchronous hook sets them all: each hook is a
 * step of every request's lifecycle, a cached menu answer's included. The security
 * headers are also the app's `securityHeaders`, for the answers given before Fastify
 * (routes/services/menu-fast-path.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { helmetHeaders, type SecurityHeadersOptions } from "./security-headers";

declare module "fastify" {
  interface FastifyInstance {
    securityHeaders: Readonly<Record<string, string>>;
  }
}

const responseHeadersPlugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, { publicUrl, styleHashes }) => {
  const securityHeaders = await helmetHeaders(publicUrl, styleHashes);
  app.decorate("securityHeaders", securityHeaders);
  app.addHook("onRequest", function setResponseHeaders(request, reply, next) {
    reply.header("x-request-id", request.id);
    reply.headers(securityHeaders);
    next();
  });
};

export const responseHeaders = fp(responseHeadersPlugin, { name: "response-headers" });
