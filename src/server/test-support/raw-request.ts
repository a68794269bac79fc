/**
 * Requests over a real socket, for the front door's tests (app.inject never reaches the HTTP
 * server the front door is part of).
 */
import { type IncomingHttpHeaders, request } from "node:http";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a socket, its body as sent (no decompression). */
export function send(
  base: string,
  url: string,
  headers: Record<string, string | string[]> = {},
  method = "GET",
  body?: string,
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = request(new URL(url, base), { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The headers that differ between any two answers (the time, the connection, the request id). */
export function lasting(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "x-request-id": _id, ...rest } = headers;
  return rest;
}
