/**
 * An admin edits a category: its names and its limit per cart, by the venue file's schemas, refused
 * (409 CATEGORY_CHANGED) when it names another version than the stored one. How the change runs:
 * catalogue-write.ts.
 */
import type { CategoryEdit, EditableCategory } from "../../domain/staff-catalogue-api";
import { fromJsonText, toJsonText } from "../db/columns";
import type { CategoryRow } from "../db/tables/catalogue.tables";
import { notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { touchedFields } from "../staff/audited-write";
import { moveVersion, runCatalogueWrite } from "./catalogue-write";

export function editCategory(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  categoryId: number,
  edit: CategoryEdit,
): Promise<StoredAnswer> {
  return runCatalogueWrite(ctx, staff, key, { route: `categories/${categoryId}`, body: edit }, async (trx) => {
    const row = await trx
      .selectFrom("categories")
      .selectAll()
      .where("id", "=", categoryId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (row === undefined) throw notFound("NOT_FOUND", `There is no category ${categoryId} in this store`);
    const { version, ...fields } = edit;
    const nextVersion = await moveVersion(trx, "categories", row, version);
    const stored = editableCategory(row);
    const category: EditableCategory = { ...stored, ...fields, version: nextVersion };
    await trx
      .updateTable("categories")
      .set({ names: toJsonText(category.names), max_products_per_cart: category.maxProductsPerCart })
      .where("id", "=", categoryId)
      .execute();
    return {
      answer: category,
      audit: {
        action: "category.edit",
        subject: { kind: "category", id: categoryId, label: itemLabel(row.names) },
        ...touchedFields(fields, stored, category),
      },
    };
  });
}

function editableCategory(row: CategoryRow): EditableCategory {
  return {
    categoryId: row.id,
    version: row.version,
    names: fromJsonText(row.names),
    maxProductsPerCart: row.max_products_per_cart,
  };
}
