/**
 * Each service's menu, serialized once and kept as bytes, keyed by (service, catalogue_version).
 *
 * A request normally costs a Map lookup. At most about once a second per service the cache asks
 * the database for the store's catalogue_version (so an import by another process, e.g. the CLI,
 * shows within a second), and it rebuilds only when the version moved. An import in this process
 * drops the store's entries at once (catalogue-events.ts), and so does an order that took stock
 * (orders/place-order.ts), before either is answered.
 *
 * Never stale within this process: after invalidateStore returns, no request gets a menu read
 * before it. The copies are dropped, a build that started before is not kept, and it is not
 * shared either: a request that comes later starts a build of its own (menu-cache.test.ts).
 */
import type { Kysely } from "kysely";
import { menuDocument } from "../catalogue/menu-document";
import { loadMenuRows } from "../db/repositories/menu.repository";
import { findServiceVersion } from "../db/repositories/service.repository";
import type { Database } from "../db/schema";
import { onCatalogueChanged } from "../venue/catalogue-events";
import { type BodyHeaders, type EncodedBody, encodeBody } from "./encoded-body";
import { singleFlight } from "./single-flight";
import { SpotServiceCache } from "./spot-service-cache";

export interface CachedMenu {
  serviceId: number;
  storeId: number;
  catalogueVersion: number;
  body: EncodedBody;
}

export interface MenuCacheOptions {
  /** How long a version check stays good. */
  versionCheckIntervalMs?: number;
  now?: () => number;
}

interface Entry {
  menu: CachedMenu | null; // null: the service does not exist (cached too, so unknown ids stay cheap)
  checkedAt: number;
}

/**
 * How a menu is answered: JSON with a strong ETag, revalidated on every use (the service worker
 * keeps a copy and asks again; an unchanged menu costs a 304: routes/services).
 */
const MENU_HEADERS: BodyHeaders = { contentType: "application/json; charset=utf-8", cacheControl: "no-cache" };

/** Unknown ids are remembered too; past this many the cache forgets them all at once. */
const MAX_MISSING_ENTRIES = 10_000;
/** If imports keep landing while a menu is read, give up after this many tries. */
const MAX_BUILD_ATTEMPTS = 5;

export class MenuCache {
  readonly #db: Kysely<Database>;
  readonly #interval: number;
  readonly #now: () => number;
  readonly #entries = new Map<number, Entry>();
  readonly #pending = new Map<number, Promise<CachedMenu | null>>();
  /** Bumped when a store's catalogue changes here, so a build that started before is not kept. */
  readonly #generation = new Map<number, number>();
  /** Bumped by every invalidation: a "no such service" read before one may be out of date. */
  #invalidations = 0;
  #missingCount = 0;
  readonly #stopListening: () => void;
  /** Told after every invalidation: the live catalogue topic publishes from here (realtime/catalogue-publisher.ts). */
  readonly #invalidationListeners = new Set<(storeId: number) => void>();
  /** Which service a guest link (/:serviceSlug/:tableId) names; dropped with the store's menus. */
  readonly spots: SpotServiceCache;

