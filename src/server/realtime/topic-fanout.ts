/**
 * Fan-out of live events to STOMP subscriptions: subscribed once to the process's event bus, it
 * routes each event through maps (order status by order id and by store id; a table opening's
 * change and a catalogue change by store id), so a publish costs O(subscribers of those topics), not O(connections).
 *
 * A publish to many subscribers must never stall the event loop (in one synchronous loop, 4,000
 * connections x 32 subscriptions on one order froze the server 3.6 s): deliveries run in bounded
 * slices. A publish becomes one job per topic (the topic's subscribers as they are at the publish,
 * and the MESSAGE frame's shared part serialized once); a slice hands at most `deliveriesPerSlice`
 * deliveries (and stops early after `sliceBudgetMs`), then yields with setImmediate, so timers, I/O
 * and HTTP requests run between slices. Jobs run strictly one after another (one FIFO queue per
 * process), so a later event never overtakes an earlier one for any subscriber, whichever slice it
 * is in. A small topic is delivered at once, within the publish, when no job is waiting.
 */
import { channel } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";
import type { BillChangedEvent, WaiterCallEvent } from "../../domain/bill-api";
import type { CatalogueChangedEvent } from "../../domain/catalogue-events";
import type { TicketChangedEvent } from "../../domain/kitchen-api";
import {
  type OrderTopic,
  orderDestination,
  storeCallsDestination,
  storeCatalogueDestination,
  storeOpeningsDestination,
  storeOrdersDestination,
  storeTicketsDestination,
  tableBillDestination,
} from "../../domain/order-topics";
import type { OrderStatusEvent } from "../../domain/orders-api";
import type { OpeningChangedEvent } from "../../domain/table-openings-api";
import type { OrderEventBus } from "./order-events";
import { serializeFrameTail } from "./stomp-frames";

/** One event on one topic, as every subscriber of the topic receives it. */
export interface TopicMessage {
  destination: string;
  /** The event's JSON. */
  body: string;
  /** The MESSAGE frame after its per-subscription headers (stomp-frames serializeFrameTail). */
  frameTail: Buffer;
}

export interface TopicSubscriber {
  deliver(message: TopicMessage): void;
}

export interface FanoutOptions {
  /** Deliveries handed out before the fan-out yields to the event loop. */
  deliveriesPerSlice: number;
  /** A slice also ends once it has run this long (checked every 32 deliveries). */
  sliceBudgetMs: number;
}

export const DEFAULT_FANOUT_OPTIONS: FanoutOptions = { deliveriesPerSlice: 256, sliceBudgetMs: 5 };

/**
 * Each slice's duration and deliveries, for whoever listens (the event-loop bench): a
 * diagnostics channel costs nothing while nobody subscribes and keeps nothing.
 */
export const FANOUT_SLICE_CHANNEL = "venue-ordering:stomp-fanout-slice";
export interface FanoutSliceReport {
  durationMs: number;
  /** CPU time of this process during the slice (user + system): its work, without waits for a core. */
  cpuMs: number;
  deliveries: number;
}
const sliceChannel = channel(FANOUT_SLICE_CHANNEL);

interface Job {
  subscribers: TopicSubscriber[];
  next: number;
  message: TopicMessage;
}

export class OrderTopicFanout {
  readonly #byOrder = new Map<number, Set<TopicSubscriber>>();
  readonly #byStore = new Map<number, Set<TopicSubscriber>>();
  readonly #openingsByStore = new Map<number, Set<TopicSubscriber>>();
  readonly #ticketsByStore = new Map<number, Set<TopicSubscriber>>();
  readonly #callsByStore = new Map<number, Set<TopicSubscriber>>();
  readonly #billByTable = new Map<number, Set<TopicSubscriber>>();
  readonly #catalogueByStore = new Map<number, Set<TopicSubscriber>>();
  readonly #stopListening: Array<() => void>;
  readonly #options: FanoutOptions;
  readonly #queue: Job[] = [];
  #slicing = false;
  #nextSlice: ReturnType<typeof setImmediate> | undefined;
  #idleWaiters: Array<() => void> = [];

