/**
 * The HTTP server in front of Fastify: each request is first offered to the front door's answers
 * (routes/services/menu-fast-path.ts, a cached menu; ssr/page-fast-path.ts, a kept guest page),
 * and goes on to Fastify when both decline.
 * Fastify's per-request lifecycle (routing, schema checks, hooks, the reply object) costs more
 * than a cached menu answer itself; guests' phones revalidate menus all the time (the goal: menu
 * API >= 0.8x of bare node:http), and a QR code's page load is the guests' other hot request (a
 * kept page >= 0.8x the menu API).
 *
 * Passed to Fastify as its `serverFactory`, the server is set up as Fastify sets up its own
 * (fastify/lib/server.js: the http options, keep-alive, request and connection time-outs,
 * requests per socket), so every request Fastify sees is served as before. WebSocket upgrades
 * never reach it (they are the server's "upgrade" event).
 */
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";

/** Answers the request and returns true, or returns false without touching the response. */
export type FrontAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The options of Fastify's own HTTP/1 server that it hands to a server factory. */
interface FastifyHttpOptions {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

export class FrontDoor {
  /** Set while the app is ready and not closing (null: every request goes to Fastify). */
  answer: FrontAnswer | null = null;
  /** The same for kept guest pages, offered what `answer` declines (the menus come first). */
  pageAnswer: FrontAnswer | null = null;

  readonly serverFactory: FastifyServerFactory<Server> = (fastifyHandler, rawOptions) => {
    const options = rawOptions as unknown as FastifyHttpOptions;
    const server = createServer(options.http ?? {}, (request, response) => {
      if (this.answer?.(request, response) === true || this.pageAnswer?.(request, response) === true) return;
      fastifyHandler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
