import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asStored } from "../test-support/test-jwt";
import {
  clearSession,
  currentSession,
  onSessionChange,
  replaceSession,
  sessionFromResponse,
  storeSession,
} from "./session";
import { SESSION_DB_NAME } from "./session-db";
import { testSession } from "./test-session";

afterEach(async () => {
  await clearSession();
});

describe("session store in IndexedDB (spec §3 user data)", () => {
  it("answers null until a session is stored, then returns it, and forgets it when cleared", async () => {
    expect(await currentSession()).toBeNull();
    await storeSession(testSession());
    expect(await currentSession()).toEqual(asStored(testSession()));
    await clearSession();
    expect(await currentSession()).toBeNull();
  });

  it("keeps the session in its own database, not in localStorage", async () => {
    await storeSession(testSession());
    expect(localStorage.length).toBe(0);
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).toContain(SESSION_DB_NAME);
  });

  it("tells subscribers about sign-in and sign-out", async () => {
    const listener = vi.fn();
    const unsubscribe = onSessionChange(listener);
    await storeSession(testSession());
    await clearSession();
    unsubscribe();
    await storeSession(testSession());
    expect(listener.mock.calls).toEqual([[asStored(testSession())], [null]]);
  });

  it("saves rotated tokens only over the session they were refreshed from", async () => {
    await storeSession(testSession());
    const rotated = testSession({ authToken: "rotated", jwt: "rotated.jwt.sig" });
    expect(await replaceSession("opaque-token", rotated)).toBe(true);
    expect(await currentSession()).toEqual(asStored(rotated));
    // A second answer for the old token (another tab) must not roll the pair back.
    expect(await replaceSession("opaque-token", testSession({ authToken: "stale" }))).toBe(false);
    expect(await currentSession()).toEqual(asStored(rotated));
  });

  it("does not bring back a session signed out while the refresh was on its way", async () => {
    await storeSession(testSession());
    await clearSession();
    expect(await replaceSession("opaque-token", testSession({ authToken: "late" }))).toBe(false);
    expect(await currentSession()).toBeNull();
  });

  it("turns a sign-in answer into the stored session", () => {
    const { user, authToken, jwt } = testSession();
    expect(sessionFromResponse({ authToken: { user, token: authToken }, jwt })).toEqual(testSession());
  });
});

describe("a device that never signed in reads no session database (IndexedDB and Dexie stay out of a guest's first load)", () => {
  it("answers signed out, clears and refuses rotations without creating the database", async () => {
    const { IDBFactory } = await import("fake-indexeddb");
    const { forgetStoredDatabases } = await import("../db/stored-databases");
    const { closeSessionDb } = await import("./session-db");
    const realFactory = globalThis.indexedDB;
    closeSessionDb();
    globalThis.indexedDB = new IDBFactory();
    forgetStoredDatabases();
    try {
      expect(await currentSession()).toBeNull();
      expect(await replaceSession("opaque-token", testSession())).toBe(false);
      await clearSession();
      // Opening it through Dexie would have created it: nothing was opened.
      expect(await indexedDB.databases()).toEqual([]);
      // The first sign-in creates it, and from then on the session is read from it.
      await storeSession(testSession());
      expect(await currentSession()).toEqual(asStored(testSession()));
    } finally {
      closeSessionDb();
      globalThis.indexedDB = realFactory;
      forgetStoredDatabases();
    }
  });
});
