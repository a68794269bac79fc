import { describe, expect, it } from "vitest";
import { orderDestination, storeOpeningsDestination, storeOrdersDestination } from "../../domain/order-topics";
import type { OrderStatusEvent } from "../../domain/orders-api";
import type { OpeningChangedEvent } from "../../domain/table-openings-api";
import { InProcessOrderEvents } from "./order-events";
import { OrderTopicFanout } from "./topic-fanout";

const event = (orderId: number, storeId: number): OrderStatusEvent => ({
  orderId,
  storeId,
  status: "ACCEPTED",
  onHold: false,
  dailyNumber: 1,
  errorMessage: null,
  updatedAt: "2026-07-01T09:00:00.000Z",
});

/** Records each delivery as [destination, the body's `idField`]. */
function recorder(idField: "orderId" | "openingId" = "orderId") {
  const got: Array<[string, number]> = [];
  return {
    got,
    subscriber: { deliver: (destination: string, body: string) => got.push([destination, JSON.parse(body)[idField]]) },
  };
}

describe("order topic fan-out (routes by order and store, not through every connection)", () => {
  it("an event reaches its order's and its store's subscribers only, each with its destination", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus);
    const [guest, staff, otherOrder, otherStore] = [recorder(), recorder(), recorder(), recorder()];
    fanout.add({ kind: "order", orderId: 1 }, guest.subscriber);
    fanout.add({ kind: "store", storeId: 7 }, staff.subscriber);
    fanout.add({ kind: "order", orderId: 2 }, otherOrder.subscriber);
    fanout.add({ kind: "store", storeId: 132 }, otherStore.subscriber);
    await bus.publish(event(1, 7));
    expect(guest.got).toEqual([[orderDestination(1), 1]]);
    expect(staff.got).toEqual([[storeOrdersDestination(7), 1]]);
    expect(otherOrder.got).toEqual([]);
    expect(otherStore.got).toEqual([]);
  });

  it("removing the last subscriber of a topic removes the topic; a throwing subscriber does not stop the others", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus);
    const kept = recorder();
    const removeBroken = fanout.add(
      { kind: "order", orderId: 1 },
      {
        deliver: () => {
          throw new Error("socket gone");
        },
      },
    );
    const removeKept = fanout.add({ kind: "order", orderId: 1 }, kept.subscriber);
    await bus.publish(event(1, 7));
    expect(kept.got).toHaveLength(1);
    removeBroken();
    removeKept();
    removeKept();
    expect(fanout.topicCount).toBe(0);
    fanout.close();
    await bus.publish(event(1, 7));
    expect(kept.got).toHaveLength(1);
  });

  it("a table opening's change reaches its store's openings topic only; order topics never see it (issue Table openings §3)", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus);
    const [openings, otherStoreOpenings, storeOrders] = [recorder("openingId"), recorder("openingId"), recorder()];
    fanout.add({ kind: "storeOpenings", storeId: 7 }, openings.subscriber);
    fanout.add({ kind: "storeOpenings", storeId: 132 }, otherStoreOpenings.subscriber);
    fanout.add({ kind: "store", storeId: 7 }, storeOrders.subscriber);
    const opening: OpeningChangedEvent = {
      storeId: 7,
      openingId: 5,
      spotId: 7401,
      listKind: "tables",
      status: "OPEN",
      version: 2,
      remainingCents: 1200,
      changedAt: "2026-07-01T09:00:00.000Z",
    };
    await bus.publish(opening);
    await bus.publish(event(1, 7));
    expect(openings.got).toEqual([[storeOpeningsDestination(7), 5]]);
    expect(otherStoreOpenings.got).toEqual([]);
    expect(storeOrders.got).toEqual([[storeOrdersDestination(7), 1]]);
    fanout.close();
    expect(fanout.topicCount).toBe(0);
  });
});
