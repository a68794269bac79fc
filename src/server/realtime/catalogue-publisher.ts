/**
 * The live catalogue topic's publisher: after a store's catalogue changed (any write that ends
 * with `menuCache.invalidateStore`, which every catalogue write calls after its commit: stock, an
 * item's edit, an import, an order that took stock), it reads the store's catalogue version and
 * publishes `{ storeId, catalogueVersion }` on the process's event bus, which carries it to every
 * API process on PostgreSQL (NOTIFY) and to the STOMP subscribers of /topic/stores/{id}/catalogue.
 *
 * Delivery: after the commit, at most once per change from this process; a crash between the
 * commit and the NOTIFY loses the push (not the change). The open menus recover on their own:
 * they read the menu again on every reconnect and poll while the stream is down, and a process
 * whose LISTEN connection dropped replays the current versions of all stores (currentCatalogueEvents).
 *
 * Changes in a burst (orders taking stock one after another) are coalesced per store: while a
 * read-and-publish runs, further invalidations only ask for one more, which reads the newest version.
 */
import type { Kysely } from "kysely";
import type { CatalogueChangedEvent } from "../../domain/catalogue-events";
import type { Database } from "../db/schema";
import type { MenuCache } from "../menu/menu-cache";
import type { OrderEventBus } from "./order-events";

export interface CataloguePublisherOptions {
  menuCache: MenuCache;
  db: Kysely<Database>;
  bus: OrderEventBus;
  log: { error(details: object, message: string): void };
}

/** The store's catalogue version now, as the event says it; undefined for a store that is gone. */
export async function currentCatalogueEvent(
  db: Kysely<Database>,
  storeId: number,
): Promise<CatalogueChangedEvent | undefined> {
  const row = await db
    .selectFrom("stores")
    .select(["id", "catalogue_version"])
    .where("id", "=", storeId)
    .executeTakeFirst();
  return row === undefined ? undefined : { storeId: row.id, catalogueVersion: Number(row.catalogue_version) };
}

/** Every store's version: replayed after a LISTEN gap (an open menu ignores a version it has). */
export async function currentCatalogueEvents(db: Kysely<Database>): Promise<CatalogueChangedEvent[]> {
  const rows = await db.selectFrom("stores").select(["id", "catalogue_version"]).execute();
  return rows.map((row) => ({ storeId: row.id, catalogueVersion: Number(row.catalogue_version) }));
}

/** Starts publishing; returns the function that stops. */
export function publishCatalogueChanges({ menuCache, db, bus, log }: CataloguePublisherOptions): () => void {
  /** Stores with a publish running; true: another change came meanwhile. */
  const running = new Map<number, boolean>();
  let stopped = false;

  const publish = async (storeId: number): Promise<void> => {
    do {
      running.set(storeId, false);
      try {
        const event = await currentCatalogueEvent(db, storeId);
        if (event !== undefined && !stopped) await bus.publish(event);
      } catch (error) {
        log.error({ err: error, storeId }, "catalogue change not published");
      }
    } while (running.get(storeId) === true && !stopped);
    running.delete(storeId);
  };

  const stop = menuCache.onStoreInvalidated((storeId) => {
    if (stopped) return;
    if (running.has(storeId)) {
      running.set(storeId, true);
      return;
    }
    void publish(storeId);
  });
  return () => {
    stopped = true;
    stop();
  };
}
