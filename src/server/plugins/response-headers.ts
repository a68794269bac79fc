/**
 * Headers every response carries: the request id (so a guest's problem report can be found in
 * the logs) and minimal security headers. Tokens appear in some app URLs, hence no-referrer.
 */
import type { FastifyPluginCallback } from "fastify";
import fp from "fastify-plugin";

const responseHeadersPlugin: FastifyPluginCallback = (app, _options, done) => {
  app.addHook("onRequest", (request, reply, next) => {
    reply.headers({
      "x-request-id": request.id,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    next();
  });
  done();
};

export const responseHeaders = fp(responseHeadersPlugin, { name: "response-headers" });
