/**
 * An admin replaces an item's option groups (sugar, size, extras) whole and in order, by the venue
 * file's schemas and option rules with the same messages. Ids are global and guests' carts name
 * them: a group or option keeps the id it is sent with when it is this item's own, a new one takes
 * the next free id, and an id of another item's is refused. The edit names and moves the item's
 * version like an edit of its prices (409 ITEM_CHANGED). How the change runs: catalogue-write.ts.
 */
import type { Kysely } from "kysely";
import type { ItemGroups, ItemGroupsEdit } from "../../domain/staff-catalogue-api";
import { fromDbBoolean, fromJsonText, toDbBoolean, toJsonText } from "../db/columns";
import type { Database } from "../db/schema";
import { badRequest, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { childPath, formatIssue, type Issue } from "../validation/issues";
import { groupIssues } from "../venue/semantic-checks";
import { moveVersion, runCatalogueWrite } from "./catalogue-write";

type IdTable = "subselection_groups" | "subselection_options";

export function replaceItemGroups(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  itemId: number,
  edit: ItemGroupsEdit,
): Promise<StoredAnswer> {
  const call = { route: `items/${itemId}/groups`, body: edit };
  return runCatalogueWrite(ctx, staff, key, call, async (trx) => {
    const item = await trx
      .selectFrom("items")
      .select(["id", "version", "names"])
      .where("id", "=", itemId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (item === undefined) throw notFound("NOT_FOUND", `There is no item ${itemId} in this store`);
    const version = await moveVersion(trx, "items", item, edit.version);
    const issues = edit.groups.flatMap((group, g) =>
      groupIssues({ ...group, maximumSelected: group.maximumSelected ?? undefined }, childPath("groups", g)),
    );
    const ownGroups = await trx.selectFrom("subselection_groups").select("id").where("item_id", "=", itemId).execute();
    const ownGroupIds = ownGroups.map((group) => group.id);
    const ownOptions =
      ownGroupIds.length === 0
        ? []
        : await trx.selectFrom("subselection_options").select("id").where("group_id", "in", ownGroupIds).execute();
    issues.push(
      ...(await idIssues(
        trx,
        "subselection_groups",
        new Set(ownGroupIds),
        edit.groups.map((group, g) => ({ id: group.id, path: childPath(childPath("groups", g), "id") })),
      )),
      ...(await idIssues(
        trx,
        "subselection_options",
        new Set(ownOptions.map((option) => option.id)),
        edit.groups.flatMap((group, g) =>
          group.options.map((option, o) => ({
            id: option.id,
            path: childPath(childPath(childPath(childPath("groups", g), "options"), o), "id"),
          })),
        ),
      )),
    );
    if (issues.length > 0) throw badRequest(issues.map(formatIssue).join("; "));

    const before = await readItemGroups(trx, itemId);
    if (ownGroupIds.length > 0) {
      await trx.deleteFrom("subselection_options").where("group_id", "in", ownGroupIds).execute();
      await trx.deleteFrom("subselection_groups").where("item_id", "=", itemId).execute();
    }
    const nextGroupId = await idAllocator(trx, "subselection_groups");
    const nextOptionId = await idAllocator(trx, "subselection_options");
    const groups: ItemGroups["groups"] = edit.groups.map((group) => ({
      id: group.id ?? nextGroupId(),
      names: group.names,
      type: group.type,
      mandatory: group.mandatory ?? false,
      maximumSelected: group.maximumSelected ?? null,
      priceAggregated: group.priceAggregated ?? false,
      options: group.options.map((option) => ({
        id: option.id ?? nextOptionId(),
        names: option.names,
        priceCents: option.priceCents ?? 0,
        isSelected: option.isSelected ?? false,
      })),
    }));
    for (const [position, group] of groups.entries()) {
      await trx
        .insertInto("subselection_groups")
        .values({
          id: group.id,
          store_id: staff.storeId,
          item_id: itemId,
          names: toJsonText(group.names),
          type: group.type,
          mandatory: toDbBoolean(group.mandatory),
          maximum_selected: group.maximumSelected,
          price_aggregated: toDbBoolean(group.priceAggregated),
          position,
        })
        .execute();
      if (group.options.length === 0) continue;
      await trx
        .insertInto("subselection_options")
        .values(
          group.options.map((option, optionPosition) => ({
            id: option.id,
            store_id: staff.storeId,
            group_id: group.id,
            names: toJsonText(option.names),
            price_cents: option.priceCents,
            is_selected: toDbBoolean(option.isSelected),
            position: optionPosition,
          })),
        )
        .execute();
    }
    const answer: ItemGroups = { itemId, version, groups };
    return {
      answer,
      audit: {
        action: "item.groups",
        subject: { kind: "item", id: itemId, label: itemLabel(item.names) },
        before: { groups: before },
        after: { groups },
      },
    };
  });
}

/** Ids sent twice, or that are another item's: a cart naming them would change meaning. */
async function idIssues(
  trx: Kysely<Database>,
  table: IdTable,
  own: Set<number>,
  sent: { id: number | undefined; path: string }[],
): Promise<Issue[]> {
  const issues: Issue[] = [];
  const seen = new Set<number>();
  const foreignCandidates: { id: number; path: string }[] = [];
  for (const { id, path } of sent) {
    if (id === undefined) continue;
    if (seen.has(id)) issues.push({ path, message: `id ${id} is used twice` });
    seen.add(id);
    if (!own.has(id)) foreignCandidates.push({ id, path });
  }
  if (foreignCandidates.length === 0) return issues;
  const taken = await trx
    .selectFrom(table)
    .select("id")
    .where(
      "id",
      "in",
      foreignCandidates.map((candidate) => candidate.id),
    )
    .execute();
  const takenIds = new Set(taken.map((row) => row.id));
  for (const { id, path } of foreignCandidates) {
    if (takenIds.has(id))
      issues.push({ path, message: `id ${id} belongs to another item: leave it out for a new one` });
  }
  return issues;
}

/** Hands out ids after the highest in use, one by one. */
async function idAllocator(trx: Kysely<Database>, table: IdTable): Promise<() => number> {
  const highest = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  let next = Number(highest?.id ?? 0);
  return () => {
    next += 1;
    return next;
  };
}

/** The item's groups as stored, in order (for the staff's reads). */
export async function readItemGroups(db: Kysely<Database>, itemId: number): Promise<ItemGroups["groups"]> {
  const groups = await db
    .selectFrom("subselection_groups")
    .selectAll()
    .where("item_id", "=", itemId)
    .orderBy("position")
    .execute();
  if (groups.length === 0) return [];
  const options = await db
    .selectFrom("subselection_options")
    .selectAll()
    .where(
      "group_id",
      "in",
      groups.map((group) => group.id),
    )
    .orderBy("position")
    .execute();
  return groups.map((group) => ({
    id: group.id,
    names: fromJsonText(group.names),
    type: group.type,
    mandatory: fromDbBoolean(group.mandatory),
    maximumSelected: group.maximum_selected,
    priceAggregated: fromDbBoolean(group.price_aggregated),
    options: options
      .filter((option) => option.group_id === group.id)
      .map((option) => ({
        id: option.id,
        names: fromJsonText(option.names),
        priceCents: option.price_cents,
        isSelected: fromDbBoolean(option.is_selected),
      })),
  }));
}
