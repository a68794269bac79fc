/**
 * Whether this device already holds one of the app's IndexedDB databases, asked without Dexie and
 * without opening it (opening creates it). A phone that has never added to a cart, signed in or
 * queued a log call has nothing to restore: the cart bar, the order outbox, the log queue and the
 * token refresh need not load Dexie (about 31 KB gzip) on its first visit. As
 * soon as something writes, the database is opened through Dexie (app-db.ts, session-db.ts mark
 * it here) and everything that waited for it starts.
 *
 * `indexedDB.databases()` answers without opening anything (Chromium 71, Safari 14, Firefox 126);
 * where it is missing or fails, the answer is "present", and Dexie loads as before.
 *
 * The names live here, not in the Dexie modules, so the first load can name them without Dexie.
 */
import { useEffect, useSyncExternalStore } from "react";

/** The cart, the outbox of checkouts, the last delivery details, queued logs (app-db.ts). */
export const APP_DB_NAME = "kyma";
/** The signed-in session (session-db.ts). */
export const SESSION_DB_NAME = "kyma-session";

export type Presence = "unknown" | "absent" | "present";

const presence = new Map<string, Presence>();
const listeners = new Set<() => void>();
let checking: Promise<void> | null = null;

function presenceOf(name: string): Presence {
  return presence.get(name) ?? "unknown";
}

function set(name: string, next: Presence): void {
  if (presenceOf(name) === next || presenceOf(name) === "present") return;
  presence.set(name, next);
  for (const listener of [...listeners]) listener();
}

/** One look at the device's databases for every name not known to be present yet. */
function check(): Promise<void> {
  checking ??= listDatabaseNames()
    .then((names) => {
      for (const name of [APP_DB_NAME, SESSION_DB_NAME]) {
        set(name, names === null || names.has(name) ? "present" : "absent");
      }
    })
    .finally(() => {
      checking = null;
    });
  return checking;
}

/** The names of the device's databases, or null when the browser cannot say. */
async function listDatabaseNames(): Promise<Set<string> | null> {
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (typeof factory?.databases !== "function") return null;
  try {
    const databases = await factory.databases();
    return new Set(databases.flatMap((database) => (database.name ? [database.name] : [])));
  } catch {
    return null;
  }
}

/** Whether the database may hold something: true when present, or when the browser cannot tell. */
export async function databaseExists(name: string): Promise<boolean> {
  if (presenceOf(name) !== "present") await check();
  return presenceOf(name) === "present";
}

/** Called by the Dexie modules when they open the database (which creates it if it was absent). */
export function markDatabaseOpened(name: string): void {
  set(name, "present");
}

/**
 * Runs `start` once the database exists: now if it already does, else when something first opens
 * it (in this tab; another tab's is noticed when this one is shown again). Answers a cancel.
 */
export function whenDatabaseExists(name: string, start: () => void): () => void {
  let done = false;
  const run = () => {
    if (done || presenceOf(name) !== "present") return;
    done = true;
    listeners.delete(run);
    start();
  };
  listeners.add(run);
  void databaseExists(name).then(run, run);
  return () => {
    done = true;
    listeners.delete(run);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For components: what is known of the database, asked on first use ("unknown" until answered). */
export function useDatabasePresence(name: string): Presence {
  const state = useSyncExternalStore(
    subscribe,
    () => presenceOf(name),
    () => "unknown" as const,
  );
  useEffect(() => {
    if (state === "unknown") void check();
  }, [state]);
  return state;
}

/** For components: false while the database is known to be absent (or not yet asked), true once it exists. */
export function useDatabaseExists(name: string): boolean {
  return useDatabasePresence(name) === "present";
}

// Another tab may have created a database meanwhile (a cart filled there): look again when shown.
globalThis.document?.addEventListener?.("visibilitychange", () => {
  if (document.visibilityState !== "visible") return;
  if ([APP_DB_NAME, SESSION_DB_NAME].some((name) => presenceOf(name) === "absent")) void check();
});

/** Tests only: forget what is known, as on a fresh page. */
export function forgetStoredDatabases(): void {
  presence.clear();
  checking = null;
}
