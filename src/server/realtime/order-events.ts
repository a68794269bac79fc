/**
 * The order-status event bus (design.md "Real time"): whoever changes an order's status publishes
 * the new status after its transaction committed; the STOMP endpoint subscribes and fans it out to
 * the guest of the order and the staff of its store.
 *
 * On SQLite (one process) the bus is in-process. On PostgreSQL every API process publishes with
 * NOTIFY and listens with LISTEN, so a change made through one process reaches the subscribers of
 * another (postgres-order-events.ts).
 *
 * A table opening's change (live open tables) travels the same way, so it crosses API
 * processes like order events do; it has listeners of its own, and an order listener never sees one.
 * So does a store's catalogue change (catalogue-publisher.ts), for the guests' open menus.
 */
import { Type } from "typebox";
import { type WaiterCallEvent, WaiterCallEventSchema } from "../../domain/bill-api";
import { type CatalogueChangedEvent, CatalogueChangedEventSchema } from "../../domain/catalogue-events";
import { type TicketChangedEvent, TicketChangedEventSchema } from "../../domain/kitchen-api";
import { type OrderStatusEvent, OrderStatusEventSchema } from "../../domain/orders-api";
import { type OpeningChangedEvent, OpeningChangedEventSchema } from "../../domain/table-openings-api";

/** What the bus carries. */
export type LiveEvent =
  | OrderStatusEvent
  | OpeningChangedEvent
  | TicketChangedEvent
  | WaiterCallEvent
  | CatalogueChangedEvent;
export const LiveEventSchema = Type.Union([
  OrderStatusEventSchema,
  OpeningChangedEventSchema,
  TicketChangedEventSchema,
  WaiterCallEventSchema,
  CatalogueChangedEventSchema,
]);

export function isOpeningEvent(event: LiveEvent): event is OpeningChangedEvent {
  return "openingId" in event;
}

export function isTicketEvent(event: LiveEvent): event is TicketChangedEvent {
  return "ticketId" in event;
}

export function isCallEvent(event: LiveEvent): event is WaiterCallEvent {
  return "callId" in event;
}

export function isCatalogueEvent(event: LiveEvent): event is CatalogueChangedEvent {
  return "catalogueVersion" in event;
}

export type OrderEventListener = (event: OrderStatusEvent) => void;
export type OpeningEventListener = (event: OpeningChangedEvent) => void;
export type TicketEventListener = (event: TicketChangedEvent) => void;
export type CallEventListener = (event: WaiterCallEvent) => void;
export type CatalogueEventListener = (event: CatalogueChangedEvent) => void;

export interface OrderEventBus {
  /** Delivers the event to every listener of its kind (of every process, on PostgreSQL). */
  publish(event: LiveEvent): Promise<void>;
  /** Order status events. Returns the function that stops listening. */
  subscribe(listener: OrderEventListener): () => void;
  /** Table-opening events. Returns the function that stops listening. */
  subscribeOpenings(listener: OpeningEventListener): () => void;
  /** Kitchen ticket events. Returns the function that stops listening. */
  subscribeTickets(listener: TicketEventListener): () => void;
  /** Guests' calls to the waiter. Returns the function that stops listening. */
  subscribeCalls(listener: CallEventListener): () => void;
  /** A store's catalogue changed. Returns the function that stops listening. */
  subscribeCatalogue(listener: CatalogueEventListener): () => void;
  close(): Promise<void>;
}

/** One process: listeners are called synchronously, each guarded so one cannot break the others. */
export class InProcessOrderEvents implements OrderEventBus {
  readonly #listeners = new Set<OrderEventListener>();
  readonly #openingListeners = new Set<OpeningEventListener>();
  readonly #ticketListeners = new Set<TicketEventListener>();
  readonly #callListeners = new Set<CallEventListener>();
  readonly #catalogueListeners = new Set<CatalogueEventListener>();

  async publish(event: LiveEvent): Promise<void> {
    this.deliver(event);
  }

  /** Hands an event to this process's listeners (also used by the PostgreSQL bus on NOTIFY). */
  deliver(event: LiveEvent): void {
    if (isOpeningEvent(event)) callEach(this.#openingListeners, event);
    else if (isTicketEvent(event)) callEach(this.#ticketListeners, event);
    else if (isCallEvent(event)) callEach(this.#callListeners, event);
    else if (isCatalogueEvent(event)) callEach(this.#catalogueListeners, event);
    else callEach(this.#listeners, event);
  }

  subscribe(listener: OrderEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  subscribeOpenings(listener: OpeningEventListener): () => void {
    this.#openingListeners.add(listener);
    return () => this.#openingListeners.delete(listener);
  }

  subscribeTickets(listener: TicketEventListener): () => void {
    this.#ticketListeners.add(listener);
    return () => this.#ticketListeners.delete(listener);
  }

  subscribeCalls(listener: CallEventListener): () => void {
    this.#callListeners.add(listener);
    return () => this.#callListeners.delete(listener);
  }

  subscribeCatalogue(listener: CatalogueEventListener): () => void {
    this.#catalogueListeners.add(listener);
    return () => this.#catalogueListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#catalogueListeners.clear();
    this.#listeners.clear();
    this.#openingListeners.clear();
    this.#ticketListeners.clear();
    this.#callListeners.clear();
  }
}

function callEach<Event>(listeners: ReadonlySet<(event: Event) => void>, event: Event): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // A listener's failure is its own; the others still get the event.
    }
  }
}
