/**
 * Migration 002: accounts. Users become accounts of three kinds (guest, staff,
 * visitor) with phones in E.164, and the tables of sign-in: sessions and their tokens, one-time
 * codes, rate limits, staff login tokens, saved cards, memberships and the server's own secrets.
 *
 * users.phone and users.country_iso2 become nullable (staff and visitors have no phone; deletion
 * blanks them). PostgreSQL alters the table in place; SQLite cannot drop a NOT NULL, so there the
 * table is rebuilt (create, copy, drop, rename), keeping ids. Phones stored by 001 as national
 * digits are rewritten to E.164 with their country; one that does not parse is left as found.
 */

import { type ColumnDefinitionBuilder, type Kysely, type Migration, type RawBuilder, sql } from "kysely";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { DialectName } from "../schema";

type ColumnSpec = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

const notNull: ColumnSpec = (c) => c.notNull();
const falseByDefault: ColumnSpec = (c) => c.notNull().defaultTo(false);
const oneOf =
  (column: string, values: readonly string[]): ColumnSpec =>
  (c) =>
    c.notNull().check(sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`);

const KINDS = ["guest", "staff", "visitor"] as const;
const kindColumn: ColumnSpec = (c) => oneOf("kind", KINDS)(c).defaultTo("guest");
const PURPOSES = ["phone_sign_in", "change_phone", "email_reset"] as const;

/** A guest has a phone until deleted; staff belong to a store and a staff id; visitors to a store. */
const USER_CHECKS: ReadonlyArray<[name: string, check: RawBuilder<unknown>]> = [
  [
    "users_guest_has_phone",
    sql`kind <> 'guest' or deleted_at is not null or (phone is not null and country_iso2 is not null)`,
  ],
  ["users_staff_has_store", sql`kind <> 'staff' or (staff_id is not null and store_id is not null)`],
  ["users_visitor_has_store", sql`kind <> 'visitor' or store_id is not null`],
];

export function accountsSchema(dialect: DialectName): Migration {
  const generatedId: ColumnSpec =
    dialect === "postgres"
      ? (c) => c.primaryKey().generatedByDefaultAsIdentity()
      : (c) => c.primaryKey().autoIncrement();

  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      if (dialect === "postgres") await alterUsersInPlace(db);
      else await rebuildUsers(db, generatedId);
      await rewritePhonesToE164(db);

      await db.schema
        .createIndex("users_phone_live_unique")
        .on("users")
        .column("phone")
        .unique()
        .where(sql.ref("deleted_at"), "is", null)
        .execute();
      await db.schema
        .createIndex("users_email_live_unique")
        .on("users")
        .column("email")
        .unique()
        .where(sql.ref("deleted_at"), "is", null)
        .execute();
      await db.schema.createIndex("users_staff_unique").on("users").column("staff_id").unique().execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "integer", generatedId)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("created_at", "text", notNull)
        .addColumn("expires_at", "text", notNull)
        .addColumn("revoked_at", "text")
        .execute();

      await db.schema
        .createTable("session_tokens")
        .addColumn("id", "integer", generatedId)
        .addColumn("session_id", "integer", (c) => c.notNull().references("sessions.id"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", notNull)
        .addColumn("superseded_at", "text")
        .addColumn("grace_until", "text")
        .addColumn("grace_used_at", "text")
        .execute();

      await db.schema
        .createTable("verification_codes")
        .addColumn("id", "integer", generatedId)
        .addColumn("purpose", "text", oneOf("purpose", PURPOSES))
        .addColumn("target", "text", notNull)
        .addColumn("user_id", "integer", (c) => c.references("users.id"))
        .addColumn("code_hash", "text", notNull)
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
        .addColumn("created_at", "text", notNull)
        .addColumn("expires_at", "text", notNull)
        .addColumn("consumed_at", "text")
        .execute();

      await db.schema
        .createTable("rate_limit_keys")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("touched_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("rate_limit_events")
        .addColumn("id", "integer", generatedId)
        .addColumn("key", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("staff_login_tokens")
        .addColumn("id", "integer", generatedId)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("issued_by", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("created_at", "text", notNull)
        .addColumn("expires_at", "text", notNull)
        .addColumn("used_at", "text")
        .execute();

      await db.schema
        .createTable("saved_cards")
        .addColumn("id", "integer", generatedId)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("provider_token", "text", (c) => c.notNull().unique())
        .addColumn("brand", "text", notNull)
        .addColumn("last_four", "text", (c) => c.notNull().check(sql`length(last_four) = 4`))
        .addColumn("created_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("memberships")
        .addColumn("id", "integer", generatedId)
        .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
        .addColumn("phone", "text", notNull)
        .addColumn("valid_from", "text")
        .addColumn("valid_until", "text")
        .addColumn("created_at", "text", notNull)
        .execute();

      await db.schema
        .createTable("server_secrets")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", notNull)
        .addColumn("created_at", "text", notNull)
        .execute();

      const indexes: Array<[name: string, table: string, columns: string[]]> = [
        ["sessions_user", "sessions", ["user_id"]],
        ["session_tokens_session", "session_tokens", ["session_id"]],
        ["verification_codes_lookup", "verification_codes", ["purpose", "target"]],
        ["verification_codes_expires_at", "verification_codes", ["expires_at"]],
        ["rate_limit_keys_touched_at", "rate_limit_keys", ["touched_at"]],
        ["rate_limit_events_key_created_at", "rate_limit_events", ["key", "created_at"]],
        ["rate_limit_events_created_at", "rate_limit_events", ["created_at"]],
        ["staff_login_tokens_user", "staff_login_tokens", ["user_id"]],
        ["saved_cards_user", "saved_cards", ["user_id"]],
        ["memberships_store_phone", "memberships", ["store_id", "phone"]],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },

    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      for (const table of [
        "server_secrets",
        "memberships",
        "saved_cards",
        "staff_login_tokens",
        "rate_limit_events",
        "rate_limit_keys",
        "verification_codes",
        "session_tokens",
        "sessions",
      ]) {
        await db.schema.dropTable(table).execute();
      }
      // users keeps its new columns: dropping them would lose staff and visitor accounts.
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function alterUsersInPlace(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_phone_live_unique").execute();
  await db.schema
    .alterTable("users")
    .alterColumn("phone", (c) => c.dropNotNull())
    .alterColumn("country_iso2", (c) => c.dropNotNull())
    .execute();
  // Existing rows are guests: the only accounts 001 knew.
  await db.schema.alterTable("users").addColumn("kind", "text", kindColumn).execute();
  await db.schema.alterTable("users").addColumn("password_hash", "text").execute();
  await db.schema.alterTable("users").addColumn("staff_id", "integer").execute();
  await db.schema
    .alterTable("users")
    .addColumn("store_id", "integer", (c) => c.references("stores.id"))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("token_generation", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("users").addColumn("updated_at", "text").execute();
  await db.updateTable("users").set({ updated_at: sql`created_at` }).execute();
  await db.schema
    .alterTable("users")
    .alterColumn("updated_at", (c) => c.setNotNull())
    .execute();
  for (const [name, check] of USER_CHECKS) {
    await db.schema.alterTable("users").addCheckConstraint(name, check).execute();
  }
}

/** SQLite: the new table with every column and check, the rows copied with their ids, then swapped in. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rebuildUsers(db: Kysely<any>, generatedId: ColumnSpec): Promise<void> {
  let next = db.schema
    .createTable("users_next")
    .addColumn("id", "integer", generatedId)
    .addColumn("kind", "text", kindColumn)
    .addColumn("phone", "text")
    .addColumn("country_iso2", "text")
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("password_hash", "text")
    .addColumn("verified", "boolean", falseByDefault)
    .addColumn("opted_in_for_newsletter", "boolean", falseByDefault)
    .addColumn("staff_id", "integer")
    .addColumn("store_id", "integer", (c) => c.references("stores.id"))
    .addColumn("token_generation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addColumn("deleted_at", "text");
  for (const [name, check] of USER_CHECKS) next = next.addCheckConstraint(name, check);
  await next.execute();
  await sql`insert into users_next (id, kind, phone, country_iso2, name, email, verified, opted_in_for_newsletter, created_at, updated_at, deleted_at)
    select id, 'guest', phone, country_iso2, name, email, verified, opted_in_for_newsletter, created_at, created_at, deleted_at from users`.execute(
    db,
  );
  await db.schema.dropTable("users").execute();
  // RENAME also renames the table's row in sqlite_sequence, so AUTOINCREMENT goes on after the last id.
  await db.schema.alterTable("users_next").renameTo("users").execute();
}

/** 001 stored national digits beside the country; accounts now keep E.164 (+306912345678). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rewritePhonesToE164(db: Kysely<any>): Promise<void> {
  const rows: Array<{ id: number; phone: string | null; country_iso2: string | null }> = await db
    .selectFrom("users")
    .select(["id", "phone", "country_iso2"])
    .where("phone", "is not", null)
    .execute();
  for (const row of rows) {
    if (row.phone === null || row.phone.startsWith("+")) continue;
    // The country of a 001 row is unchecked text; a wrong one only makes the parse fail.
    const parsed = parsePhoneNumberFromString(row.phone, (row.country_iso2 ?? undefined) as CountryCode | undefined);
    if (parsed?.isValid())
      await db.updateTable("users").set({ phone: parsed.number }).where("id", "=", row.id).execute();
  }
}
