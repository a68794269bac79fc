/**
 * Abuse limits: how many STOMP connections one signed-in session and one client
 * address may hold at once. An address is counted from the WebSocket's opening (before CONNECT,
 * so unauthenticated sockets count too), a session from its CONNECTED. Each admission returns the
 * function that gives the slot back, once, when the connection ends.
 *
 * Refusals are logged, but at most once a minute per address or session (with how many were
 * refused since the last line): a client looping on reconnects must not flood the log.
 */
import type { FastifyBaseLogger } from "fastify";

export type Release = () => void;

export interface ConnectionCapLimits {
  maxConnectionsPerSession: number;
  maxConnectionsPerAddress: number;
}

const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Above this many remembered refusal keys, old ones are dropped (a bound on the map, not a limit). */
const MAX_REMEMBERED_REFUSALS = 10_000;

export class ConnectionCaps {
  readonly #byAddress = new Map<string, number>();
  readonly #bySession = new Map<number, number>();
  readonly #refusals = new Map<string, { loggedAt: number; unlogged: number }>();

  constructor(
    private readonly limits: ConnectionCapLimits,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** A slot for one more connection from this address, or null (logged) when it holds its maximum. */
  admitAddress(address: string): Release | null {
    const release = take(this.#byAddress, address, this.limits.maxConnectionsPerAddress);
    if (release === null) this.#logRefusal("address", address, this.limits.maxConnectionsPerAddress);
    return release;
  }

  /** A slot for one more connection of this session, or null (logged) when it holds its maximum. */
  admitSession(sessionId: number): Release | null {
    const release = take(this.#bySession, sessionId, this.limits.maxConnectionsPerSession);
    if (release === null) this.#logRefusal("session", sessionId, this.limits.maxConnectionsPerSession);
    return release;
  }

  /** Open connections counted (tests check that closing gives the slots back). */
  get counted(): { addresses: number; sessions: number } {
    return { addresses: sum(this.#byAddress), sessions: sum(this.#bySession) };
  }

  #logRefusal(cap: "address" | "session", key: string | number, limit: number): void {
    const id = `${cap}:${key}`;
    const now = this.now();
    const last = this.#refusals.get(id);
    if (last !== undefined && now - last.loggedAt < REFUSAL_LOG_INTERVAL_MS) {
      last.unlogged += 1;
      return;
    }
    if (this.#refusals.size >= MAX_REMEMBERED_REFUSALS) this.#forgetOldRefusals(now);
    this.#refusals.set(id, { loggedAt: now, unlogged: 0 });
    this.log.warn(
      {
        cap,
        [cap === "address" ? "address" : "sessionId"]: key,
        limit,
        refusedSinceLastLog: (last?.unlogged ?? 0) + 1,
      },
      `STOMP connection refused: more than ${limit} connections per ${cap}`,
    );
  }

  #forgetOldRefusals(now: number): void {
    for (const [id, refusal] of this.#refusals) {
      if (now - refusal.loggedAt >= REFUSAL_LOG_INTERVAL_MS) this.#refusals.delete(id);
    }
    if (this.#refusals.size >= MAX_REMEMBERED_REFUSALS) this.#refusals.clear();
  }
}

function take<Key>(counts: Map<Key, number>, key: Key, limit: number): Release | null {
  const held = counts.get(key) ?? 0;
  if (held >= limit) return null;
  counts.set(key, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = (counts.get(key) ?? 1) - 1;
    if (current <= 0) counts.delete(key);
    else counts.set(key, current);
  };
}

function sum(counts: Map<unknown, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}
