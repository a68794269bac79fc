/**
 * A response body prepared once for many requests: the JSON bytes, their strong ETag and, for
 * bodies worth it, brotli and gzip variants (a menu shrinks several times, which matters on beach
 * Wi-Fi). Each variant gets its own ETag, as HTTP requires of strong validators, and its response
 * headers, written out once (a cached menu answer builds nothing per request).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

export type ContentCoding = "br" | "gzip" | "identity";

export type ResponseHeaders = Readonly<Record<string, string>>;

export interface Representation {
  coding: ContentCoding;
  bytes: Buffer;
  etag: string;
  /** A 200 with these bytes: its headers in the order they are sent, Content-Length last. */
  ok: BodyAnswer;
  /** A 304 for this variant: its validator and how to cache it, no content headers. */
  notModified: BodyAnswer;
}

/** What every variant is answered with besides its own validator and coding. */
export interface BodyHeaders {
  contentType: string;
  cacheControl: string;
  /** A request header the body depends on besides Accept-Encoding. */
  vary?: string;
}

/**
 * Brotli's best ratio (11) costs about 100 ms for a large menu page: right for a body made once
 * per catalogue version, too slow for one made every minute, where 5 (2 ms) gives up about 10%.
 */
export type BrotliQuality = 5 | 11;

export interface EncodedBody {
  identity: Representation;
  br: Representation | null;
  gzip: Representation | null;
  /** every ETag of the variants: a client holding any of them has the current content */
  etags: ReadonlySet<string>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compression saves less than it costs. */
const MIN_COMPRESSIBLE_BYTES = 1024;

export async function encodeBody(
  bytes: Buffer,
  bodyHeaders: BodyHeaders,
  brotliQuality: BrotliQuality = 11,
): Promise<EncodedBody> {
  const hash = createHash("sha256").update(bytes).digest("base64url");
  const variant = (coding: ContentCoding, variantBytes: Buffer, etag: string) =>
    representation(coding, variantBytes, etag, bodyHeaders);
  const identity = variant("identity", bytes, `"${hash}"`);
  let br: Representation | null = null;
  let gz: Representation | null = null;
  if (bytes.length >= MIN_COMPRESSIBLE_BYTES) {
    // Runs on libuv's thread pool.
    const [brBytes, gzipBytes] = await Promise.all([
      brotli(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    if (brBytes.length < bytes.length) br = variant("br", brBytes, `"${hash}-br"`);
    if (gzipBytes.length < bytes.length) gz = variant("gzip", gzipBytes, `"${hash}-gzip"`);
  }
  const etags = new Set([identity, br, gz].flatMap((r) => (r ? [r.etag] : [])));
  return { identity, br, gzip: gz, etags };
}

function representation(coding: ContentCoding, bytes: Buffer, etag: string, body: BodyHeaders): Representation {
  // The answer varies with Accept-Encoding even when only the plain bytes exist: a cache must not
  // hand one client's choice to another.
  const vary = body.vary === undefined ? "Accept-Encoding" : `Accept-Encoding, ${body.vary}`;
  const notModifiedHeaders = { "cache-control": body.cacheControl, vary, etag };
  const headers: Record<string, string> = { ...notModifiedHeaders, "content-type": body.contentType };
  if (coding !== "identity") headers["content-encoding"] = coding;
  headers["content-length"] = String(bytes.length);
  return {
    coding,
    bytes,
    etag,
    ok: { status: 200, headers, bytes },
    notModified: { status: 304, headers: notModifiedHeaders, bytes: null },
  };
}

/** What a GET of the body is answered with: a 304 without bytes, or a 200 with the variant's bytes. */
export interface BodyAnswer {
  status: 200 | 304;
  headers: ResponseHeaders;
  bytes: Buffer | null;
}

/**
 * The answer to a GET with these request headers: the variant the client accepts, or 304 when
 * the copy it holds is current. The one way a prepared body is answered (routes/services and
 * their fast path, menu-fast-path.ts).
 */
export function answerGet(
  body: EncodedBody,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): BodyAnswer {
  const representation = chooseRepresentation(body, acceptEncoding);
  return matchesIfNoneMatch(ifNoneMatch, body.etags) ? representation.notModified : representation.ok;
}

/**
 * Sends the answer to this GET through Fastify: a 304, or `okStatus` (200, or 404 for a
 * not-found page) with the variant's bytes and its headers, written out once.
 */
export function replyWithBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  okStatus = 200,
): FastifyReply {
  const answer = answerGet(body, request.headers["accept-encoding"], request.headers["if-none-match"]);
  return reply
    .code(answer.status === 304 ? 304 : okStatus)
    .headers(answer.headers)
    .send(answer.bytes ?? undefined);
}

/** The best variant the client accepts (brotli, then gzip, then the plain bytes). */
function chooseRepresentation(body: EncodedBody, acceptEncoding: string | undefined): Representation {
  if (acceptEncoding === undefined || (body.br === null && body.gzip === null)) return body.identity;
  const accepted = acceptedCodings(acceptEncoding);
  if (body.br !== null && accepted.has("br")) return body.br;
  if (body.gzip !== null && accepted.has("gzip")) return body.gzip;
  return body.identity;
}

/** Codings listed with a non-zero quality (`gzip;q=0` refuses gzip; `*` accepts any). */
function acceptedCodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const quality = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (quality !== undefined && Number(quality.slice(2)) === 0) continue;
    if (name === "*") {
      accepted.add("br");
      accepted.add("gzip");
    } else if (name !== "") accepted.add(name);
  }
  return accepted;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. `*` matches
 * any current representation.
 */
function matchesIfNoneMatch(header: string | undefined, etags: ReadonlySet<string>): boolean {
  if (header === undefined) return false;
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (tag === "*") return true;
    if (etags.has(tag.startsWith("W/") ? tag.slice(2) : tag)) return true;
  }
  return false;
}
