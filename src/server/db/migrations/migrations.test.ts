import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyTestDatabase, type TestDatabase, testDialect } from "../../test-support/test-database";
import { fromDbBoolean } from "../columns";
import { migrateToLatest } from "../migrate";
import { migrationsFor } from "./index";

const TABLES = [
  "audit_entries",
  "bill_payment_attempts",
  "card_tokens",
  "categories",
  "items",
  "jobs",
  "memberships",
  "order_daily_counters",
  "order_lines",
  "order_requests",
  "orders",
  "outbox",
  "payments",
  "printer_states",
  "rate_limit_events",
  "rate_limit_keys",
  "receipt_daily_counters",
  "receipts",
  "reviews",
  "sandbox_authorizations",
  "sandbox_cards",
  "saved_cards",
  "server_secrets",
  "services",
  "session_tokens",
  "sessions",
  "spots",
  "staff",
  "staff_devices",
  "staff_login_tokens",
  "staff_sign_in_alerts",
  "stations",
  "stores",
  "subselection_groups",
  "subselection_options",
  "table_opening_lines",
  "table_opening_payments",
  "table_openings",
  "tickets",
  "users",
  "verification_codes",
  "waiter_calls",
];

describe(`migrations on ${testDialect()} (brief §1: one set of migrations for both dialects)`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    await test.destroy();
  });

  it("migrate from an empty database creates every table of spec §3 plus staff, accounts, sign-in and outbox", async () => {
    const result = await migrateToLatest(test.db, test.dialect);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ["001-initial-schema", "Success"],
      ["002-accounts", "Success"],
      ["003-orders", "Success"],
      ["004-table-openings", "Success"],
      ["005-spot-names", "Success"],
      ["006-waiter-orders", "Success"],
      ["007-order-decided-by", "Success"],
      ["008-staff-sign-in", "Success"],
      ["009-jobs", "Success"],
      ["010-card-tokens", "Success"],
      ["011-jobs-claim-order", "Success"],
      ["012-claimed-by", "Success"],
      ["013-kitchen", "Success"],
      ["014-guest-bill", "Success"],
      ["015-rentals", "Success"],
      ["016-item-allergens", "Success"],
      ["017-member-and-served-by", "Success"],
      ["018-order-notify-email", "Success"],
      ["021-final-receipts", "Success"],
      ["022-item-version", "Success"],
      ["023-service-pause", "Success"],
      ["024-audit-entries", "Success"],
      ["025-staff-active-version", "Success"],
      ["026-edit-versions", "Success"],
    ]);
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
        kind: "guest",
        phone: "+306900000000",
        country_iso2: "GR",
        verified: 1,
        opted_in_for_newsletter: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
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
      kind: "guest" as const,
      phone: "+306911111111",
      country_iso2: "GR",
      verified: 0,
      opted_in_for_newsletter: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
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

