/**
 * The store's staff managed by its admins: list, add (PIN shown once), rename, role, deactivate,
 * set or reset a PIN. Two stores: 1 and 101.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { AddedStaffMember, StaffList, StaffMemberRow } from "../../../domain/staff-admin-api";
import { sampleVenue } from "../../test-fixtures/venue";
import { FIXTURE } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { pinSession, write } from "./admin-test-support";

const database = setUpTestDatabase();
const server = setUpTestApp(() => database.db);

const OTHER_STORE = 101;
const MARIA = 300;
const NIKOS = 301;
const staffUrl = (storeId: number = FIXTURE.storeId) => `/api/staff/stores/${storeId}/staff`;
const memberUrl = (id: number, storeId: number = FIXTURE.storeId) => `${staffUrl(storeId)}/${id}`;

let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

async function listOf(session = admin): Promise<StaffMemberRow[]> {
  const response = await server.app.inject({ method: "GET", url: staffUrl(), headers: session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffList>().staff;
}

async function signInStatus(pin: string, storeId: number = FIXTURE.storeId): Promise<number> {
  const response = await server.app.inject({
    method: "POST",
    url: `/api/authenticate/login/pin?pin=${pin}&storeId=${storeId}`,
  });
  return response.statusCode;
}

/** A waiter's session on an admin route: 403 while it lives, 401 once it has ended. */
async function sessionStatus(session: Record<string, string>): Promise<number> {
  return (await server.app.inject({ method: "GET", url: staffUrl(), headers: session })).statusCode;
}

async function storedStaff() {
  return database.db.selectFrom("staff").selectAll().where("store_id", "=", FIXTURE.storeId).orderBy("id").execute();
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  admin = await pinSession(server.app, FIXTURE.storeId, "4821");
  otherAdmin = await pinSession(server.app, OTHER_STORE, "4821");
});

