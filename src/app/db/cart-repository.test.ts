import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addLine } from "../../domain/cart";
import { draft } from "../../domain/test-support";
import { AppDatabase } from "./app-db";
import { addToCart, changeCart, readCart, removeCartLine, updateCartLine } from "./cart-repository";

const DB_NAME = "kyma-test";
const cafe = { storeId: 1, serviceId: 1 };
const bar = { storeId: 1, serviceId: 2 };
let db: AppDatabase;

beforeEach(() => {
  db = new AppDatabase(DB_NAME);
});

afterEach(async () => {
  db.close();
  await Dexie.delete(DB_NAME);
});

describe("cart in IndexedDB (spec §3 cart line, §4 cart add)", () => {
  it("survives closing and reopening the database (a reload, a closed tab)", async () => {
    await addToCart(db, cafe, draft({ id: 10 }, { quantity: 2, comment: "no ice" }));
    db.close();
    const reopened = new AppDatabase(DB_NAME);
    const cart = await readCart(reopened, cafe);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ id: 1, storeId: 1, serviceId: 1, quantity: 2, comment: "no ice" });
    expect(cart.nextItemId).toBe(2);
    reopened.close();
  });

  it("merges an identical addition into one line", async () => {
    await addToCart(db, cafe, draft({ id: 10 }));
    const cart = await addToCart(db, cafe, draft({ id: 10 }));
    expect(cart.lines.map((line) => [line.id, line.quantity])).toEqual([[1, 2]]);
    expect(await readCart(db, cafe)).toEqual(cart);
  });

  it("keeps per-kg items on separate lines", async () => {
    await addToCart(db, cafe, draft({ id: 20, perKg: true }, { kilos: 0.8 }));
    const cart = await addToCart(db, cafe, draft({ id: 20, perKg: true }, { kilos: 0.8 }));
    expect(cart.lines.map((line) => line.id)).toEqual([1, 2]);
  });

  it("keeps one cart per store and service", async () => {
    await addToCart(db, cafe, draft({ id: 10 }));
    await addToCart(db, bar, draft({ id: 11 }, { serviceId: 2 }));
    expect((await readCart(db, cafe)).lines.map((line) => line.item.id)).toEqual([10]);
    expect((await readCart(db, bar)).lines.map((line) => line.item.id)).toEqual([11]);
  });

  it("refuses a line of another cart", async () => {
    await expect(addToCart(db, cafe, draft({ id: 11 }, { serviceId: 2 }))).rejects.toThrow(RangeError);
    expect((await readCart(db, cafe)).lines).toEqual([]);
  });

  it("edit mode: updates a line, and quantity 0 removes it; an emptied cart starts its ids again", async () => {
    await addToCart(db, cafe, draft({ id: 10 }));
    await addToCart(db, cafe, draft({ id: 12 }));
    let cart = await updateCartLine(db, cafe, 1, { quantity: 3, comment: "  extra hot 🔥 " });
    expect(cart.lines[0]).toMatchObject({ quantity: 3, comment: "extra hot" });
    cart = await updateCartLine(db, cafe, 1, { quantity: 0 });
    expect(cart.lines.map((line) => line.id)).toEqual([2]);
    cart = await removeCartLine(db, cafe, 2);
    expect(cart).toEqual({ lines: [], nextItemId: 1 });
    expect(await db.cartMeta.count()).toBe(0);
    expect((await addToCart(db, cafe, draft({ id: 10 }))).lines[0]?.id).toBe(1);
  });

  it("writes nothing when the change throws (a limit checked against the stored cart)", async () => {
    await addToCart(db, cafe, draft({ id: 10 }));
    await expect(
      changeCart(db, cafe, () => {
        throw new Error("limit reached");
      }),
    ).rejects.toThrow("limit reached");
    expect((await readCart(db, cafe)).lines).toHaveLength(1);
  });

  it("loses no line when two tabs add at the same time", async () => {
    const other = new AppDatabase(DB_NAME);
    await Promise.all([
      changeCart(db, cafe, (cart) => addLine(cart, draft({ id: 10 }))),
      changeCart(other, cafe, (cart) => addLine(cart, draft({ id: 12 }))),
    ]);
    const cart = await readCart(db, cafe);
    expect(cart.lines.map((line) => line.item.id).sort()).toEqual([10, 12]);
    expect(new Set(cart.lines.map((line) => line.id)).size).toBe(2);
    other.close();
  });
});
