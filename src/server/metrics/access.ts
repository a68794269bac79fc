/**
 * Who may read GET /metrics: the server's own machine, or a scraper holding METRICS_TOKEN. Guests
 * never: the counters say how busy a venue is and which errors its clients get.
 * Loopback is the TCP peer (the socket's address), never X-Forwarded-For, which anyone can send.
 * Behind a reverse proxy on the same machine every request comes from loopback, so when the
 * server trusts a proxy a request the proxy forwarded (it carries X-Forwarded-For) is not loopback.
 */
import { timingSafeEqual } from "node:crypto";

export interface MetricsRequest {
  /** The TCP peer's address (request.socket.remoteAddress). */
  remoteAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  authorization: string | undefined;
}

export interface MetricsAccessPolicy {
  trustProxy: boolean;
  /** null: only loopback may read. */
  token: string | null;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function holdsToken(authorization: string | undefined, token: string): boolean {
  if (authorization === undefined) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (match === null) return false;
  const given = Buffer.from(match[1] ?? "");
  const expected = Buffer.from(token);
  // Compared in constant time: the answer must not tell how many leading characters were right.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mayReadMetrics(request: MetricsRequest, policy: MetricsAccessPolicy): boolean {
  if (policy.token !== null && holdsToken(request.authorization, policy.token)) return true;
  const forwarded = policy.trustProxy && request.forwardedFor !== undefined;
  return !forwarded && isLoopbackAddress(request.remoteAddress);
}
