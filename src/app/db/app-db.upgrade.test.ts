/**
 * An app update while an order waits: a checkout stored by the version before orders kept their
 * own lines (they stayed in the cart) gets exactly the lines it sent, moved out of the cart, and
 * what the guest added after sending stays in the cart for the next round.
 */
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { addLine, type Cart, EMPTY_CART } from "../../domain/cart";
import { orderRequestLinesOf } from "../../domain/checkout";
import type { PlaceOrderRequest } from "../../domain/orders-api";
import { draft } from "../../domain/test-support";
import { AppDatabase } from "./app-db";

const NAME = "upgrade-test";

/** The database as the previous version declared it (versions 1 to 3). */
function previousVersion(): Dexie {
  const db = new Dexie(NAME);
  db.version(1).stores({ cartLines: "[storeId+serviceId+id]", cartMeta: "[storeId+serviceId]" });
  db.version(2).stores({
    pendingOrders: "idempotencyKey, [storeId+serviceId], orderId",
    deliveryInfo: "id",
    pendingLogs: "++id",
  });
  db.version(3).stores({ pendingStaffActions: "idempotencyKey, openingId" });
  return db;
}

afterEach(() => Dexie.delete(NAME));

describe("Dexie version 4: a waiting checkout of the previous version takes its lines out of the cart", () => {
  it("moves the sent lines into the order; a line added after the send stays in the cart", async () => {
    const sent: Cart = [draft({ id: 1 }, { comment: "no sugar" })].reduce(addLine, EMPTY_CART);
    const cart = addLine(sent, draft({ id: 2 }));
    const request = { serviceId: 1, tableId: 5, lines: orderRequestLinesOf(sent.lines) } as PlaceOrderRequest;
    const old = previousVersion();
    await old.table("cartLines").bulkPut([...cart.lines]);
    await old.table("cartMeta").put({ storeId: 1, serviceId: 1, nextItemId: cart.nextItemId });
    await old.table("pendingOrders").put({
      idempotencyKey: "k1",
      storeId: 1,
      serviceId: 1,
      tableId: 5,
      request,
      onHold: false,
      createdAt: "2026-11-28T10:00:00.000Z",
      attempts: 1,
      lastError: null,
      orderId: 77,
    });
    old.close();

    const upgraded = new AppDatabase(NAME);
    const [order] = await upgraded.pendingOrders.toArray();
    expect(order?.lines.map((line) => line.item.id)).toEqual([1]);
    expect(order?.ended).toBeNull();
    expect((await upgraded.cartLines.toArray()).map((line) => line.item.id)).toEqual([2]);
    upgraded.close();
  });
});
