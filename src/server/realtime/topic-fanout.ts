/**
 * Fan-out of live events to STOMP subscriptions: subscribed once to the process's event bus, it
 * routes each event through maps (order status by order id and by store id; a table opening's
 * change by store id), so a publish costs O(subscribers of those topics), not O(connections).
 */
import {
  type OrderTopic,
  orderDestination,
  storeOpeningsDestination,
  storeOrdersDestination,
} from "../../domain/order-topics";
import type { OrderStatusEvent } from "../../domain/orders-api";
import type { OpeningChangedEvent } from "../../domain/table-openings-api";
import type { OrderEventBus } from "./order-events";

export interface TopicSubscriber {
  /** body: the event's JSON, serialized once per event for every subscriber. */
  deliver(destination: string, body: string): void;
}

export class OrderTopicFanout {
  readonly #byOrder = new Map<number, Set<TopicSubscriber>>();
  readonly #byStore = new Map<number, Set<TopicSubscriber>>();
  readonly #openingsByStore = new Map<number, Set<TopicSubscriber>>();
  readonly #stopListening: Array<() => void>;

  constructor(bus: OrderEventBus) {
    this.#stopListening = [
      bus.subscribe((event) => this.route(event)),
      bus.subscribeOpenings((event) => this.routeOpening(event)),
    ];
  }

  /** Returns the function that removes the subscriber again. */
  add(topic: OrderTopic, subscriber: TopicSubscriber): () => void {
    const [map, key] =
      topic.kind === "order"
        ? [this.#byOrder, topic.orderId]
        : [topic.kind === "store" ? this.#byStore : this.#openingsByStore, topic.storeId];
    let set = map.get(key);
    if (set === undefined) {
      set = new Set();
      map.set(key, set);
    }
    set.add(subscriber);
    return () => {
      const current = map.get(key);
      if (current === undefined) return;
      current.delete(subscriber);
      if (current.size === 0) map.delete(key);
    };
  }

  route(event: OrderStatusEvent): void {
    const orderSubscribers = this.#byOrder.get(event.orderId);
    const storeSubscribers = this.#byStore.get(event.storeId);
    if (orderSubscribers === undefined && storeSubscribers === undefined) return;
    const body = JSON.stringify(event);
    deliverAll(orderSubscribers, orderDestination(event.orderId), body);
    deliverAll(storeSubscribers, storeOrdersDestination(event.storeId), body);
  }

  routeOpening(event: OpeningChangedEvent): void {
    const subscribers = this.#openingsByStore.get(event.storeId);
    if (subscribers !== undefined)
      deliverAll(subscribers, storeOpeningsDestination(event.storeId), JSON.stringify(event));
  }

  /** Topics with at least one subscriber (tests and the bench check that nothing leaks). */
  get topicCount(): number {
    return this.#byOrder.size + this.#byStore.size + this.#openingsByStore.size;
  }

  close(): void {
    for (const stop of this.#stopListening) stop();
    this.#byOrder.clear();
    this.#byStore.clear();
    this.#openingsByStore.clear();
  }
}

function deliverAll(subscribers: Set<TopicSubscriber> | undefined, destination: string, body: string): void {
  if (subscribers === undefined) return;
  // A copy: a delivery may close a slow consumer, which removes its subscriptions from the set.
  for (const subscriber of [...subscribers]) {
    try {
      subscriber.deliver(destination, body);
    } catch {
      // One broken connection must not stop the others' deliveries.
    }
  }
}