describe("staff management by the store's admins", () => {
  it("lists the staff with role, active and version, never a PIN", async () => {
    const response = await server.app.inject({ method: "GET", url: staffUrl(), headers: admin });
    expect(response.json<StaffList>().staff).toEqual([
      { userId: MARIA, name: "Maria", role: "admin", active: true, version: 1 },
      { userId: NIKOS, name: "Nikos", role: "waiter", active: true, version: 1 },
    ]);
    expect(response.body).not.toMatch(/pin|scrypt/i);
  });

  it("an added waiter with a PIN signs in with it through the staff PIN sign-in; the PIN is in the answer once and stored only hashed", async () => {
    const key = randomUUID();
    const added = await write(
      server.app,
      "POST",
      staffUrl(),
      admin,
      { name: "Eleni", role: "waiter", pin: "246810" },
      key,
    );
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json<AddedStaffMember>();
    expect(body).toMatchObject({ member: { name: "Eleni", role: "waiter", active: true, version: 1 }, pin: "246810" });
    const session = await pinSession(server.app, FIXTURE.storeId, "246810");
    expect(await sessionStatus(session)).toBe(403);
    const stored = (await storedStaff()).find((m) => m.id === body.member.userId);
    expect(stored?.pin_hash).toMatch(/^scrypt\$/);
    const kept = await database.db
      .selectFrom("order_requests")
      .select("response_body")
      .where("idempotency_key", "=", key)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(kept)).not.toContain("246810");
    // A replay answers the same, PIN included, without adding anyone.
    const replay = await write(
      server.app,
      "POST",
      staffUrl(),
      admin,
      { name: "Eleni", role: "waiter", pin: "246810" },
      key,
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(body);
    expect((await listOf()).filter((m) => m.name === "Eleni").length).toBe(1);
  });

  it("without a pin one is generated (6 digits), shown once, the same on a replay, and it signs in", async () => {
    const key = randomUUID();
    const added = await write(server.app, "POST", staffUrl(), admin, { name: "Kostas", role: "admin" }, key);
    expect(added.statusCode, added.body).toBe(201);
    const { pin, member } = added.json<AddedStaffMember>();
    expect(pin).toMatch(/^[0-9]{6}$/);
    expect(member.role).toBe("admin");
    const replay = await write(server.app, "POST", staffUrl(), admin, { name: "Kostas", role: "admin" }, key);
    expect(replay.json<AddedStaffMember>().pin).toBe(pin);
    expect(await signInStatus(pin)).toBe(200);
  });

  it("a PIN another active member has → 409 PIN_TAKEN, nobody added", async () => {
    const before = await storedStaff();
    const taken = await write(server.app, "POST", staffUrl(), admin, { name: "Copy", role: "waiter", pin: "1357" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "PIN_TAKEN" });
    const reset = await write(server.app, "POST", `${memberUrl(MARIA)}/pin`, admin, { pin: "1357" });
    expect(reset.statusCode).toBe(409);
    expect(await storedStaff()).toEqual(before);
  });

  it("two members given one PIN at the same moment: one is added, the other gets 409 PIN_TAKEN; adds in two stores at once get distinct ids", async () => {
    const sameStore = await Promise.all([
      write(server.app, "POST", staffUrl(), admin, { name: "Stavros", role: "waiter", pin: "97531" }),
      write(server.app, "POST", staffUrl(), admin, { name: "Stella", role: "waiter", pin: "97531" }),
    ]);
    expect(sameStore.map((add) => add.statusCode).sort()).toEqual([201, 409]);
    expect(sameStore.find((add) => add.statusCode === 409)?.json()).toMatchObject({ code: "PIN_TAKEN" });
    const twoStores = await Promise.all([
      write(server.app, "POST", staffUrl(), admin, { name: "Petros", role: "waiter" }),
      write(server.app, "POST", staffUrl(OTHER_STORE), otherAdmin, { name: "Pavlos", role: "waiter" }),
    ]);
    expect(twoStores.map((add) => add.statusCode)).toEqual([201, 201]);
    const ids = twoStores.map((add) => add.json<AddedStaffMember>().member.userId);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("rename and role with version; a stale version → 409 STAFF_CHANGED with the current one, nothing written", async () => {
    const renamed = await write(server.app, "PATCH", memberUrl(NIKOS), admin, { version: 1, name: "Nikos P." });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<StaffMemberRow>()).toEqual({
      userId: NIKOS,
      name: "Nikos P.",
      role: "waiter",
      active: true,
      version: 2,
    });
    const stale = await write(server.app, "PATCH", memberUrl(NIKOS), admin, { version: 1, role: "admin" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "STAFF_CHANGED", details: { version: 2 } });
    expect((await listOf()).find((m) => m.userId === NIKOS)?.role).toBe("waiter");
  });

  it("deactivating ends the member's sessions and their PIN no longer signs in, nor goes to anyone else; reactivating lets them in again", async () => {
    const nikos = await pinSession(server.app, FIXTURE.storeId, "1357");
    const off = await write(server.app, "PATCH", memberUrl(NIKOS), admin, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<StaffMemberRow>().active).toBe(false);
    expect(await sessionStatus(nikos)).toBe(401);
    expect(await signInStatus("1357")).toBe(401);
    // While he is away his PIN stays his: given to a new member, his return would make it sign in as two.
    const reuse = await write(server.app, "POST", staffUrl(), admin, { name: "Anna", role: "admin", pin: "1357" });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json()).toMatchObject({ code: "PIN_TAKEN" });
    const on = await write(server.app, "PATCH", memberUrl(NIKOS), admin, { active: true });
    expect(on.statusCode).toBe(200);
    expect(await signInStatus("1357")).toBe(200);
  });

  it("an admin cannot deactivate or demote themself → 403 OWN_ACCESS_UNCHANGEABLE, nothing changed", async () => {
    const before = await storedStaff();
    for (const change of [{ active: false }, { role: "waiter" }]) {
      const response = await write(server.app, "PATCH", memberUrl(MARIA), admin, change);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "OWN_ACCESS_UNCHANGEABLE" });
    }
    expect(await storedStaff()).toEqual(before);
  });

  it("a PIN reset: the new PIN signs in, the old one no longer does, the member's sessions end", async () => {
    const nikos = await pinSession(server.app, FIXTURE.storeId, "1357");
    const reset = await write(server.app, "POST", `${memberUrl(NIKOS)}/pin`, admin, {});
    expect(reset.statusCode, reset.body).toBe(200);
    const { pin } = reset.json<{ pin: string }>();
    expect(pin).toMatch(/^[0-9]{6}$/);
    expect(await signInStatus("1357")).toBe(401);
    expect(await signInStatus(pin)).toBe(200);
    expect(await sessionStatus(nikos)).toBe(401);
    const set = await write(server.app, "POST", `${memberUrl(NIKOS)}/pin`, admin, { pin: "1357" });
    expect(set.json()).toEqual({ pin: "1357" });
  });

  it("bad input → 400 VALIDATION_FAILED naming the field, nothing changed", async () => {
    const before = await storedStaff();
    const cases: Array<[string, "POST" | "PATCH", object, string]> = [
      [staffUrl(), "POST", { name: "", role: "waiter" }, "name"],
      [staffUrl(), "POST", { name: "X", role: "chef" }, "role"],
      [staffUrl(), "POST", { name: "X", role: "waiter", pin: "12" }, "pin"],
      [staffUrl(), "POST", { name: "X", role: "waiter", pin: "12ab" }, "pin"],
      [memberUrl(NIKOS), "PATCH", { active: "no" }, "active"],
      [memberUrl(NIKOS), "PATCH", { colour: "blue" }, ""],
      [`${memberUrl(NIKOS)}/pin`, "POST", { pin: "123456789" }, "pin"],
    ];
    for (const [url, method, payload, field] of cases) {
      const response = await write(server.app, method, url, admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(response.json<{ message: string }>().message).toContain(field);
    }
    expect(await storedStaff()).toEqual(before);
  });

  it("back office bad input: a waiter calling this admin route → 403 FORBIDDEN saying admins only; another store's admin → 403 here and 404 for this store's member under their own store; no key → 400; the staff unchanged", async () => {
    const before = await storedStaff();
    const waiter = await pinSession(server.app, FIXTURE.storeId, "1357");
    expect((await server.app.inject({ method: "GET", url: staffUrl(), headers: waiter })).statusCode).toBe(403);
    const byWaiter = await write(server.app, "POST", staffUrl(), waiter, { name: "X", role: "admin" });
    expect(byWaiter.statusCode).toBe(403);
    expect(byWaiter.json()).toMatchObject({ code: "FORBIDDEN", message: "Only an admin of the store can do this" });
    expect((await write(server.app, "PATCH", memberUrl(NIKOS), otherAdmin, { name: "X" })).statusCode).toBe(403);
    const smuggled = await write(server.app, "PATCH", memberUrl(NIKOS, OTHER_STORE), otherAdmin, { name: "X" });
    expect(smuggled.statusCode).toBe(404);
    const smuggledPin = await write(server.app, "POST", `${memberUrl(NIKOS, OTHER_STORE)}/pin`, otherAdmin, {});
    expect(smuggledPin.statusCode).toBe(404);
    const noKey = await server.app.inject({
      method: "PATCH",
      url: memberUrl(NIKOS),
      headers: admin,
      payload: { name: "X" },
    });
    expect(noKey.statusCode).toBe(400);
    expect(await storedStaff()).toEqual(before);
  });

  it("every staff change is in the audit list, without any PIN", async () => {
    const response = await server.app.inject({
      method: "GET",
      url: "/api/staff/stores/1/audit?limit=200",
      headers: admin,
    });
    const entries = response.json<{ entries: Array<{ action: string }> }>().entries;
    expect(new Set(entries.map((e) => e.action))).toEqual(
      new Set(["catalogue.import", "staff.add", "staff.edit", "staff.pin"]),
    );
    expect(response.body).not.toContain("246810");
    expect(response.body).not.toContain("scrypt");
  });
});
