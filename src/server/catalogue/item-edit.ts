/**
 * An admin edits an item's names, details, prices and whether it is sold by the kilo, checked by the
 * venue file's rules (its field schemas on the request, the member-price and rental rules here,
 * with the same messages). An edit that names another version of the item than the stored one is
 * refused (409 ITEM_CHANGED) with the current version: two admins never overwrite each other
 * unseen. How the change runs: catalogue-write.ts.
 */
import type { EditableItem, ItemEdit } from "../../domain/staff-catalogue-api";
import { toDbBoolean, toJsonText } from "../db/columns";
import { badRequest, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { touchedFields } from "../staff/audited-write";
import { RENTAL_BY_WEIGHT } from "../venue/rental-checks";
import { moveVersion, runCatalogueWrite } from "./catalogue-write";
import { editableItem } from "./staff-catalogue";

export function editItem(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  itemId: number,
  edit: ItemEdit,
): Promise<StoredAnswer> {
  return runCatalogueWrite(ctx, staff, key, { route: `items/${itemId}`, body: edit }, async (trx) => {
    const row = await trx
      .selectFrom("items")
      .selectAll()
      .where("id", "=", itemId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (row === undefined) throw notFound("NOT_FOUND", `There is no item ${itemId} in this store`);
    const { version, ...fields } = edit;
    const stored = editableItem(row);
    const item: EditableItem = { ...stored, ...fields, version: await moveVersion(trx, "items", row, version) };
    // The venue file's rule, with its message.
    if (item.memberPriceEnabled && item.membershipPriceCents === null) {
      throw badRequest("memberPriceEnabled: is true but the item has no membershipPriceCents");
    }
    if (item.perKg && row.rental_unit !== null) throw badRequest(`perKg: ${RENTAL_BY_WEIGHT}`);
    await trx
      .updateTable("items")
      .set({
        names: toJsonText(item.names),
        price_cents: item.priceCents,
        membership_price_cents: item.membershipPriceCents,
        member_price_enabled: toDbBoolean(item.memberPriceEnabled),
        membership_addition_cents: item.membershipAdditionCents,
        per_kg: toDbBoolean(item.perKg),
      })
      .where("id", "=", itemId)
      .execute();
    return {
      answer: item,
      audit: {
        action: "item.edit",
        subject: { kind: "item", id: itemId, label: itemLabel(row.names) },
        ...touchedFields(fields, stored, item),
      },
    };
  });
}
