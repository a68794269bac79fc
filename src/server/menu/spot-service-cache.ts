/**
 * Which service a guest link names: (spot id, service slug) -> the service id, or why there is
 * none (so GET /api/tables/:tableId/menus/:serviceSlug answers from memory, as fast as
 * GET /api/services/:id/menu, instead of a database query per request).
 *
 * Spots and services change only with a venue import, which bumps the store's catalogue_version:
 * - an import in this process drops what it may have changed at once (catalogue-events.ts, through
 *   MenuCache.invalidateStore): the store's answers and every "no such table" (the import may have
 *   created that spot), and a lookup that was in flight then is neither kept nor shared;
 * - an import by another process (the CLI) shows within the same interval as the menus, since an
 *   answer is trusted for that long and then looked up again.
 */
import type { Kysely } from "kysely";
import { serviceAvailableAt } from "../catalogue/presenters";
import { findSpotServiceBySlug } from "../db/repositories/service.repository";
import type { Database } from "../db/schema";
import { singleFlight } from "./single-flight";

export type SpotService =
  | { found: true; storeId: number; serviceId: number }
  /** storeId: whose change may alter the answer; null: any store's (no such spot, or its store unknown). */
  | { found: false; storeId: number | null; code: "TABLE_NOT_FOUND" | "SERVICE_NOT_FOUND" };

interface Entry {
  answer: SpotService;
  checkedAt: number;
}

/** Any id and slug can be asked for: past this many answers the misses are forgotten, then all. */
const MAX_ENTRIES = 20_000;

export class SpotServiceCache {
  readonly #db: Kysely<Database>;
  readonly #interval: number;
  readonly #now: () => number;
  /** By spot, then slug: a number and the URL's own string as keys, nothing built per request. */
  readonly #entries = new Map<number, Map<string, Entry>>();
  #size = 0;
  readonly #pending = new Map<string, Promise<SpotService>>();
  /** Bumped by every invalidation: a lookup that started before one is not remembered. */
  #generation = 0;

  constructor(db: Kysely<Database>, options: { intervalMs: number; now: () => number }) {
    this.#db = db;
    this.#interval = options.intervalMs;
    this.#now = options.now;
  }

  /** The answer when it was looked up recently enough; otherwise undefined (call load). */
  peek(spotId: number, slug: string): SpotService | undefined {
    const entry = this.#entries.get(spotId)?.get(slug);
    if (entry === undefined || this.#now() - entry.checkedAt >= this.#interval) return undefined;
    return entry.answer;
  }

  /** The current answer; concurrent calls for the same link share one query. */
  load(spotId: number, slug: string): Promise<SpotService> {
    const fresh = this.peek(spotId, slug);
    if (fresh !== undefined) return Promise.resolve(fresh);
    return singleFlight(this.#pending, key(spotId, slug), () => this.#lookUp(spotId, slug));
  }

  invalidateStore(storeId: number): void {
    this.#generation++;
    this.#forget((answer) => answer.storeId === storeId || answer.storeId === null);
    // A lookup in flight may have read the rows before the change: later callers start a new one.
    this.#pending.clear();
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
    this.#pending.clear();
  }

  async #lookUp(spotId: number, slug: string): Promise<SpotService> {
    const generation = this.#generation;
    const checkedAt = this.#now();
    const found = await findSpotServiceBySlug(this.#db, spotId, slug);
    let answer: SpotService;
    if (found === undefined) answer = { found: false, storeId: null, code: "TABLE_NOT_FOUND" };
    else if (found.service === undefined || !serviceAvailableAt(found.service).includes(found.spotType)) {
      // The same rule as the table's list of services: a service not offered at this kind of spot is not found.
      answer = { found: false, storeId: found.service?.store_id ?? null, code: "SERVICE_NOT_FOUND" };
    } else answer = { found: true, storeId: found.service.store_id, serviceId: found.service.id };
    if (generation === this.#generation) this.#remember(spotId, slug, answer, checkedAt);
    return answer;
  }

  #remember(spotId: number, slug: string, answer: SpotService, checkedAt: number): void {
    let slugs = this.#entries.get(spotId);
    if (slugs?.has(slug) !== true) {
      if (this.#size >= MAX_ENTRIES) {
        this.#forget((known) => !known.found);
        if (this.#size >= MAX_ENTRIES) this.clear();
        slugs = this.#entries.get(spotId);
      }
      this.#size++;
    }
    if (slugs === undefined) {
      slugs = new Map();
      this.#entries.set(spotId, slugs);
    }
    slugs.set(slug, { answer, checkedAt });
  }

  #forget(matches: (answer: SpotService) => boolean): void {
    for (const [spotId, slugs] of this.#entries) {
      for (const [slug, entry] of slugs) {
        if (!matches(entry.answer)) continue;
        slugs.delete(slug);
        this.#size--;
      }
      if (slugs.size === 0) this.#entries.delete(spotId);
    }
  }
}

function key(spotId: number, slug: string): string {
  return `${spotId}/${slug}`;
}
