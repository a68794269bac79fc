import { describe, expect, it } from "vitest";
import { orderDestination, storeOpeningsDestination, storeOrdersDestination } from "../../domain/order-topics";
import type { OrderStatusEvent } from "../../domain/orders-api";
import type { OpeningChangedEvent } from "../../domain/table-openings-api";
import { InProcessOrderEvents } from "./order-events";
import { StompParser } from "./stomp-frames";
import { OrderTopicFanout, type TopicMessage, type TopicSubscriber } from "./topic-fanout";

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
    subscriber: {
      deliver: ({ destination, body }: TopicMessage): void => {
        got.push([destination, JSON.parse(body)[idField]]);
      },
    },
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

  it("a table opening's change reaches its store's openings topic only; order topics never see it", async () => {
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

/** Spins for `ms`: a delivery that costs real time, as a socket write does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

describe("fan-out in bounded slices (a publish to many subscribers never stalls the event loop)", () => {
  it("a publish to 2,000 subscribers yields between slices: a timer and an immediate scheduled during it run before its last delivery", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus, { deliveriesPerSlice: 100, sliceBudgetMs: 10_000 });
    const log: string[] = [];
    let delivered = 0;
    for (let i = 0; i < 2000; i++) {
      fanout.add(
        { kind: "order", orderId: 1 },
        {
          deliver: () => {
            delivered += 1;
            if (delivered === 1) {
              setTimeout(() => log.push(`timer after ${delivered}`), 0);
              setImmediate(() => log.push(`immediate after ${delivered}`));
            }
            busy(0.02);
            if (delivered === 2000) log.push("last delivery");
          },
        },
      );
    }
    await bus.publish(event(1, 7));
    expect(delivered).toBe(100); // the first slice, within the publish
    await fanout.whenIdle();
    expect(delivered).toBe(2000);
    // On a fan-out that delivers in one go, both would run after "last delivery".
    expect(log).toHaveLength(3);
    expect(log[2]).toBe("last delivery");
    expect(log).toContain("immediate after 100");
    expect(log.some((line) => /^timer after \d+$/.test(line))).toBe(true);
    fanout.close();
  });

  it("a slice also ends after sliceBudgetMs, however many deliveries it may still hand", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus, { deliveriesPerSlice: 10_000, sliceBudgetMs: 5 });
    let delivered = 0;
    const slow: TopicSubscriber = {
      deliver: () => {
        delivered += 1;
        busy(0.05);
      },
    };
    for (let i = 0; i < 1000; i++) fanout.add({ kind: "order", orderId: 1 }, { deliver: (m) => slow.deliver(m) });
    await bus.publish(event(1, 7));
    expect(delivered).toBeGreaterThanOrEqual(32);
    expect(delivered).toBeLessThan(1000);
    await fanout.whenIdle();
    expect(delivered).toBe(1000);
    fanout.close();
  });

  it("ordering per subscriber is kept across slices: every subscriber gets the events in publish order, on its order and store topics", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus, { deliveriesPerSlice: 3 });
    const subscribers = Array.from({ length: 10 }, () => recorder());
    for (const [i, { subscriber }] of subscribers.entries()) {
      fanout.add(i % 2 === 0 ? { kind: "order", orderId: 1 } : { kind: "store", storeId: 7 }, subscriber);
    }
    const statuses = ["WAITING_FOR_ACCEPTANCE", "ACCEPTED", "REJECTED"] as const;
    const seen: string[][] = subscribers.map(() => []);
    for (const [i, { subscriber }] of subscribers.entries()) {
      const inner = subscriber.deliver;
      subscriber.deliver = (message: TopicMessage) => {
        seen[i]?.push((JSON.parse(message.body) as OrderStatusEvent).status);
        inner(message);
      };
    }
    for (const status of statuses) await bus.publish({ ...event(1, 7), status });
    // Published back to back: the second and third wait behind the first's slices.
    expect(seen.flat().length).toBeLessThan(30);
    await fanout.whenIdle();
    for (const got of seen) expect(got).toEqual([...statuses]);
    fanout.close();
  });

  it("closing the fan-out mid-publish drops the slices still waiting: no delivery after close", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus, { deliveriesPerSlice: 10 });
    let delivered = 0;
    for (let i = 0; i < 100; i++) {
      fanout.add(
        { kind: "order", orderId: 1 },
        {
          deliver: () => {
            delivered += 1;
          },
        },
      );
    }
    await bus.publish(event(1, 7));
    const idle = fanout.whenIdle();
    fanout.close();
    await idle;
    await new Promise((resolve) => setImmediate(resolve));
    expect(delivered).toBe(10);
  });

  it("serializes the MESSAGE frame's shared part once per topic: subscriber heads plus that tail parse as one MESSAGE", async () => {
    const bus = new InProcessOrderEvents();
    const fanout = new OrderTopicFanout(bus);
    const messages: TopicMessage[] = [];
    const subscriber: TopicSubscriber = { deliver: (message) => messages.push(message) };
    fanout.add({ kind: "order", orderId: 1 }, subscriber);
    fanout.add({ kind: "order", orderId: 1 }, { deliver: (message) => messages.push(message) });
    await bus.publish(event(1, 7));
    expect(messages).toHaveLength(2);
    expect(messages[0]?.frameTail).toBe(messages[1]?.frameTail);
    const bytes = Buffer.concat([
      Buffer.from("MESSAGE\nsubscription:s\\c1\nmessage-id:m-1\n"),
      messages[0]?.frameTail ?? Buffer.alloc(0),
    ]);
    const [item] = new StompParser(64 * 1024).push(bytes);
    expect(item).toEqual({
      kind: "frame",
      frame: {
        command: "MESSAGE",
        headers: {
          subscription: "s:1",
          "message-id": "m-1",
          destination: orderDestination(1),
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(JSON.stringify(event(1, 7)))),
        },
        body: JSON.stringify(event(1, 7)),
      },
    });
    fanout.close();
  });
});
