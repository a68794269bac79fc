/**
 * The order-status event bus (design.md "Real time"): whoever changes an order's status publishes
 * the new status after its transaction committed; the STOMP endpoint subscribes and fans it out to
 * the guest of the order and the staff of its store.
 *
 * On SQLite (one process) the bus is in-process. On PostgreSQL every API process publishes with
 * NOTIFY and listens with LISTEN, so a change made through one process reaches the subscribers of
 * another (postgres-order-events.ts).
 */
import type { OrderStatusEvent } from "../../domain/orders-api";

export type OrderEventListener = (event: OrderStatusEvent) => void;

export interface OrderEventBus {
  /** Delivers the event to every listener (of every process, on PostgreSQL). */
  publish(event: OrderStatusEvent): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(listener: OrderEventListener): () => void;
  close(): Promise<void>;
}

/** One process: listeners are called synchronously, each guarded so one cannot break the others. */
export class InProcessOrderEvents implements OrderEventBus {
  readonly #listeners = new Set<OrderEventListener>();

  async publish(event: OrderStatusEvent): Promise<void> {
    this.deliver(event);
  }

  /** Hands an event to this process's listeners (also used by the PostgreSQL bus on NOTIFY). */
  deliver(event: OrderStatusEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own; the others still get the event.
      }
    }
  }

  subscribe(listener: OrderEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
  }
}
