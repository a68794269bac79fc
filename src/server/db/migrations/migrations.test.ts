import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyTestDatabase, type TestDatabase, testDialect } from "../../test-support/test-database";
import { fromDbBoolean } from "../columns";
import { migrateToLatest } from "../migrate";

const TABLES = [
  "categories",
  "items",
  "outbox",
  "services",
  "spots",
  "staff",
  "stores",
  "subselection_groups",
  "subselection_options",
  "users",
];

describe(`migrations on ${testDialect()} (brief §1: one set of migrations for both dialects)`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    await test.destroy();
  });

  it("migrate from an empty database creates every table of spec §3 plus staff, users and outbox", async () => {
    const result = await migrateToLatest(test.db, test.dialect);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([["001-initial-schema", "Success"]]);
    const tables = (await test.db.introspection.getTables()).map((t) => t.name).sort();
    expect(tables).toEqual(TABLES);
  });

  it("running the migrations again is a no-op", async () => {
    const result = await migrateToLatest(test.db, test.dialect);
    expect(result.results).toEqual([]);
  });

  it("booleans and generated ids round-trip identically on both dialects (brief §1)", async () => {
    const inserted = await test.db
      .insertInto("users")
      .values({
        phone: "6900000000",
        country_iso2: "GR",
        verified: 1,
        opted_in_for_newsletter: 0,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBeTypeOf("number");
    expect(fromDbBoolean(inserted.verified)).toBe(true);
    expect(fromDbBoolean(inserted.opted_in_for_newsletter)).toBe(false);
    const found = await test.db.selectFrom("users").selectAll().where("verified", "=", 1).executeTakeFirstOrThrow();
    expect(found.id).toBe(inserted.id);
  });

  it("one live account per phone: a second user with the same phone is refused", async () => {
    const user = {
      phone: "6911111111",
      country_iso2: "GR",
      verified: 0,
      opted_in_for_newsletter: 0,
      created_at: new Date().toISOString(),
    };
    await test.db.insertInto("users").values(user).execute();
    await expect(test.db.insertInto("users").values(user).execute()).rejects.toThrow();
  });

  it("check constraints hold on both dialects: outbox channel is sms|call|email, a spot's capacity is >= 0", async () => {
    const now = new Date().toISOString();
    await test.db
      .insertInto("stores")
      .values({
        id: 1,
        names: "{}",
        is_hotel: 0,
        read_only: 0,
        interactive_catalogue: 0,
        extra_languages: "[]",
        add_button_wording: "cart",
        contact: "{}",
        catalogue_version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await expect(
      sql`insert into outbox (channel, recipient, body, created_at) values ('fax', 'x', 'y', ${now})`.execute(test.db),
    ).rejects.toThrow();
    const spot = { id: 1, store_id: 1, name: "T1", type: "TABLE" as const, section: "", is_pda: 0, position: 0 };
    await expect(
      test.db
        .insertInto("spots")
        .values({ ...spot, capacity: -1 })
        .execute(),
    ).rejects.toThrow();
    await test.db
      .insertInto("spots")
      .values({ ...spot, capacity: 0 })
      .execute();
  });
});
