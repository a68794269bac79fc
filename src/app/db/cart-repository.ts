/**
 * The guest's carts in IndexedDB, one per store and service (spec §3 "Cart line"). Every change
 * reads the cart, applies one of the pure operations of src/domain/cart.ts and writes the result,
 * inside one read-write transaction: two tabs adding at once cannot lose a line, and a failed
 * write leaves the cart as it was.
 */
import Dexie from "dexie";
import {
  addLine,
  type Cart,
  type CartLineChanges,
  type CartLineDraft,
  EMPTY_CART,
  removeLine,
  updateLine,
} from "../../domain/cart";
import type { AppDatabase, CartMetaKey } from "./app-db";

/** Which cart: carts are kept per store and service. */
export interface CartKey {
  storeId: number;
  serviceId: number;
}

function metaKey(key: CartKey): CartMetaKey {
  return [key.storeId, key.serviceId];
}

/** The cart as stored (lines in id order); an empty cart starts its line ids again. */
export async function readCart(db: AppDatabase, key: CartKey): Promise<Cart> {
  const [lines, meta] = await Promise.all([
    db.cartLines
      .where("[storeId+serviceId+id]")
      .between([key.storeId, key.serviceId, Dexie.minKey], [key.storeId, key.serviceId, Dexie.maxKey])
      .toArray(),
    db.cartMeta.get(metaKey(key)),
  ]);
  if (lines.length === 0) return EMPTY_CART;
  const afterLast = Math.max(...lines.map((line) => line.id)) + 1;
  return { lines, nextItemId: Math.max(meta?.nextItemId ?? afterLast, afterLast) };
}

/**
 * Applies `change` to the stored cart in one transaction and returns the new cart. `change` may
 * throw (a limit check against the cart as it is now): then nothing is written.
 */
export function changeCart(db: AppDatabase, key: CartKey, change: (cart: Cart) => Cart): Promise<Cart> {
  return db.transaction("rw", db.cartLines, db.cartMeta, async () => {
    const before = await readCart(db, key);
    const after = change(before);
    if (after === before) return before;
    for (const line of after.lines) {
      if (line.storeId !== key.storeId || line.serviceId !== key.serviceId) {
        throw new RangeError(`Line ${line.id} belongs to another cart than ${key.storeId}/${key.serviceId}`);
      }
    }
    const kept = new Set(after.lines.map((line) => line.id));
    const removed = before.lines.filter((line) => !kept.has(line.id));
    // The domain's operations return unchanged lines as the same objects: only new ones are written.
    const written = after.lines.filter((line) => !before.lines.includes(line));
    await db.cartLines.bulkDelete(removed.map((line) => [key.storeId, key.serviceId, line.id]));
    await db.cartLines.bulkPut(written);
    if (after.lines.length === 0) await db.cartMeta.delete(metaKey(key));
    else await db.cartMeta.put({ ...key, nextItemId: after.nextItemId });
    return after;
  });
}

export function addToCart(db: AppDatabase, key: CartKey, draft: CartLineDraft): Promise<Cart> {
  return changeCart(db, key, (cart) => addLine(cart, draft));
}

/** Edit mode: quantity 0 removes the line. */
export function updateCartLine(db: AppDatabase, key: CartKey, lineId: number, changes: CartLineChanges): Promise<Cart> {
  return changeCart(db, key, (cart) => updateLine(cart, lineId, changes));
}

export function removeCartLine(db: AppDatabase, key: CartKey, lineId: number): Promise<Cart> {
  return changeCart(db, key, (cart) => removeLine(cart, lineId));
}
