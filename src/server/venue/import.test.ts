import { describe, expect, it } from "vitest";
import { fromDbBoolean } from "../db/columns";
import { countStores } from "../db/repositories/store.repository";
import { verifyPin } from "../staff/pin-hash";
import { FIXTURE_IMAGES_DIR, sampleVenue } from "../test-fixtures/venue";
import { setUpTestDatabase } from "../test-support/test-database";
import { formatIssue } from "../validation/issues";
import { type ImportOutcome, importVenue } from "./import";
import type { VenueFile } from "./venue-file";

const ctx = setUpTestDatabase();
const options = { imagesDir: FIXTURE_IMAGES_DIR };

function expectImported(outcome: ImportOutcome) {
  if (!outcome.ok) throw new Error(`import failed:\n${outcome.issues.map(formatIssue).join("\n")}`);
  return outcome.summary;
}

async function catalogueSnapshot(storeId: number) {
  const db = ctx.db;
  const ids = async (
    table: "services" | "categories" | "items" | "subselection_groups" | "subselection_options" | "spots" | "staff",
  ) =>
    (await db.selectFrom(table).select("id").where("store_id", "=", storeId).orderBy("id").execute()).map((r) => r.id);
  return {
    services: await ids("services"),
    categories: await ids("categories"),
    items: await ids("items"),
    groups: await ids("subselection_groups"),
    options: await ids("subselection_options"),
    spots: await ids("spots"),
    staff: await ids("staff"),
  };
}