  constructor(db: Kysely<Database>, options: MenuCacheOptions = {}) {
    this.#db = db;
    this.#interval = options.versionCheckIntervalMs ?? 1000;
    this.#now = options.now ?? Date.now;
    this.spots = new SpotServiceCache(db, { intervalMs: this.#interval, now: this.#now });
    this.#stopListening = onCatalogueChanged((storeId) => this.invalidateStore(storeId));
  }

  /** The menu when the cached copy was checked recently enough; otherwise undefined (call load). */
  peek(serviceId: number): CachedMenu | null | undefined {
    const entry = this.#entries.get(serviceId);
    if (entry === undefined || this.#now() - entry.checkedAt >= this.#interval) return undefined;
    return entry.menu;
  }

  /** The current menu, or null when the service does not exist. Concurrent calls share one query. */
  load(serviceId: number): Promise<CachedMenu | null> {
    const fresh = this.peek(serviceId);
    if (fresh !== undefined) return Promise.resolve(fresh);
    return singleFlight(this.#pending, serviceId, () => this.#refresh(serviceId));
  }

  invalidateStore(storeId: number): void {
    this.#generation.set(storeId, (this.#generation.get(storeId) ?? 0) + 1);
    this.#invalidations++;
    for (const [serviceId, entry] of this.#entries) {
      // A new store may own ids that were unknown before, so forget the misses too.
      if (entry.menu === null || entry.menu.storeId === storeId) this.#entries.delete(serviceId);
    }
    this.#missingCount = 0;
    // A build in flight may have read the rows before the change: later requests must not share
    // it. (The store of a build not yet past its first query is unknown, so all are let go.)
    this.#pending.clear();
    this.spots.invalidateStore(storeId);
    for (const listener of this.#invalidationListeners) {
      try {
        listener(storeId);
      } catch {
        // A listener's failure is its own: the cache is already invalidated.
      }
    }
  }

  /**
   * Every catalogue write ends with invalidateStore after its commit, so this is the one place
   * where all of them (and any new one) can be heard. Returns the function that stops listening.
   */
  onStoreInvalidated(listener: (storeId: number) => void): () => void {
    this.#invalidationListeners.add(listener);
    return () => this.#invalidationListeners.delete(listener);
  }

  close(): void {
    this.#stopListening();
    this.#invalidationListeners.clear();
    this.#entries.clear();
    this.#pending.clear();
    this.spots.clear();
  }

  async #refresh(serviceId: number): Promise<CachedMenu | null> {
    const checkedAt = this.#now();
    const invalidations = this.#invalidations;
    const version = await findServiceVersion(this.#db, serviceId);
    if (version === undefined) {
      // An import since the query started may have created it: answer, but do not keep.
      if (invalidations === this.#invalidations) this.#remember(serviceId, null, checkedAt);
      return null;
    }
    const cached = this.#entries.get(serviceId)?.menu;
    if (cached && cached.storeId === version.storeId && cached.catalogueVersion === version.catalogueVersion) {
      this.#remember(serviceId, cached, checkedAt);
      return cached;
    }
    return this.#build(serviceId, version.storeId, version.catalogueVersion);
  }

  /**
   * Reads the menu between two version reads: if the version did not move, no import committed in
   * between and the rows belong to that version (an import changes rows and version together).
   */
  async #build(serviceId: number, storeId: number, catalogueVersion: number): Promise<CachedMenu | null> {
    let expected = { storeId, catalogueVersion };
    for (let attempt = 1; attempt <= MAX_BUILD_ATTEMPTS; attempt++) {
      const generation = this.#generation.get(expected.storeId) ?? 0;
      const invalidations = this.#invalidations;
      const checkedAt = this.#now();
      const rows = await loadMenuRows(this.#db, serviceId);
      const after = await findServiceVersion(this.#db, serviceId);
      if (after === undefined) {
        if (invalidations === this.#invalidations) this.#remember(serviceId, null, checkedAt);
        return null;
      }
      if (after.storeId === expected.storeId && after.catalogueVersion === expected.catalogueVersion) {
        const document = menuDocument(after.storeId, serviceId, rows);
        const body = await encodeBody(Buffer.from(JSON.stringify(document)), MENU_HEADERS);
        const menu: CachedMenu = { serviceId, storeId: after.storeId, catalogueVersion: after.catalogueVersion, body };
        if ((this.#generation.get(after.storeId) ?? 0) === generation) this.#remember(serviceId, menu, checkedAt);
        return menu;
      }
      expected = after;
    }
    throw new Error(`menu of service ${serviceId} kept changing while it was read`);
  }

  #remember(serviceId: number, menu: CachedMenu | null, checkedAt: number): void {
    if (menu === null && !this.#entries.has(serviceId)) {
      if (this.#missingCount >= MAX_MISSING_ENTRIES) this.#forgetMissing();
      this.#missingCount++;
    }
    this.#entries.set(serviceId, { menu, checkedAt });
  }

  #forgetMissing(): void {
    for (const [serviceId, entry] of this.#entries) if (entry.menu === null) this.#entries.delete(serviceId);
    this.#missingCount = 0;
  }
}
