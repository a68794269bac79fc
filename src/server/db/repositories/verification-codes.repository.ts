/**
 * One-time codes. A check counts itself before it compares (`attempts < max`, atomically), so the
 * sixth check of a code is refused whatever it carries, even when requests race.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { IsoInstant } from "../columns";
import type { Database } from "../schema";
import type { VerificationCodeRow, VerificationPurpose } from "../tables/verification-codes.table";

export interface CodeOwner {
  purpose: VerificationPurpose;
  target: string;
  /** The account that asked (change_phone), or null. */
  userId: number | null;
}

/** Stores a new code and retires the live ones of the same purpose, target and account. */
export async function replaceCode(
  db: Kysely<Database>,
  owner: CodeOwner,
  codeHash: string,
  now: IsoInstant,
  expiresAt: IsoInstant,
): Promise<VerificationCodeRow> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("verification_codes")
      .set({ consumed_at: now })
      .where((eb) => ownedBy(eb, owner))
      .where("consumed_at", "is", null)
      .execute();
    return trx
      .insertInto("verification_codes")
      .values({
        purpose: owner.purpose,
        target: owner.target,
        user_id: owner.userId,
        code_hash: codeHash,
        created_at: now,
        expires_at: expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The newest code of this owner that is neither used, retired nor expired. */
export async function findLiveCode(
  db: Kysely<Database>,
  owner: CodeOwner,
  now: IsoInstant,
): Promise<VerificationCodeRow | undefined> {
  return newestLiveCode(db, now, (eb) => ownedBy(eb, owner));
}

/** The newest live change-phone code an account asked for (what sms/send sends again). */
export async function findLiveChangePhoneCode(
  db: Kysely<Database>,
  userId: number,
  now: IsoInstant,
): Promise<VerificationCodeRow | undefined> {
  return newestLiveCode(db, now, (eb) => eb.and([eb("purpose", "=", "change_phone"), eb("user_id", "=", userId)]));
}

/** "Live" in one place: not used or retired (consumed_at) and not expired. */
function newestLiveCode(
  db: Kysely<Database>,
  now: IsoInstant,
  belongsTo: (eb: ExpressionBuilder<Database, "verification_codes">) => ReturnType<typeof ownedBy>,
): Promise<VerificationCodeRow | undefined> {
  return db
    .selectFrom("verification_codes")
    .selectAll()
    .where(belongsTo)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Counts one check; false when the code already had its last one or is no longer live. */
export async function countCheck(db: Kysely<Database>, codeId: number, maxChecks: number): Promise<boolean> {
  const result = await db
    .updateTable("verification_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", codeId)
    .where("attempts", "<", maxChecks)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Uses the code up; false when another request used it first. */
export async function consumeCode(db: Kysely<Database>, codeId: number, now: IsoInstant): Promise<boolean> {
  const result = await db
    .updateTable("verification_codes")
    .set({ consumed_at: now })
    .where("id", "=", codeId)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Codes expired before `before` are of no use to anyone. */
export async function deleteExpiredCodes(db: Kysely<Database>, before: IsoInstant): Promise<void> {
  await db.deleteFrom("verification_codes").where("expires_at", "<", before).execute();
}

/** Where the account's own codes (a change of phone) were sent, confirmed or not. */
export async function listCodeTargetsOfAccount(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom("verification_codes").select("target").where("user_id", "=", userId).execute();
  return rows.map((row) => row.target);
}

/** A deleted account's codes, and those sent to its phone or e-mail. */
export async function deleteCodesOfAccount(
  db: Kysely<Database>,
  userId: number,
  targets: readonly string[],
): Promise<void> {
  await db
    .deleteFrom("verification_codes")
    .where((eb) => eb.or([eb("user_id", "=", userId), ...(targets.length > 0 ? [eb("target", "in", targets)] : [])]))
    .execute();
}

/** The filter of one owner's codes, for selects and updates alike. */
function ownedBy(eb: ExpressionBuilder<Database, "verification_codes">, owner: CodeOwner) {
  return eb.and([
    eb("purpose", "=", owner.purpose),
    eb("target", "=", owner.target),
    owner.userId === null ? eb("user_id", "is", null) : eb("user_id", "=", owner.userId),
  ]);
}
