/**
 * An admin orders a category's items or a service's categories (by drag and drop or by keyboard in
 * the back office). The new order must list every one of them exactly once, so an order made on a
 * list that changed meanwhile is refused rather than half applied; it names the category's or the
 * service's version like an edit does. Positions become 0..n-1, as an import writes them. How the
 * change runs: catalogue-write.ts.
 */
import type { Kysely } from "kysely";
import type { CategoryOrder, ItemOrder, StoredCategoryOrder, StoredItemOrder } from "../../domain/staff-catalogue-api";
import type { Database } from "../db/schema";
import { invalidInput, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { moveVersion, runCatalogueWrite } from "./catalogue-write";

export function orderItems(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  categoryId: number,
  order: ItemOrder,
): Promise<StoredAnswer> {
  const call = { route: `categories/${categoryId}/item-order`, body: order };
  return runCatalogueWrite(ctx, staff, key, call, async (trx) => {
    const category = await trx
      .selectFrom("categories")
      .select(["id", "version", "names"])
      .where("id", "=", categoryId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (category === undefined) throw notFound("NOT_FOUND", `There is no category ${categoryId} in this store`);
    const version = await moveVersion(trx, "categories", category, order.version);
    const items = await trx
      .selectFrom("items")
      .select("id")
      .where("category_id", "=", categoryId)
      .orderBy("position")
      .orderBy("id")
      .execute();
    requireEveryOnce(
      items.map((item) => item.id),
      order.itemIds,
      "itemIds",
    );
    await writePositions(trx, "items", order.itemIds);
    const answer: StoredItemOrder = { categoryId, version, itemIds: order.itemIds };
    return {
      answer,
      audit: {
        action: "category.item-order",
        subject: { kind: "category", id: categoryId, label: itemLabel(category.names) },
        before: { itemIds: items.map((item) => item.id) },
        after: { itemIds: order.itemIds },
      },
    };
  });
}

export function orderCategories(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  serviceId: number,
  order: CategoryOrder,
): Promise<StoredAnswer> {
  const call = { route: `services/${serviceId}/category-order`, body: order };
  return runCatalogueWrite(ctx, staff, key, call, async (trx) => {
    const service = await trx
      .selectFrom("services")
      .select(["id", "version", "names"])
      .where("id", "=", serviceId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (service === undefined) throw notFound("NOT_FOUND", `There is no service ${serviceId} in this store`);
    const version = await moveVersion(trx, "services", service, order.version);
    const categories = await trx
      .selectFrom("categories")
      .select("id")
      .where("service_id", "=", serviceId)
      .orderBy("position")
      .orderBy("id")
      .execute();
    requireEveryOnce(
      categories.map((category) => category.id),
      order.categoryIds,
      "categoryIds",
    );
    await writePositions(trx, "categories", order.categoryIds);
    const answer: StoredCategoryOrder = { serviceId, version, categoryIds: order.categoryIds };
    return {
      answer,
      audit: {
        action: "service.category-order",
        subject: { kind: "service", id: serviceId, label: itemLabel(service.names) },
        before: { categoryIds: categories.map((category) => category.id) },
        after: { categoryIds: order.categoryIds },
      },
    };
  });
}

/** The schema already refuses repeats; this refuses a list that leaves one out or names another's. */
function requireEveryOnce(stored: number[], ordered: number[], path: string): void {
  const listed = new Set(ordered);
  const known = new Set(stored);
  const missing = stored.filter((id) => !listed.has(id));
  const unknown = ordered.filter((id) => !known.has(id));
  if (missing.length === 0 && unknown.length === 0) return;
  const parts = [
    missing.length > 0 ? `missing ${missing.join(", ")}` : null,
    unknown.length > 0 ? `not in this list ${unknown.join(", ")}` : null,
  ].filter((part) => part !== null);
  throw invalidInput("ORDER_INCOMPLETE", `${path}: must list each one exactly once (${parts.join("; ")})`);
}

async function writePositions(trx: Kysely<Database>, table: "items" | "categories", ids: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await trx.updateTable(table).set({ position }).where("id", "=", id).execute();
  }
}