  constructor(bus: OrderEventBus, options: Partial<FanoutOptions> = {}) {
    this.#options = { ...DEFAULT_FANOUT_OPTIONS, ...options };
    this.#stopListening = [
      bus.subscribe((event) => this.route(event)),
      bus.subscribeOpenings((event) => this.routeOpening(event)),
      bus.subscribeTickets((event) => this.routeTicket(event)),
      bus.subscribeCalls((event) => this.routeCall(event)),
      bus.subscribeCatalogue((event) => this.routeCatalogue(event)),
    ];
  }

  /** Returns the function that removes the subscriber again. */
  add(topic: OrderTopic, subscriber: TopicSubscriber): () => void {
    const [map, key] =
      topic.kind === "order"
        ? [this.#byOrder, topic.orderId]
        : topic.kind === "tableBill"
          ? [this.#billByTable, topic.tableId]
          : [this.#storeMap(topic), topic.storeId];
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
    this.#enqueue(orderSubscribers, orderDestination(event.orderId), body);
    this.#enqueue(storeSubscribers, storeOrdersDestination(event.storeId), body);
    this.#deliverSlice();
  }

  #storeMap(topic: Exclude<OrderTopic, { kind: "order" | "tableBill" }>): Map<number, Set<TopicSubscriber>> {
    switch (topic.kind) {
      case "store":
        return this.#byStore;
      case "storeOpenings":
        return this.#openingsByStore;
      case "storeTickets":
        return this.#ticketsByStore;
      case "storeCalls":
        return this.#callsByStore;
      case "storeCatalogue":
        return this.#catalogueByStore;
    }
  }

  /** Everyone with the store's menu open: one shared frame, sliced like any large topic. */
  routeCatalogue(event: CatalogueChangedEvent): void {
    const subscribers = this.#catalogueByStore.get(event.storeId);
    if (subscribers === undefined) return;
    this.#enqueue(subscribers, storeCatalogueDestination(event.storeId), JSON.stringify(event));
    this.#deliverSlice();
  }

  routeCall(event: WaiterCallEvent): void {
    const subscribers = this.#callsByStore.get(event.storeId);
    if (subscribers === undefined) return;
    this.#enqueue(subscribers, storeCallsDestination(event.storeId), JSON.stringify(event));
    this.#deliverSlice();
  }

  routeTicket(event: TicketChangedEvent): void {
    const subscribers = this.#ticketsByStore.get(event.storeId);
    if (subscribers === undefined) return;
    this.#enqueue(subscribers, storeTicketsDestination(event.storeId), JSON.stringify(event));
    this.#deliverSlice();
  }

  /** The store's staff get the opening's event; the guests at its spot, the bill's (a table's guests never see the store's other tables). */
  routeOpening(event: OpeningChangedEvent): void {
    const staff = this.#openingsByStore.get(event.storeId);
    const guests = this.#billByTable.get(event.spotId);
    if (staff === undefined && guests === undefined) return;
    this.#enqueue(staff, storeOpeningsDestination(event.storeId), JSON.stringify(event));
    if (guests !== undefined) {
      const bill: BillChangedEvent = {
        tableId: event.spotId,
        openingId: event.openingId,
        version: event.version,
        owedCents: event.remainingCents,
        status: event.status === "OPEN" ? "OPEN" : "SETTLED",
      };
      this.#enqueue(guests, tableBillDestination(event.spotId), JSON.stringify(bill));
    }
    this.#deliverSlice();
  }

  /** Topics with at least one subscriber (tests and the bench check that nothing leaks). */
  get topicCount(): number {
    return (
      this.#byOrder.size +
      this.#byStore.size +
      this.#openingsByStore.size +
      this.#ticketsByStore.size +
      this.#callsByStore.size +
      this.#billByTable.size +
      this.#catalogueByStore.size
    );
  }

  /** Resolves once every event published so far has been handed to its subscribers. */
  whenIdle(): Promise<void> {
    if (this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  close(): void {
    for (const stop of this.#stopListening) stop();
    this.#byOrder.clear();
    this.#byStore.clear();
    this.#openingsByStore.clear();
    this.#ticketsByStore.clear();
    this.#callsByStore.clear();
    this.#billByTable.clear();
    this.#catalogueByStore.clear();
    this.#queue.length = 0;
    clearImmediate(this.#nextSlice);
    this.#nextSlice = undefined;
    this.#settleIdle();
  }

  #enqueue(subscribers: Set<TopicSubscriber> | undefined, destination: string, body: string): void {
    if (subscribers === undefined || subscribers.size === 0) return;
    const frameTail = serializeFrameTail({ destination, "content-type": "application/json" }, body);
    // A copy: who subscribed by the publish gets it, and a delivery may close a slow consumer,
    // which removes its subscriptions from the set.
    this.#queue.push({ subscribers: [...subscribers], next: 0, message: { destination, body, frameTail } });
  }

  /** Runs one slice now unless one is running or already scheduled (that one will take the new job). */
  #deliverSlice(): void {
    if (this.#slicing || this.#nextSlice !== undefined) return;
    this.#slicing = true;
    const { deliveriesPerSlice, sliceBudgetMs } = this.#options;
    const started = performance.now();
    const cpuAtStart = sliceChannel.hasSubscribers ? process.cpuUsage() : undefined;
    let handed = 0;
    let budgetLeft = true;
    try {
      while (this.#queue.length > 0 && handed < deliveriesPerSlice && budgetLeft) {
        const job = this.#queue[0] as Job;
        while (job.next < job.subscribers.length && handed < deliveriesPerSlice && budgetLeft) {
          const subscriber = job.subscribers[job.next] as TopicSubscriber;
          job.next += 1;
          handed += 1;
          try {
            subscriber.deliver(job.message);
          } catch {
            // One broken connection must not stop the others' deliveries.
          }
          if (handed % 32 === 0 && performance.now() - started > sliceBudgetMs) budgetLeft = false;
        }
        if (job.next >= job.subscribers.length) this.#queue.shift();
      }
    } finally {
      this.#slicing = false;
    }
    if (cpuAtStart !== undefined) {
      const cpu = process.cpuUsage(cpuAtStart);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      const report: FanoutSliceReport = { durationMs: performance.now() - started, cpuMs, deliveries: handed };
      sliceChannel.publish(report);
    }
    if (this.#queue.length > 0) {
      this.#nextSlice = setImmediate(() => {
        this.#nextSlice = undefined;
        this.#deliverSlice();
      });
    } else {
      this.#settleIdle();
    }
  }

  #settleIdle(): void {
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