describe(`migration 002 on ${testDialect()} upgrades a 001 database (phones in E.164, ids kept)`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createEmptyTestDatabase();
    const migrator = new Migrator({
      db: test.db,
      provider: { getMigrations: async () => migrationsFor(test.dialect) },
    });
    const to001 = await migrator.migrateTo("001-initial-schema");
    if (to001.error !== undefined) throw to001.error;
    const created_at = "2026-06-01T10:00:00.000Z";
    // 001 kept national digits beside the country.
    await sql`insert into users (id, phone, country_iso2, name, verified, opted_in_for_newsletter, created_at)
      values (41, '6912345678', 'GR', 'Eleni', ${1}, ${0}, ${created_at}),
             (42, '12', 'GR', null, ${0}, ${0}, ${created_at})`.execute(test.db);
    if (test.dialect === "postgres") {
      await sql`select setval(pg_get_serial_sequence('users', 'id'), 42)`.execute(test.db);
    }
    await migrateToLatest(test.db, test.dialect);
  });
  afterAll(async () => {
    await test.destroy();
  });

  it("existing users become guests with an E.164 phone (an unparsable one is left as found)", async () => {
    const rows = await test.db
      .selectFrom("users")
      .select(["id", "kind", "phone", "name", "updated_at"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: 41, kind: "guest", phone: "+306912345678", name: "Eleni", updated_at: "2026-06-01T10:00:00.000Z" },
      { id: 42, kind: "guest", phone: "12", name: null, updated_at: "2026-06-01T10:00:00.000Z" },
    ]);
  });

  it("new accounts get ids after the kept ones", async () => {
    const now = new Date().toISOString();
    const { id } = await test.db
      .insertInto("users")
      .values({
        kind: "guest",
        phone: "+306900000001",
        country_iso2: "GR",
        verified: 1,
        opted_in_for_newsletter: 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(42);
  });

  it("a live guest needs a phone, a staff account a store and staff id, a visitor a store", async () => {
    const now = new Date().toISOString();
    const base = { verified: 0, opted_in_for_newsletter: 0, created_at: now, updated_at: now };
    await expect(
      test.db
        .insertInto("users")
        .values({ ...base, kind: "guest" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      test.db
        .insertInto("users")
        .values({ ...base, kind: "staff", staff_id: 5 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      test.db
        .insertInto("users")
        .values({ ...base, kind: "visitor" })
        .execute(),
    ).rejects.toThrow();
    await test.db
      .insertInto("users")
      .values({ ...base, kind: "guest", deleted_at: now })
      .execute();
  });
});

describe(`migration 021 on ${testDialect()}: one FINAL receipt per closing of a table opening`, () => {
  let test: TestDatabase;
  const at = (minute: number) => `2026-07-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
  beforeAll(async () => {
    test = await createEmptyTestDatabase();
    const migrator = new Migrator({
      db: test.db,
      provider: { getMigrations: async () => migrationsFor(test.dialect) },
    });
    const to018 = await migrator.migrateTo("018-order-notify-email");
    if (to018.error !== undefined) throw to018.error;
    await sql`insert into stores (id, names, add_button_wording, contact, created_at, updated_at)
      values (1, '{}', 'cart', '{}', ${at(0)}, ${at(0)})`.execute(test.db);
    // Opening 1 was closed at 10:30 (its version then 5); it had a FINAL of an earlier closing at 10:10.
    await sql`insert into table_openings (id, store_id, spot_id, status, version, department_service_id, opened_at, last_activity_at, closed_at)
      values (1, 1, 200, 'CLOSED', 5, 10, ${at(0)}, ${at(30)}, ${at(30)}),
             (2, 1, 201, 'OPEN', 2, 10, ${at(0)}, ${at(0)}, null)`.execute(test.db);
    const receipt = (id: number, openingId: number, kind: string, minute: number) =>
      sql`insert into receipts (id, store_id, opening_id, kind, athens_day, number, language, snapshot, staff_id, created_at)
        values (${id}, 1, ${openingId}, ${kind}, '2026-07-01', ${id}, 'ENG', '{}', null, ${at(minute)})`.execute(
        test.db,
      );
    await receipt(1, 1, "FINAL", 10);
    await receipt(2, 1, "TEMPORARY", 20);
    await receipt(3, 1, "FINAL", 31);
    await receipt(4, 1, "FINAL", 32);
    await receipt(5, 2, "TEMPORARY", 33);
    await migrateToLatest(test.db, test.dialect);
  });
  afterAll(async () => {
    await test.destroy();
  });

  it("the first FINAL of each closed opening's current closing gets its version; earlier and later copies stay null", async () => {
    const rows = await test.db.selectFrom("receipts").select(["id", "closing_version"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: 1, closing_version: null },
      { id: 2, closing_version: null },
      { id: 3, closing_version: 5 },
      { id: 4, closing_version: null },
      { id: 5, closing_version: null },
    ]);
  });

  it("a second FINAL of the same closing is refused by the unique index; another closing's is not", async () => {
    const final = (id: number, closingVersion: number) =>
      test.db
        .insertInto("receipts")
        .values({
          id,
          store_id: 1,
          opening_id: 1,
          kind: "FINAL",
          athens_day: "2026-07-01",
          number: id,
          language: "ENG",
          snapshot: "{}",
          staff_id: null,
          created_at: at(40),
          closing_version: closingVersion,
        })
        .execute();
    await expect(final(6, 5)).rejects.toThrow();
    await final(7, 7);
  });
});