describe("venue import (brief §2)", () => {
  it("imports a valid venue with the file's ids and reports what it wrote", async () => {
    const summary = expectImported(await importVenue(ctx.db, sampleVenue(), options));
    expect(summary).toEqual({
      storeId: 1,
      catalogueVersion: 1,
      created: true,
      counts: { services: 2, categories: 4, items: 6, groups: 2, options: 6, spots: 6, staff: 2, stations: 0 },
    });
    expect(await catalogueSnapshot(1)).toEqual({
      services: [10, 11],
      categories: [100, 101, 102, 103],
      items: [1000, 1001, 1002, 1003, 1004, 1005],
      groups: [5000, 5001],
      options: [50000, 50001, 50002, 50010, 50011, 50012],
      spots: [200, 201, 202, 203, 204, 205],
      staff: [300, 301],
    });
  });

  it("applies the file format's defaults: measurable and priceable true, other flags false, member price enabled when given", async () => {
    const coffee = await ctx.db.selectFrom("items").selectAll().where("id", "=", 1000).executeTakeFirstOrThrow();
    expect(fromDbBoolean(coffee.measurable)).toBe(true);
    expect(fromDbBoolean(coffee.priceable)).toBe(true);
    expect(fromDbBoolean(coffee.per_kg)).toBe(false);
    expect(fromDbBoolean(coffee.member_price_enabled)).toBe(true);
    expect(coffee.membership_price_cents).toBe(0);
    const greekCoffee = await ctx.db.selectFrom("items").selectAll().where("id", "=", 1001).executeTakeFirstOrThrow();
    expect([
      fromDbBoolean(greekCoffee.stock_enabled),
      fromDbBoolean(greekCoffee.stock_aligned_to_cart_addition),
      greekCoffee.stock_amount,
    ]).toEqual([true, true, 12]);
  });

  it("staff PINs are stored as salted scrypt hashes, never in clear", async () => {
    const staff = await ctx.db.selectFrom("staff").selectAll().orderBy("id").execute();
    expect(staff.map((s) => s.pin_hash)).not.toContain("4821");
    const [maria, nikos] = staff;
    expect(maria?.pin_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPin("4821", maria?.pin_hash ?? "")).toBe(true);
    expect(await verifyPin("1357", maria?.pin_hash ?? "")).toBe(false);
    expect(await verifyPin("1357", nikos?.pin_hash ?? "")).toBe(true);
  });

  it("a re-import replaces the catalogue, keeps the ids and bumps catalogue_version", async () => {
    const venue: VenueFile = structuredClone(sampleVenue());
    const [bar, rooms] = venue.services;
    if (!bar || !rooms) throw new Error("fixture changed");
    venue.services = [bar]; // room service removed
    venue.spots = venue.spots.filter((s) => s.type !== "HOTEL_ROOM");
    const coffee = bar.categories[0]?.items[0];
    if (coffee) coffee.priceCents = 400;

    const summary = expectImported(await importVenue(ctx.db, venue, options));
    expect(summary).toMatchObject({ storeId: 1, catalogueVersion: 2, created: false });
    const snapshot = await catalogueSnapshot(1);
    expect(snapshot.services).toEqual([10]);
    expect(snapshot.items).toEqual([1000, 1001, 1002, 1003]);
    expect(snapshot.spots).toEqual([200, 201, 202, 204, 205]);
    const price = await ctx.db
      .selectFrom("items")
      .select("price_cents")
      .where("id", "=", 1000)
      .executeTakeFirstOrThrow();
    expect(price.price_cents).toBe(400);
    expect(await countStores(ctx.db)).toBe(1);
  });

  it("an invalid file imports nothing and names the bad path (negative priceCents deep inside)", async () => {
    const before = await catalogueSnapshot(1);
    const venue = structuredClone(sampleVenue({ storeId: 2, idOffset: 100_000 }));
    const item = venue.services[0]?.categories[0]?.items[0];
    if (item) item.priceCents = -5;
    const outcome = await importVenue(ctx.db, venue, options);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? [] : outcome.issues.map(formatIssue)).toContain(
      "services[0].categories[0].items[0].priceCents: must be >= 0",
    );
    expect(await countStores(ctx.db)).toBe(1);
    expect(await catalogueSnapshot(1)).toEqual(before);
  });

  it("a semantic error (duplicate item id, missing photo) imports nothing", async () => {
    const venue = structuredClone(sampleVenue({ storeId: 2, idOffset: 100_000 }));
    const [first, second] = venue.services[0]?.categories[0]?.items ?? [];
    if (first && second) {
      second.id = first.id;
      first.photo = "fixture/nope.png";
    }
    const outcome = await importVenue(ctx.db, venue, options);
    const found = outcome.ok ? [] : outcome.issues.map(formatIssue);
    expect(found).toContain(
      "services[0].categories[0].items[1].id: duplicate item id 101000 (also at services[0].categories[0].items[0].id)",
    );
    expect(found).toContainEqual(
      expect.stringContaining("services[0].categories[0].items[0].photo: no image file fixture/nope.png"),
    );
    expect(await countStores(ctx.db)).toBe(1);
  });

  it("ids owned by another store are refused inside the transaction, and nothing of the new store is written", async () => {
    const venue = structuredClone(sampleVenue({ storeId: 2, idOffset: 100_000 }));
    const spot = venue.spots[0];
    if (spot) spot.id = 200; // store 1's Table 1
    const outcome = await importVenue(ctx.db, venue, options);
    expect(outcome.ok ? [] : outcome.issues.map(formatIssue)).toEqual([
      "spots[0].id: spot id 200 belongs to store 1; ids are unique across stores",
    ]);
    expect(await countStores(ctx.db)).toBe(1);
    expect(await ctx.db.selectFrom("services").select("id").where("store_id", "=", 2).execute()).toEqual([]);
  });

  it("a second store with its own ids imports beside the first", async () => {
    const summary = expectImported(await importVenue(ctx.db, sampleVenue({ storeId: 2, idOffset: 100_000 }), options));
    expect(summary).toMatchObject({ storeId: 2, catalogueVersion: 1, created: true });
    expect(await countStores(ctx.db)).toBe(2);
    expect((await catalogueSnapshot(1)).services).toEqual([10]);
  });
});
