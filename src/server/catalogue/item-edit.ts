/**
 * An admin edits an item's names, details and prices. The edit is checked by the venue file's
 * rules (its field schemas on the request, the member-price rule here, with the same messages),
 * runs once per Idempotency-Key, and is written in one transaction with the item's version and
 * the store's catalogue_version bumped, so guests' menus show it on their next read. An edit that
 * names an older version of the item than the stored one is refused (409 ITEM_CHANGED) with the
 * current version: two admins never overwrite each other unseen.
 */
import type { ItemEdit } from "../../domain/staff-catalogue-api";
import { toDbBoolean, toJsonText } from "../db/columns";
import { bumpCatalogueVersion } from "../db/repositories/orders.repository";
import { badRequest, conflict, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel, recordAudit } from "../staff/audit";
import { editableItem } from "./staff-catalogue";

export async function editItem(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  itemId: number,
  edit: ItemEdit,
): Promise<StoredAnswer> {
  const call = { route: `items/${itemId}`, body: edit };
  let changed = false;
  const answer = await runOnce(
    ctx,
    { userId: staff.userId, key, hash: requestHash(call) },
    { claimFirst: false },
    (claim) =>
      ctx.db.transaction().execute(async (trx) => {
        const earlier = await claim.claim(trx);
        if (earlier !== null) return earlier;
        const row = await trx
          .selectFrom("items")
          .selectAll()
          .where("id", "=", itemId)
          .where("store_id", "=", staff.storeId)
          .executeTakeFirst();
        if (row === undefined) throw notFound("NOT_FOUND", `There is no item ${itemId} in this store`);
        if (edit.version !== undefined && edit.version !== row.version) {
          throw conflict("ITEM_CHANGED", `This item was changed meanwhile: it is at version ${row.version} now`, {
            version: row.version,
          });
        }
        const item = { ...editableItem(row), ...withoutVersion(edit), version: row.version + 1 };
        // The venue file's rule, with its message.
        if (item.memberPriceEnabled && item.membershipPriceCents === null) {
          throw badRequest("memberPriceEnabled: is true but the item has no membershipPriceCents");
        }
        // Only a version that moves, so two edits of one version cannot both pass.
        const updated = await trx
          .updateTable("items")
          .set({
            names: toJsonText(item.names),
            price_cents: item.priceCents,
            membership_price_cents: item.membershipPriceCents,
            member_price_enabled: toDbBoolean(item.memberPriceEnabled),
            membership_addition_cents: item.membershipAdditionCents,
            version: item.version,
          })
          .where("id", "=", itemId)
          .where("version", "=", row.version)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) {
          throw conflict("ITEM_CHANGED", "This item was changed meanwhile", { version: row.version + 1 });
        }
        await bumpCatalogueVersion(trx, staff.storeId);
        const stored = editableItem(row);
        const fields = Object.keys(withoutVersion(edit)) as Array<keyof Omit<ItemEdit, "version">>;
        await recordAudit(trx, {
          storeId: staff.storeId,
          actor: { userId: staff.userId, name: staff.name },
          action: "item.edit",
          subject: { kind: "item", id: itemId, label: itemLabel(row.names) },
          before: Object.fromEntries(fields.map((field) => [field, stored[field]])),
          after: Object.fromEntries(fields.map((field) => [field, item[field]])),
          at: ctx.now().toISOString(),
        });
        const body = JSON.stringify(item);
        await claim.finish(trx, { status: 200, body, orderId: null });
        changed = true;
        return { status: 200, body };
      }),
  );
  if (changed) ctx.menuCache.invalidateStore(staff.storeId);
  return answer;
}

function withoutVersion(edit: ItemEdit): Omit<ItemEdit, "version"> {
  const { version: _version, ...fields } = edit;
  return fields;
}
