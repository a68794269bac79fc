/**
 * A waiter or admin sets an item's stock (sold out, back in stock, so many left). The change runs
 * once per Idempotency-Key (orders/idempotency.ts), in one transaction with the store's
 * catalogue_version bump, so the menu cache, the placement's kept catalogue and the service
 * worker (all keyed by that version) show it on their next read; this process's menu cache drops
 * the store's menus before the answer goes out.
 */
import type { ItemStock, ItemStockChange } from "../../domain/staff-catalogue-api";
import { fromDbBoolean, toDbBoolean } from "../db/columns";
import { bumpCatalogueVersion } from "../db/repositories/orders.repository";
import { badRequest, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import { runOnce, type StoredAnswer } from "../orders/idempotency";
import { requestHash } from "../orders/request-hash";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel, recordAudit } from "../staff/audit";

export async function setItemStock(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  itemId: number,
  change: ItemStockChange,
): Promise<StoredAnswer> {
  if (change.stockEnabled && change.stockAmount === null) {
    throw badRequest("stockAmount: give the pieces left (0 for sold out) when stockEnabled is true");
  }
  const call = { route: `items/${itemId}/stock`, body: change };
  let changed = false;
  const answer = await runOnce(
    ctx,
    { userId: staff.userId, key, hash: requestHash(call) },
    { claimFirst: false },
    (claim) =>
      ctx.db.transaction().execute(async (trx) => {
        const earlier = await claim.claim(trx);
        if (earlier !== null) return earlier;
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
        await bumpCatalogueVersion(trx, staff.storeId);
        await recordAudit(trx, {
          storeId: staff.storeId,
          actor: { userId: staff.userId, name: staff.name },
          action: "item.stock",
          subject: { kind: "item", id: itemId, label: itemLabel(item.names) },
          before: {
            stockEnabled: fromDbBoolean(item.stock_enabled),
            stockAlignedToCartAddition: fromDbBoolean(item.stock_aligned_to_cart_addition),
            stockAmount: item.stock_amount,
          },
          after: withoutId(stock),
          at: ctx.now().toISOString(),
        });
        const body = JSON.stringify(stock);
        await claim.finish(trx, { status: 200, body, orderId: null });
        changed = true;
        return { status: 200, body };
      }),
  );
  if (changed) ctx.menuCache.invalidateStore(staff.storeId);
  return answer;
}

function withoutId(stock: ItemStock): Omit<ItemStock, "itemId"> {
  const { itemId: _itemId, ...fields } = stock;
  return fields;
}
