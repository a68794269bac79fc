/**
 * An admin manages the store's staff: adds a member (a PIN given or generated, shown once), renames,
 * changes the role, deactivates or reactivates, sets or resets a PIN. Every write runs once per
 * Idempotency-Key in one transaction with an audit entry, and bumps the member's version; a change
 * naming an older version is refused (409 STAFF_CHANGED). Deactivating ends every session of the
 * member. PINs are hashed like a venue file's (pin-hash.ts) and must be unique among the store's
 * members, deactivated ones too, because a PIN alone names the member at sign-in
 * (auth/staff-sign-in.ts) and a deactivated member may be reactivated with theirs.
 *
 * The PIN never rests in the database in clear, not even in the kept idempotent answer: that
 * holds the member and how the PIN was made; a replay rebuilds the PIN from the request (a given
 * one) or from the key (a generated one is derived from the server's secret, the admin and the key).
 */
import { createHmac } from "node:crypto";
import { type Kysely, PostgresAdapter } from "kysely";
import type {
  NewStaffMember,
  PinChange,
  StaffMemberChange,
  StaffMemberRow,
  StaffRoleName,
} from "../../domain/staff-admin-api";
import { revokeEverySessionIn } from "../auth/sessions";
import { fromDbBoolean, toDbBoolean } from "../db/columns";
import { insertUnderFreeId } from "../db/free-id";
import { findRequest } from "../db/repositories/order-requests.repository";
import type { Database } from "../db/schema";
import type { StaffRow } from "../db/tables/staff.table";
import { ApiError, conflict, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { runAuditedWrite, touchedFields } from "./audited-write";
import { hashPin, verifyPin } from "./pin-hash";

const ROLE_OF: Record<StaffRoleName, StaffRow["role"]> = { waiter: "WAITER", admin: "ADMIN" };
const ROLE_NAME: Record<StaffRow["role"], StaffRoleName> = { WAITER: "waiter", ADMIN: "admin" };
/** Generated PINs have 6 digits: a million to guess, with sign-in throttled per device and store. */
const GENERATED_PIN_DIGITS = 6;
/** Tries of a generated PIN that no member has; a clash is one in a million per member. */
const GENERATION_ROUNDS = 20;

export function staffMemberRow(row: StaffRow): StaffMemberRow {
  return {
    userId: row.id,
    name: row.name,
    role: ROLE_NAME[row.role],
    active: fromDbBoolean(row.active),
    version: row.version,
  };
}

export async function listStaff(ctx: OrdersContext, storeId: number): Promise<StaffMemberRow[]> {
  const rows = await ctx.db.selectFrom("staff").selectAll().where("store_id", "=", storeId).orderBy("id").execute();
  return rows.map(staffMemberRow);
}

/** What a staff write answers: the answer's status and JSON, and the PIN to show once (if any). */
export interface StaffAnswer {
  status: number;
  replayed: boolean;
  body: unknown;
}

export async function addStaffMember(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  request: NewStaffMember,
): Promise<StaffAnswer> {
  const storeId = admin.storeId;
  const chosen = await pinToSet(ctx, admin, key, request.pin, null);
  const call = { route: `stores/${storeId}/staff`, body: request };
  const answer = await runAuditedWrite(
    ctx,
    admin,
    key,
    call,
    async (trx) => {
      const pin = await confirmPinStillFree(trx, storeId, chosen, null);
      const row = await insertUnderFreeId(
        undefined,
        () => newStaffId(trx, storeId),
        (id) =>
          trx
            .insertInto("staff")
            .values({
              id,
              store_id: storeId,
              name: request.name.trim(),
              role: ROLE_OF[request.role],
              pin_hash: pin.pinHash,
              email: null,
              active: toDbBoolean(true),
              version: 1,
            })
            .onConflict((conflicting) => conflicting.column("id").doNothing())
            .returningAll()
            .executeTakeFirst(),
        () => conflict("STAFF_CHANGED", "Other members were being added at the same moment; add this one again"),
      );
      const member = staffMemberRow(row);
      return {
        answer: { member, round: pin.round } satisfies KeptAdd,
        audit: {
          action: "staff.add",
          subject: { kind: "staff", id: row.id, label: member.name },
          before: null,
          after: { name: member.name, role: member.role, active: true },
        },
      };
    },
    { status: 201 },
  );
  const kept = JSON.parse(answer.body) as KeptAdd | { code: string };
  if (!("member" in kept)) return { status: answer.status, replayed: answer.replayed, body: kept };
  return {
    status: answer.status,
    replayed: answer.replayed,
    body: { member: kept.member, pin: await replayedPin(ctx, admin, key, request.pin, kept.round, null) },
  };
}

interface KeptAdd {
  member: StaffMemberRow;
  round: number | null;
}

export async function changeStaffMember(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  memberId: number,
  change: StaffMemberChange,
): Promise<StaffAnswer> {
  const storeId = admin.storeId;
  if (memberId === admin.staffId && (change.active === false || change.role === "waiter")) {
    throw new ApiError(
      403,
      "OWN_ACCESS_UNCHANGEABLE",
      change.active === false
        ? "active: an admin cannot deactivate themself; another admin can"
        : "role: an admin cannot make themself a waiter; another admin can",
    );
  }
  const call = { route: `stores/${storeId}/staff/${memberId}`, body: change };
  const answer = await runAuditedWrite(ctx, admin, key, call, async (trx) => {
    const row = await memberOf(trx, storeId, memberId, change.version);
    const before = staffMemberRow(row);
    const after: StaffMemberRow = {
      ...before,
      ...(change.name === undefined ? {} : { name: change.name.trim() }),
      ...(change.role === undefined ? {} : { role: change.role }),
      ...(change.active === undefined ? {} : { active: change.active }),
      version: row.version + 1,
    };
    await bumpMember(trx, row, {
      name: after.name,
      role: ROLE_OF[after.role],
      active: toDbBoolean(after.active),
    });
    if (before.active && !after.active) await signOutMember(ctx, trx, storeId, memberId);
    return {
      answer: after,
      audit: {
        action: "staff.edit",
        subject: { kind: "staff", id: memberId, label: after.name },
        ...touchedFields(change, before, after),
      },
    };
  });
  return { status: answer.status, replayed: answer.replayed, body: JSON.parse(answer.body) };
}

export async function setStaffPin(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  memberId: number,
  change: PinChange,
): Promise<StaffAnswer> {
  const storeId = admin.storeId;
  // Checked before the slow hashing: a member of another store is not found.
  const existing = await ctx.db
    .selectFrom("staff")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (existing === undefined) throw memberNotFound(memberId);
  const chosen = await pinToSet(ctx, admin, key, change.pin, memberId);
  const call = { route: `stores/${storeId}/staff/${memberId}/pin`, body: change };
  const answer = await runAuditedWrite(ctx, admin, key, call, async (trx) => {
    const pin = await confirmPinStillFree(trx, storeId, chosen, memberId);
    const row = await memberOf(trx, storeId, memberId, undefined);
    await bumpMember(trx, row, { pin_hash: pin.pinHash });
    // A new PIN ends the sessions opened with the old one (a PIN known to someone it should
    // not be); an admin changing their own keeps the session they do it from.
    if (memberId !== admin.staffId) await signOutMember(ctx, trx, storeId, memberId);
    return {
      answer: { round: pin.round } satisfies KeptPin,
      audit: {
        action: "staff.pin",
        subject: { kind: "staff", id: memberId, label: row.name },
        before: null,
        // Never the PIN nor its hash: only that it changed and how it was made.
        after: { pin: pin.round === null ? "set" : "generated" },
      },
    };
  });
  const kept = JSON.parse(answer.body) as KeptPin | { code: string };
  if (!("round" in kept)) return { status: answer.status, replayed: answer.replayed, body: kept };
  return {
    status: answer.status,
    replayed: answer.replayed,
    body: { pin: await replayedPin(ctx, admin, key, change.pin, kept.round, memberId) },
  };
}

interface KeptPin {
  round: number | null;
}

async function memberOf(
  trx: Kysely<Database>,
  storeId: number,
  memberId: number,
  version: number | undefined,
): Promise<StaffRow> {
  const row = await trx
    .selectFrom("staff")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (row === undefined) throw memberNotFound(memberId);
  if (version !== undefined && version !== row.version) throw staffChanged(row.version);
  return row;
}

/** Writes the change with the next version, only if the version did not move meanwhile. */
async function bumpMember(
  trx: Kysely<Database>,
  row: StaffRow,
  set: { name?: string; role?: StaffRow["role"]; active?: number; pin_hash?: string },
): Promise<void> {
  const updated = await trx
    .updateTable("staff")
    .set({ ...set, version: row.version + 1 })
    .where("id", "=", row.id)
    .where("version", "=", row.version)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw staffChanged(row.version + 1);
}

async function signOutMember(ctx: OrdersContext, trx: Kysely<Database>, storeId: number, memberId: number) {
  const account = await trx
    .selectFrom("users")
    .select("id")
    .where("kind", "=", "staff")
    .where("store_id", "=", storeId)
    .where("staff_id", "=", memberId)
    .executeTakeFirst();
  if (account !== undefined) await revokeEverySessionIn(trx, account.id, ctx.now());
}

const memberNotFound = (memberId: number) =>
  notFound("NOT_FOUND", `There is no staff member ${memberId} in this store`);
const staffChanged = (version: number) =>
  conflict("STAFF_CHANGED", `This staff member was changed meanwhile: they are at version ${version} now`, {
    version,
  });

/**
 * A new member's id: the next after the store's own (venue files give each store a range), or
 * after every store's when that one is taken, since staff ids are unique across stores.
 */
async function newStaffId(trx: Kysely<Database>, storeId: number): Promise<number> {
  const own = await trx
    .selectFrom("staff")
    .select((eb) => eb.fn.max("id").as("max"))
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  const next = Number(own?.max ?? 0) + 1;
  const taken = await trx.selectFrom("staff").select("id").where("id", "=", next).executeTakeFirst();
  if (next > 1 && taken === undefined) return next;
  const all = await trx
    .selectFrom("staff")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(all?.max ?? 0) + 1;
}

/** A PIN chosen for a member, and the members (id to version) it was checked against. */
interface ChosenPin {
  pin: string;
  round: number | null;
  pinHash: string;
  checked: ReadonlyMap<number, number>;
}

/**
 * The PIN to set and its hash, made before the transaction (hashing is slow); none when the key
 * already has an answer, which runOnce then gives (the new member must not clash with their own PIN).
 */
async function pinToSet(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  given: string | undefined,
  memberId: number | null,
): Promise<ChosenPin | null> {
  if ((await findRequest(ctx.db, { userId: admin.userId, key })) !== undefined) return null;
  const others = await otherMembers(ctx.db, admin.storeId, memberId);
  const { pin, round } = await choosePin(ctx, admin, key, given, memberId, others);
  return { pin, round, pinHash: await hashPin(pin), checked: new Map(others.map((row) => [row.id, row.version])) };
}

/**
 * The chosen PIN, checked again inside the write against the members added or changed since it
 * was chosen, with the store's staff writes waiting for each other: two admins at
 * once never give one PIN to two members.
 */
async function confirmPinStillFree(
  trx: Kysely<Database>,
  storeId: number,
  chosen: ChosenPin | null,
  memberId: number | null,
): Promise<ChosenPin> {
  // Only reached when the key's answer vanished (expired) between the look and the claim.
  if (chosen === null) throw new Error("the request's key changed while it ran; send it again");
  await lockStoreStaff(trx, storeId);
  const unseen = (await otherMembers(trx, storeId, memberId)).filter(
    (row) => chosen.checked.get(row.id) !== row.version,
  );
  if (await pinTakenBy(chosen.pin, unseen)) throw pinTaken();
  return chosen;
}

/** Makes one store's staff writes wait for each other until `trx` ends (PostgreSQL locks the store's row; SQLite runs one transaction at a time already). */
async function lockStoreStaff(trx: Kysely<Database>, storeId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom("stores").select("id").where("id", "=", storeId).forUpdate().execute();
}

type OtherMember = Pick<StaffRow, "id" | "version" | "pin_hash">;

/** The store's members other than `memberId`, deactivated ones too: whose PINs a new PIN must differ from. */
async function otherMembers(db: Kysely<Database>, storeId: number, memberId: number | null): Promise<OtherMember[]> {
  const rows = await db
    .selectFrom("staff")
    .select(["id", "version", "pin_hash"])
    .where("store_id", "=", storeId)
    .execute();
  return rows.filter((row) => row.id !== memberId);
}

async function pinTakenBy(pin: string, members: readonly OtherMember[]): Promise<boolean> {
  return (await Promise.all(members.map((row) => verifyPin(pin, row.pin_hash)))).some(Boolean);
}

const pinTaken = () =>
  conflict("PIN_TAKEN", "pin: another member of this store (a deactivated one too) has this PIN; choose another");

/**
 * The PIN to set: the given one, refused (409 PIN_TAKEN) when another member has it; else the
 * first derived one no member has.
 */
async function choosePin(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  given: string | undefined,
  memberId: number | null,
  others: readonly OtherMember[],
): Promise<{ pin: string; round: number | null }> {
  if (given !== undefined) {
    if (await pinTakenBy(given, others)) throw pinTaken();
    return { pin: given, round: null };
  }
  for (let round = 0; round < GENERATION_ROUNDS; round++) {
    const pin = await derivedPin(ctx, admin, key, memberId, round);
    if (!(await pinTakenBy(pin, others))) return { pin, round };
  }
  throw new Error("no free PIN found");
}

async function replayedPin(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  given: string | undefined,
  round: number | null,
  memberId: number | null,
): Promise<string> {
  if (round === null) {
    if (given === undefined) throw new Error("a kept answer of a given PIN without the PIN in its request");
    return given;
  }
  return derivedPin(ctx, admin, key, memberId, round);
}

/** A PIN derived from the server's secret, the admin, the key and the member: the same on a replay. */
async function derivedPin(
  ctx: OrdersContext,
  admin: StaffMember,
  key: string,
  memberId: number | null,
  round: number,
): Promise<string> {
  const keys = await ctx.keyRing.keys();
  const mac = createHmac("sha256", keys.codes)
    .update(`staff-pin\u0000${admin.userId}\u0000${key}\u0000${memberId ?? "new"}\u0000${round}`)
    .digest();
  const value = mac.readUInt32BE(0) % 10 ** GENERATED_PIN_DIGITS;
  return String(value).padStart(GENERATED_PIN_DIGITS, "0");
}
