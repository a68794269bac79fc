/**
 * An admin replaces an item's option groups (GET and PUT /api/staff/stores/:storeId/items/:itemId/groups)
 * by the venue file's option rules: kept ids stay, new ones are the next free, another item's ids are
 * refused; the guest's menu shows the new groups at once and an order naming a removed option is
 * refused. Two stores: 1 (the fixture) and 101 (the fixture with its ids shifted by 100,000).
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import type { ItemDto } from "../../../domain/api";
import type { ItemGroups } from "../../../domain/staff-catalogue-api";
import { signInStaff } from "../../realtime/test-orders";
import { sampleVenue } from "../../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import { expectedTotalOf, FIXTURE, openAllDay, postOrder, testOrderRequest } from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => database.db, { now: clock.now });

const OTHER_STORE = 101;
const groupsUrl = `/api/staff/stores/${FIXTURE.storeId}/items/${FIXTURE.freddo}/groups`;
const names = (en: string, el = en) => ({ GRE: { name: el }, ENG: { name: en } });

let waiter: Record<string, string>;
let admin: Record<string, string>;

function putGroups(session: Record<string, string>, payload: object): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: "PUT",
    url: groupsUrl,
    headers: { ...session, "idempotency-key": randomUUID() },
    payload,
  });
}

async function catalogueVersion(): Promise<number> {
  const row = await database.db
    .selectFrom("stores")
    .select("catalogue_version")
    .where("id", "=", FIXTURE.storeId)
    .executeTakeFirstOrThrow();
  return row.catalogue_version;
}

async function readGroups(): Promise<ItemGroups> {
  const response = await server.app.inject({ method: "GET", url: groupsUrl, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ItemGroups>();
}

async function guestFreddo(): Promise<ItemDto | undefined> {
  const menu = await server.app.inject({ method: "GET", url: `/api/tables/${FIXTURE.table}/menus/beach-bar` });
  expect(menu.statusCode).toBe(200);
  return menu.json<{ items: ItemDto[] }>().items.find((item) => item.id === FIXTURE.freddo);
}

beforeAll(async () => {
  await importFixture(database.db);
  await importFixture(database.db, sampleVenue({ storeId: OTHER_STORE, idOffset: 100_000 }));
  await openAllDay(database.db, FIXTURE.beachBar);
  waiter = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "1357"));
  admin = authHeaders(await signInStaff(server.app, FIXTURE.storeId, "4821"));
});

describe("an item's option groups, as an admin changes them", () => {
  it("reads Freddo espresso's groups in order with the item's version", async () => {
    const { version, groups } = await readGroups();
    expect(version).toBe(1);
    expect(groups.map((group) => group.id)).toEqual([FIXTURE.sugarGroup, FIXTURE.extrasGroup]);
    expect(groups[1]).toMatchObject({ type: "CHECKBOX", maximumSelected: 2, priceAggregated: true });
    expect(groups[1]?.options.map((option) => [option.id, option.priceCents])).toEqual([
      [FIXTURE.extraShot, 50],
      [FIXTURE.oatMilk, 40],
      [FIXTURE.cinnamon, 0],
    ]);
  });

  it("keeps the sugar group with a new option, drops the extras, adds a size group: new ids are the next free, the guest's menu shows it at once", async () => {
    const { groups } = await readGroups();
    const sugar = groups[0];
    if (sugar === undefined) throw new Error("no sugar group");
    const response = await putGroups(admin, {
      version: 1,
      groups: [
        { ...sugar, options: [...sugar.options, { names: names("Honey", "Μέλι"), priceCents: 20 }] },
        {
          names: names("Size", "Μέγεθος"),
          type: "RADIO_BUTTON",
          mandatory: true,
          options: [
            { names: names("Single", "Μονός"), isSelected: true },
            { names: names("Double", "Διπλός"), priceCents: 60 },
          ],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json<ItemGroups>();
    expect(stored.version).toBe(2);
    // The other store's ids run to 105001 (groups) and 150012 (options): ids are global.
    expect(stored.groups.map((group) => group.id)).toEqual([FIXTURE.sugarGroup, 105_002]);
    expect(stored.groups[0]?.options.map((option) => option.id)).toEqual([50000, 50001, 50002, 150_013]);
    expect(stored.groups[1]?.options.map((option) => option.id)).toEqual([150_014, 150_015]);
    expect(await readGroups()).toEqual(stored);
    const shown = await guestFreddo();
    expect(shown?.subselections.map((group) => group.names.ENG.name)).toEqual(["Sugar", "Size"]);
  });

  it("a guest's order naming a removed option is refused with INVALID_OPTION and creates nothing; one with the new size is placed", async () => {
    const guest = await signInGuest(server.app, database.db, greekMobile(81));
    const draft = testOrderRequest({
      lines: [
        {
          itemId: FIXTURE.freddo,
          quantity: 2,
          kilos: null,
          comment: "",
          selection: { [FIXTURE.sugarGroup]: [FIXTURE.noSugar], [FIXTURE.extrasGroup]: [FIXTURE.extraShot] },
        },
      ],
    });
    const before = await database.db.selectFrom("orders").select("id").execute();
    const placed = await postOrder(server.app, guest, { ...draft, expectedTotalCents: 400 });
    expect(placed.statusCode, placed.body).toBe(422);
    expect(placed.json()).toMatchObject({ code: "INVALID_OPTION" });
    expect(await database.db.selectFrom("orders").select("id").execute()).toHaveLength(before.length);
    const valid = testOrderRequest({
      lines: [
        {
          itemId: FIXTURE.freddo,
          quantity: 2,
          kilos: null,
          comment: "",
          selection: { [FIXTURE.sugarGroup]: [FIXTURE.noSugar], 105002: [150_014] },
        },
      ],
    });
    const ok = await postOrder(server.app, guest, {
      ...valid,
      expectedTotalCents: await expectedTotalOf(database.db, guest, valid, clock.now()),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("back office bad input: the venue file's option rules with its messages, an unknown option rule, repeated ids and another item's ids: 400, the groups and the catalogue version unchanged", async () => {
    const before = await readGroups();
    const versionBefore = await catalogueVersion();
    const twoDefaults = await putGroups(admin, {
      groups: [
        {
          names: names("Size"),
          type: "RADIO_BUTTON",
          options: [
            { names: names("S"), isSelected: true },
            { names: names("L"), isSelected: true },
          ],
        },
      ],
    });
    expect(twoDefaults.statusCode).toBe(400);
    expect(twoDefaults.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message:
        "groups[0].options: a RADIO_BUTTON group can have at most one option selected by default (options 0, 1 are)",
    });
    const tooMany = await putGroups(admin, {
      groups: [{ names: names("Extras"), type: "CHECKBOX", maximumSelected: 3, options: [{ names: names("A") }] }],
    });
    expect(tooMany.json<{ message: string }>().message).toBe(
      "groups[0].maximumSelected: is 3 but the group has only 1 option(s)",
    );
    const foreign = await putGroups(admin, {
      groups: [{ names: names("X"), type: "CHECKBOX", options: [{ id: 150_000, names: names("A") }] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toBe(
      "groups[0].options[0].id: id 150000 belongs to another item: leave it out for a new one",
    );
    const repeated = await putGroups(admin, {
      groups: [
        {
          names: names("X"),
          type: "CHECKBOX",
          options: [
            { id: 50000, names: names("A") },
            { id: 50000, names: names("B") },
          ],
        },
      ],
    });
    expect(repeated.json<{ message: string }>().message).toBe("groups[0].options[1].id: id 50000 is used twice");
    const unknownRule = await putGroups(admin, {
      groups: [{ names: names("X"), type: "SLIDER", options: [{ names: names("A") }] }],
    });
    expect(unknownRule.statusCode).toBe(400);
    expect(unknownRule.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(unknownRule.json<{ message: string }>().message).toBe(
      'body.groups[0].type: must be one of "RADIO_BUTTON", "CHECKBOX"',
    );
    expect(await readGroups()).toEqual(before);
    expect(await catalogueVersion()).toBe(versionBefore);
  });

  it("a stale version 409 ITEM_CHANGED; a waiter 403 for reading and writing", async () => {
    const stale = await putGroups(admin, { version: 1, groups: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "ITEM_CHANGED", details: { version: 2 } });
    expect((await putGroups(waiter, { groups: [] })).statusCode).toBe(403);
    const read = await server.app.inject({ method: "GET", url: groupsUrl, headers: waiter });
    expect(read.statusCode).toBe(403);
  });
});
