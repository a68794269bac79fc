/**
 * Dexie after the first render (a cold visit stays small): a device without the
 * app's IndexedDB databases loads no Dexie until it writes, and whatever waited for a database
 * starts as soon as the first write opens it.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APP_DB_NAME,
  databaseExists,
  forgetStoredDatabases,
  markDatabaseOpened,
  SESSION_DB_NAME,
  whenDatabaseExists,
} from "./stored-databases";

const realFactory = globalThis.indexedDB;

beforeEach(() => {
  // A fresh device each time: no database at all.
  globalThis.indexedDB = new IDBFactory();
  forgetStoredDatabases();
});

afterEach(() => {
  globalThis.indexedDB = realFactory;
  forgetStoredDatabases();
});

async function createDatabase(name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

describe("stored databases, known without Dexie", () => {
  it("says absent on a device that never wrote, and present once a database is there", async () => {
    expect(await databaseExists(APP_DB_NAME)).toBe(false);
    expect(await databaseExists(SESSION_DB_NAME)).toBe(false);
    await createDatabase(SESSION_DB_NAME);
    expect(await databaseExists(SESSION_DB_NAME)).toBe(true);
    expect(await databaseExists(APP_DB_NAME)).toBe(false);
  });

  it("asking creates nothing (opening a database would)", async () => {
    await databaseExists(APP_DB_NAME);
    expect(await indexedDB.databases()).toEqual([]);
  });

  it("answers present where the browser cannot list databases, so Dexie loads as before", async () => {
    const factory = new IDBFactory();
    Object.defineProperty(factory, "databases", { value: undefined });
    globalThis.indexedDB = factory;
    expect(await databaseExists(APP_DB_NAME)).toBe(true);
  });

  it("answers present when listing fails", async () => {
    vi.spyOn(globalThis.indexedDB, "databases").mockRejectedValue(new Error("blocked"));
    expect(await databaseExists(APP_DB_NAME)).toBe(true);
  });

  it("starts the waiting work at once when the database exists", async () => {
    await createDatabase(APP_DB_NAME);
    const start = vi.fn();
    whenDatabaseExists(APP_DB_NAME, start);
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  });

  it("starts the waiting work when the first write opens the database, once", async () => {
    const start = vi.fn();
    whenDatabaseExists(APP_DB_NAME, start);
    await databaseExists(APP_DB_NAME);
    expect(start).not.toHaveBeenCalled();
    markDatabaseOpened(APP_DB_NAME);
    markDatabaseOpened(APP_DB_NAME);
    expect(start).toHaveBeenCalledTimes(1);
    expect(await databaseExists(APP_DB_NAME)).toBe(true);
  });

  it("a cancelled wait never starts", async () => {
    const start = vi.fn();
    const cancel = whenDatabaseExists(APP_DB_NAME, start);
    cancel();
    markDatabaseOpened(APP_DB_NAME);
    await databaseExists(APP_DB_NAME);
    expect(start).not.toHaveBeenCalled();
  });

  it("a database opened while the device is being asked stays present", async () => {
    const asking = databaseExists(APP_DB_NAME);
    markDatabaseOpened(APP_DB_NAME);
    expect(await asking).toBe(true);
  });

  it("the app's Dexie database marks itself opened on first use", async () => {
    const { appDb } = await import("./app-db");
    const start = vi.fn();
    whenDatabaseExists(APP_DB_NAME, start);
    await databaseExists(APP_DB_NAME);
    appDb();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
