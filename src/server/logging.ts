/**
 * Structured JSON logs (pino, through Fastify) with a request id on every line.
 * - One access line per request, written when it completes (Fastify's default writes two: incoming
 *   and completed). At `info` it is written for every request that changes something (not GET or
 *   HEAD), fails (status >= 400) or is slow; successful reads are logged at `debug`. Guests' phones
 *   revalidate menus all the time: at info those lines would be most of the log, and writing them
 *   costs more CPU than answering the cached menu itself.
 * - URLs are logged with secrets taken out: some calls carry tokens in the query (spec §7 log
 *   calls) or the path (/view-order-details/:orderId/:restaurantId/:token).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import type { Bindings, ChildLoggerOptions } from "fastify/types/logger";
import type { LogLevel } from "./config";

/** A caller's X-Request-Id is kept when it looks like an id, so logs can be joined across hops. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Generated ids are unique without asking for randomness per request (randomUUID's
 * refills cost 1-2% of a cached menu answer): 96 random bits per process, then a counter, in a
 * UUID's shape. Like Fastify's own default ids (req-1, req-2, ...) they are sequential; an id only
 * has to find a request in the logs, never to be unguessable.
 */
const PROCESS_ID_PREFIX = randomUUID().slice(0, 24);
let requestCount = 0;

export function requestId(request: IncomingMessage): string {
  return requestIdFrom(request.headers["x-request-id"]);
}

/** The id of a request that carried this X-Request-Id header (or none). */
export function requestIdFrom(given: string | string[] | undefined): string {
  if (typeof given === "string" && ACCEPTABLE_REQUEST_ID.test(given)) return given;
  requestCount++;
  return PROCESS_ID_PREFIX + requestCount.toString(16).padStart(12, "0");
}

/**
 * Query parameters whose values are logged: ids, filters and paging of the API's own queries. Any
 * other value (a token or PIN of a spec §7 call, a card number a client put in a URL by mistake)
 * is logged as "[redacted]": an allowlist, because a list of secrets would miss the next one.
 */
const LOGGED_QUERY_KEY =
  /^(storeId|restaurantId|restaurantIds|serviceId|tableId|userId|channel|kind|day|status|spotId|dailyNumber|cursor|before|limit|tableOpeningId|orderId)$/;
/** Path prefix → how many "/"-separated parts to keep ("", "view-order-details", orderId, restaurantId). */
const SECRET_PATHS: ReadonlyArray<[prefix: string, keepParts: number]> = [["/view-order-details/", 4]];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  let pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const [prefix, keepParts] of SECRET_PATHS) {
    if (pathname.startsWith(prefix)) {
      const segments = pathname.split("/");
      pathname = [...segments.slice(0, keepParts), ...segments.slice(keepParts).map(() => "[redacted]")].join("/");
    }
  }
  if (queryStart === -1) return pathname;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...query.keys()]) if (!LOGGED_QUERY_KEY.test(key)) query.set(key, "[redacted]");
  return `${pathname}?${query.toString()}`;
}

/** A read slower than this is logged at info even when it succeeds. */
const SLOW_REQUEST_MS = 1000;

function isQuietRead(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    reply.statusCode < 400 &&
    reply.elapsedTime < SLOW_REQUEST_MS
  );
}

/** Levels at which quiet reads are written. */
const READ_LOG_LEVELS = new Set(["debug", "trace"]);

/** Whether a successful, quick read is logged at this level (not at info and above). */
export function logsQuietReads(level: string): boolean {
  return READ_LOG_LEVELS.has(level);
}

class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const quiet = !error && isQuietRead(request, reply);
    // The hot path (a cached menu read at info) must not even build the line.
    if (quiet && !logsQuietReads(reply.log.level)) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else if (quiet) reply.log.debug(line, "request completed");
    else reply.log.info(line, "request completed");
  }
}

type LogArguments = [unknown, ...unknown[]];
type AnyLogFn = (...args: LogArguments) => void;

/**
 * request.log without a pino child logger per request: the child (its bindings serialized into a
 * string, a new object for pino) is made on the first line the request writes. Most requests (a
 * quiet read at info) write none, and making it was about 2% of a cached menu answer.
 * The lines, their request id and their level are what the child writes.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  /** A route's own level (Fastify's logLevel option), read once: the access log asks every request. */
  readonly #routeLevel: string | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#routeLevel = options.level;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    if (this.#child !== undefined) return this.#child.level;
    return this.#routeLevel ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: LogArguments): void {
    (this.#logger().fatal as AnyLogFn)(...args);
  }
  error(...args: LogArguments): void {
    (this.#logger().error as AnyLogFn)(...args);
  }
  warn(...args: LogArguments): void {
    (this.#logger().warn as AnyLogFn)(...args);
  }
  info(...args: LogArguments): void {
    (this.#logger().info as AnyLogFn)(...args);
  }
  debug(...args: LogArguments): void {
    (this.#logger().debug as AnyLogFn)(...args);
  }
  trace(...args: LogArguments): void {
    (this.#logger().trace as AnyLogFn)(...args);
  }
  silent(...args: LogArguments): void {
    (this.#logger().silent as AnyLogFn)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** `stream`: where lines go instead of stdout (tests that read what a request logged). */
export function loggerOptions(
  level: LogLevel,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, "logger" | "logController" | "childLoggerFactory"> {
  return {
    logger: stream === undefined ? { level } : { level, stream },
    logController: new AccessLog(),
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
  };
}
