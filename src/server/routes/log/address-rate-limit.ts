/**
 * A per-client-address limit kept in memory: a fixed window of `windowMs` with at most `limit`
 * requests. For the §7 log calls, which must not let one client flood the server's log.
 *
 * Memory, not the database throttle (auth/throttle.ts): every log call would otherwise cost a write
 * transaction, more than the log line it protects; and the limit is a guard on volume, not a
 * security boundary, so per process (N processes on PostgreSQL allow N times as much) is enough.
 * At most `maxAddresses` windows are kept: expired ones are dropped first, then the oldest.
 */
export interface AddressRateLimitOptions {
  limit: number;
  windowMs: number;
  now: () => Date;
  maxAddresses?: number;
}

export type AddressDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

interface Window {
  startedAt: number;
  count: number;
}

export class AddressRateLimit {
  readonly #windows = new Map<string, Window>();
  readonly #options: Required<AddressRateLimitOptions>;

  constructor(options: AddressRateLimitOptions) {
    this.#options = { maxAddresses: 10_000, ...options };
  }

  /** Counts one request of `address`; refused ones count too (a flood stays refused). */
  take(address: string): AddressDecision {
    const { limit, windowMs } = this.#options;
    const now = this.#options.now().getTime();
    let window = this.#windows.get(address);
    if (!window || now - window.startedAt >= windowMs) {
      // Re-inserted, so the map stays in the order windows started (the oldest first).
      this.#windows.delete(address);
      this.#makeRoom(now);
      window = { startedAt: now, count: 0 };
      this.#windows.set(address, window);
    }
    window.count += 1;
    if (window.count <= limit) return { allowed: true };
    return { allowed: false, retryAfterMs: window.startedAt + windowMs - now };
  }

  /** Addresses tracked now (tests). */
  get size(): number {
    return this.#windows.size;
  }

  #makeRoom(now: number): void {
    if (this.#windows.size < this.#options.maxAddresses) return;
    for (const [address, window] of this.#windows) {
      if (now - window.startedAt >= this.#options.windowMs) this.#windows.delete(address);
      else break; // ordered by start: the rest are younger
    }
    const oldest = this.#windows.keys().next();
    if (this.#windows.size >= this.#options.maxAddresses && !oldest.done) this.#windows.delete(oldest.value);
  }
}
