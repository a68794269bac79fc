/**
 * What the front door's answers share (routes/services/menu-fast-path.ts, ssr/page-fast-path.ts):
 * reading the few request headers an answer depends on, and writing a prepared body with the
 * headers Fastify's hooks would have added, byte for byte as Fastify's path answers it.
 */
import type { ServerResponse } from "node:http";
import { requestIdFrom } from "../logging";
import { answerGet, type EncodedBody, type ResponseHeaders } from "../menu/encoded-body";

/** The request headers a prepared answer depends on (PREPARED_HEADERS reads them). */
export interface PreparedRequestHeaders {
  acceptEncoding?: string;
  ifNoneMatch?: string;
  requestId?: string;
}

export const PREPARED_HEADERS: ReadonlyMap<string, keyof PreparedRequestHeaders> = new Map([
  ["accept-encoding", "acceptEncoding"],
  ["if-none-match", "ifNoneMatch"],
  ["x-request-id", "requestId"],
]);

/**
 * The headers named in `names` (lower case -> key), read from the raw list: request.headers would
 * build an object of every header, which costs more than the rest of a fast path. null for a
 * request with a body, or naming one of these twice (Node would join the two; Fastify's case).
 */
export function readRawHeaders<Key extends string>(
  raw: readonly string[],
  names: ReadonlyMap<string, Key>,
): Partial<Record<Key, string>> | null {
  const found: Partial<Record<Key, string>> = {};
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]?.toLowerCase() ?? "";
    if (name === "content-length" || name === "transfer-encoding") return null;
    const key = names.get(name);
    if (key === undefined) continue;
    if (found[key] !== undefined) return null;
    found[key] = raw[index + 1] ?? "";
  }
  return found;
}

/** PREPARED_HEADERS and more, for an answer that depends on further headers. */
export function withPreparedHeaders<Key extends string>(
  more: ReadonlyMap<string, Key>,
): ReadonlyMap<string, Key | keyof PreparedRequestHeaders> {
  return new Map<string, Key | keyof PreparedRequestHeaders>([...PREPARED_HEADERS, ...more]);
}

/**
 * Writes a prepared body as its answer to a GET (200 in the coding asked for, or 304), after the
 * request id and `securityHeaders`. Each answer's headers are one flat list [name, value, ...]
 * made once per prepared answer: Node writes such a list as it is, while headers set one by one
 * (setHeader) make it check and merge every header of the answer again.
 */
export function preparedAnswerWriter(
  securityHeaders: Readonly<Record<string, string>>,
): (response: ServerResponse, body: EncodedBody, headers: PreparedRequestHeaders) => void {
  const merged = new WeakMap<ResponseHeaders, string[]>();
  const headerList = (headers: ResponseHeaders) => {
    let list = merged.get(headers);
    if (list === undefined) {
      list = Object.entries({ "x-request-id": "", ...securityHeaders, ...headers }).flat();
      merged.set(headers, list);
    }
    return list;
  };
  return (response, body, headers) => {
    const answer = answerGet(body, headers.acceptEncoding, headers.ifNoneMatch);
    const headerValues = headerList(answer.headers).slice();
    headerValues[1] = requestIdFrom(headers.requestId);
    response.writeHead(answer.status, headerValues);
    response.end(answer.bytes ?? undefined);
  };
}
