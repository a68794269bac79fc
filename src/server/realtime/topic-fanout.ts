/**
 * Fan-out of order status events to STOMP subscriptions: subscribed once to the process's event
 * bus, it routes each event through two maps (by order id, by store id), so a publish costs
 * O(subscribers of that order and that store), not O(connections).
 */
import { type OrderTopic, orderDestination, storeOrdersDestination } from "../../domain/order-topics";
import type { OrderStatusEvent } from "../../domain/orders-api";
import type { OrderEventBus } from "./order-events";

export interface TopicSubscriber {
  /** body: the event's JSON, serialized once per event for every subscriber. */
  deliver(destination: string, body: string): void;
}

export class OrderTopicFanout {
  readonly #byOrder = new Map<number, Set<TopicSubscriber>>();
  readonly #byStore = new Map<number, Set<TopicSubscriber>>();
  readonly #stopListening: () => void;

  constructor(bus: OrderEventBus) {
    this.#stopListening = bus.subscribe((event) => this.route(event));
  }

  /** Returns the function that removes the subscriber again. */
  add(topic: OrderTopic, subscriber: TopicSubscriber): () => void {
    const [map, key] = topic.kind === "order" ? [this.#byOrder, topic.orderId] : [this.#byStore, topic.storeId];
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

  /** Topics with at least one subscriber (tests and the bench check that nothing leaks). */
  get topicCount(): number {
    return this.#byOrder.size + this.#byStore.size;
  }

  close(): void {
    this.#stopListening();
    this.#byOrder.clear();
    this.#byStore.clear();
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
