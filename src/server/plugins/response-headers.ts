/**
 * The header every response carries: the request id (so a guest's problem report can be found in
 * the logs). The security headers (CSP, nosniff, no-referrer, ...) are in security-headers.ts.
 */
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

const responseHeadersPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onRequest", (request, reply, next) => {
    reply.header("x-request-id", request.id);
    next();
  });
  done();
};

export const responseHeaders = fp(responseHeadersPlugin, { name: "response-headers" });
