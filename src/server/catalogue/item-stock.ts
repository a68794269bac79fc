/**
 * A waiter or admin sets an item's stock (sold out, back in stock, so many left). How the change
 * runs (once per key, audited, the catalogue version bumped, guests told): catalogue-write.ts.
 */
import type { ItemStock, ItemStockChange } from "../../domain/staff-catalogue-api";
import { fromDbBoolean, toDbBoolean } from "../db/columns";
import { badRequest, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { runCatalogueWrite } from "./catalogue-write";

export function setItemStock(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  itemId: number,
  change: ItemStockChange,
): Promise<StoredAnswer> {
  if (change.stockEnabled && change.stockAmount === null) {
    throw badRequest("stockAmount: give the pieces left (0 for sold out) when stockEnabled is true");
  }
  return runCatalogueWrite(ctx, staff, key, { route: `items/${itemId}/stock`, body: change }, async (trx) => {
    const item = await trx
      .selectFrom("items")
      .select(["id", "names", "stock_enabled", "stock_aligned_to_cart_addition", "stock_amount"])
      .where("id", "=", itemId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (item === undefined) throw notFound("NOT_FOUND", `There is no item ${itemId} in this store`);
    // Counting starts aligned to the cart, as a venue file's stock does by default; an item
    // already counted keeps its own setting.
    const aligned =
      change.stockEnabled &&
      (fromDbBoolean(item.stock_enabled) ? fromDbBoolean(item.stock_aligned_to_cart_addition) : true);
    const stock: ItemStock = {
      itemId,
      stockEnabled: change.stockEnabled,
      stockAlignedToCartAddition: aligned,
      // An item whose stock is not counted keeps no amount, as in a venue file without stock.
      stockAmount: change.stockEnabled ? change.stockAmount : null,
    };
    await trx
      .updateTable("items")
      .set({
        stock_enabled: toDbBoolean(stock.stockEnabled),
        stock_aligned_to_cart_addition: toDbBoolean(stock.stockAlignedToCartAddition),
        stock_amount: stock.stockAmount,
      })
      .where("id", "=", itemId)
      .execute();
    const { itemId: _itemId, ...after } = stock;
    return {
      answer: stock,
      audit: {
        action: "item.stock",
        subject: { kind: "item", id: itemId, label: itemLabel(item.names) },
        before: {
          stockEnabled: fromDbBoolean(item.stock_enabled),
          stockAlignedToCartAddition: fromDbBoolean(item.stock_aligned_to_cart_addition),
          stockAmount: item.stock_amount,
        },
        after,
      },
    };
  });
}
