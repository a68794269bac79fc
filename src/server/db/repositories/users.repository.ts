/**
 * Accounts (users table): guests found by phone or e-mail, staff accounts tied to the venue
 * file's staff, temporary visitors, profile changes and the erasure of a deleted account.
 */
import { type Kysely, sql } from "kysely";
import { type IsoInstant, toDbBoolean } from "../columns";
import { compiledOnce } from "../compiled-once";
import { isUniqueViolation } from "../errors";
import type { Database } from "../schema";
import type { StaffRow } from "../tables/staff.table";
import type { UserRow } from "../tables/users.table";

/** An account with what the staff table says about it now (null: not staff, or removed by an import). */
export interface AccountRecord {
  user: UserRow;
  staff: { name: string; role: StaffRow["role"] } | null;
}

/**
 * An account from a row of users.* with its staff row's name and role, read with
 * `left join staff on staff.id = users.staff_id and staff.store_id = users.store_id`.
 */
export function accountOf(
  row: UserRow & { staff_name: string | null; staff_role: StaffRow["role"] | null },
): AccountRecord {
  const { staff_name, staff_role, ...user } = row;
  return { user, staff: staff_name !== null && staff_role !== null ? { name: staff_name, role: staff_role } : null };
}

const accountById = compiledOnce((db, userId: number) =>
  db
    .selectFrom("users")
    .leftJoin("staff", (join) =>
      join
        .onRef("staff.id", "=", "users.staff_id")
        .onRef("staff.store_id", "=", "users.store_id")
        // A deactivated member reads as no staff: their sessions and login tokens are refused.
        .on("staff.active", "=", sql<boolean>`true`),
    )
    .selectAll("users")
    .select(["staff.name as staff_name", "staff.role as staff_role"])
    .where("users.id", "=", userId),
);

export async function findAccountById(db: Kysely<Database>, userId: number): Promise<AccountRecord | undefined> {
  const row = (await accountById(db, userId)).rows[0];
  return row === undefined ? undefined : accountOf(row);
}

export async function findLiveGuestByPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("phone", "=", phone)
    .where("kind", "=", "guest")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function findLiveGuestByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email)
    .where("kind", "=", "guest")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Whether a live account holds this phone (the asking account included). */
export async function isPhoneTaken(db: Kysely<Database>, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("phone", "=", phone)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a live account other than `exceptUserId` holds this e-mail. */
export async function isEmailTaken(db: Kysely<Database>, email: string, exceptUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .where("deleted_at", "is", null)
    .where("id", "<>", exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The live guest with this phone, created (verified) when there is none. Two sign-ins of a new
 * number at once both end with the same account: the loser of the unique index reads the winner's.
 */
export async function findOrCreateGuest(
  db: Kysely<Database>,
  phone: { e164: string; countryIso2: string },
  now: IsoInstant,
): Promise<UserRow> {
  const existing = await findLiveGuestByPhone(db, phone.e164);
  if (existing !== undefined) return existing;
  try {
    return await db
      .insertInto("users")
      .values({
        kind: "guest",
        phone: phone.e164,
        country_iso2: phone.countryIso2,
        verified: toDbBoolean(true),
        opted_in_for_newsletter: toDbBoolean(false),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findLiveGuestByPhone(db, phone.e164);
    if (winner === undefined) throw error;
    return winner;
  }
}

/** The account of a staff member (one per staff id), created at the first sign-in; keeps its name current. */
export async function findOrCreateStaffAccount(
  db: Kysely<Database>,
  staff: StaffRow,
  now: IsoInstant,
): Promise<UserRow> {
  return db
    .insertInto("users")
    .values({
      kind: "staff",
      staff_id: staff.id,
      store_id: staff.store_id,
      name: staff.name,
      verified: toDbBoolean(true),
      opted_in_for_newsletter: toDbBoolean(false),
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.column("staff_id").doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        store_id: eb.ref("excluded.store_id"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertVisitor(db: Kysely<Database>, storeId: number, now: IsoInstant): Promise<UserRow> {
  return db
    .insertInto("users")
    .values({
      kind: "visitor",
      store_id: storeId,
      verified: toDbBoolean(false),
      opted_in_for_newsletter: toDbBoolean(false),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ProfileChanges {
  name?: string | null;
  email?: string | null;
  optedInForNewsletter?: boolean;
}

/** Throws a unique violation when the e-mail was taken meanwhile (isUniqueViolation). */
export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  changes: ProfileChanges,
  now: IsoInstant,
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.optedInForNewsletter !== undefined
        ? { opted_in_for_newsletter: toDbBoolean(changes.optedInForNewsletter) }
        : {}),
      updated_at: now,
    })
    .where("id", "=", userId)
    .execute();
}

/** Throws a unique violation when the phone was taken meanwhile (isUniqueViolation). */
export async function updatePhone(
  db: Kysely<Database>,
  userId: number,
  phone: { e164: string; countryIso2: string },
  now: IsoInstant,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ phone: phone.e164, country_iso2: phone.countryIso2, verified: toDbBoolean(true), updated_at: now })
    .where("id", "=", userId)
    .execute();
}

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now: IsoInstant,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: now })
    .where("id", "=", userId)
    .execute();
}

/** Every jwt signed before this call stops working (they carry the old generation). */
export async function bumpTokenGeneration(db: Kysely<Database>, userId: number, now: IsoInstant): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ token_generation: eb("token_generation", "+", 1), updated_at: now }))
    .where("id", "=", userId)
    .execute();
}

/**
 * Account deletion: the row stays (orders keep their account id) with every personal field
 * blanked, deleted_at set and the token generation bumped.
 */
export async function eraseAccount(db: Kysely<Database>, userId: number, now: IsoInstant): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      phone: null,
      country_iso2: null,
      name: null,
      email: null,
      password_hash: null,
      verified: toDbBoolean(false),
      opted_in_for_newsletter: toDbBoolean(false),
      token_generation: eb("token_generation", "+", 1),
      updated_at: now,
      deleted_at: now,
    }))
    .where("id", "=", userId)
    .execute();
}

/** The staff ids, among these stores' staff accounts, that have a password (set by e-mail reset). */
export async function listStaffIdsWithPassword(
  db: Kysely<Database>,
  storeIds: readonly number[],
): Promise<Set<number>> {
  if (storeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("users")
    .select("staff_id")
    .where("kind", "=", "staff")
    .where("password_hash", "is not", null)
    .where("store_id", "in", storeIds)
    .execute();
  return new Set(rows.flatMap((row) => (row.staff_id === null ? [] : [row.staff_id])));
}
