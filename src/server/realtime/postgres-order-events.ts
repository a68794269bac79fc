/**
 * The order-event bus of several API processes on one PostgreSQL (design.md "Real time"): publish
 * is `select pg_notify('order_events', json)`; every process LISTENs on a dedicated connection (a
 * pooled one would lose its LISTEN when handed back) and hands what it hears to its own listeners.
 *
 * - A process delivers its own events to its listeners at once, without the round trip, and skips
 *   their echo (each payload names the process that sent it). So a process's own subscribers do
 *   not depend on the LISTEN connection.
 * - When the LISTEN connection drops, it reconnects with exponential backoff and jitter. PostgreSQL
 *   keeps no NOTIFY for an absent listener, so once back it replays what it may have missed (issue
 *   11 item 1) from the stored changes: `replay(since)` (main.ts: the status-event jobs done since
 *   the loss, less `replayMarginMs` for clock skew and a loss noticed late, and those still pending;
 *   src/server/jobs/replay.ts), delivered to its own listeners only. An event heard twice is
 *   harmless (a screen shows the latest status); the app's backup poll stays as the last net.
 * - Publish never throws: it runs after the status change committed, and a lost notification must
 *   not turn a done accept into a 500; it is logged instead.
 * - A payload is at most 8000 bytes (PostgreSQL's limit); an event is a few hundred.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import Value from "typebox/value";
import type { Database } from "../db/schema";
import { processApplicationName } from "../orders/claim-owners";
import {
  type CallEventListener,
  type CatalogueEventListener,
  InProcessOrderEvents,
  type LiveEvent,
  LiveEventSchema,
  type OpeningEventListener,
  type OrderEventBus,
  type OrderEventListener,
  type TicketEventListener,
} from "./order-events";

export const ORDER_EVENTS_CHANNEL = "order_events";

/** The few log calls the bus makes (a Fastify/pino logger fits). */
export interface OrderEventsLog {
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PostgresOrderEventsOptions {
  /** The database URL; the LISTEN connection is opened with it. */
  connectionString: string;
  /** The API's pool, for publishing. */
  db: Kysely<Database>;
  log: OrderEventsLog;
  /** Reconnect backoff: first delay and cap (ms). */
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
  /** The events stored since an instant, replayed to this process's listeners after a LISTEN gap. */
  replay?: (since: Date) => Promise<LiveEvent[]>;
  /** How far before the noticed loss the replay reaches back (ms). */
  replayMarginMs?: number;
  /**
   * This process's name: its own events' echo is skipped by it, and its LISTEN connection carries
   * it (`application_name`), which tells other processes it is running (orders/claim-owners.ts).
   */
  processId?: string;
}

interface Envelope {
  origin: string;
  event: LiveEvent;
}

export class PostgresOrderEvents implements OrderEventBus {
  readonly #local = new InProcessOrderEvents();
  readonly #origin: string;
  readonly #options: Required<Omit<PostgresOrderEventsOptions, "replay" | "processId">> &
    Pick<PostgresOrderEventsOptions, "replay">;
  #client: pg.Client | null = null;
  #closed = false;
  #failures = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #connected: Promise<void> | null = null;
  /** When the LISTEN connection was lost (ms since the epoch), until the replay after reconnecting. */
  #lostAt: number | null = null;

  constructor(options: PostgresOrderEventsOptions) {
    const { processId = randomUUID(), ...rest } = options;
    this.#origin = processId;
    this.#options = { reconnectInitialMs: 200, reconnectMaxMs: 10_000, replayMarginMs: 30_000, ...rest };
  }

  /**
   * Opens the LISTEN connection. The first attempt's failure is thrown (the server should not start
   * deaf); a later drop reconnects by itself.
   */
  start(): Promise<void> {
    this.#connected ??= this.#connect();
    return this.#connected;
  }

  /** True while the LISTEN connection is up (tests wait for it after a drop). */
  get listening(): boolean {
    return this.#client !== null;
  }

  async publish(event: LiveEvent): Promise<void> {
    this.#local.deliver(event);
    const payload = JSON.stringify({ origin: this.#origin, event } satisfies Envelope);
    try {
      await sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${payload})`.execute(this.#options.db);
    } catch (error) {
      this.#options.log.error({ err: error, event }, "order event NOTIFY failed");
    }
  }

  subscribe(listener: OrderEventListener): () => void {
    return this.#local.subscribe(listener);
  }

  subscribeOpenings(listener: OpeningEventListener): () => void {
    return this.#local.subscribeOpenings(listener);
  }

  subscribeTickets(listener: TicketEventListener): () => void {
    return this.#local.subscribeTickets(listener);
  }

  subscribeCalls(listener: CallEventListener): () => void {
    return this.#local.subscribeCalls(listener);
  }

  subscribeCatalogue(listener: CatalogueEventListener): () => void {
    return this.#local.subscribeCatalogue(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = null;
    await this.#local.close();
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#options.connectionString,
      application_name: processApplicationName(this.#origin),
    });
    // Until LISTEN succeeded, a failure is the caller's (start throws, a reconnect retries).
    const ignore = () => undefined;
    client.on("error", ignore);
    client.on("notification", (message) => {
      if (message.channel === ORDER_EVENTS_CHANNEL && message.payload !== undefined) this.#onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${ORDER_EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(ignore);
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(ignore);
      return;
    }
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.#client === client) this.#client = null;
      this.#lostAt ??= Date.now();
      client.end().catch(ignore);
      if (this.#closed) return;
      this.#options.log.warn({ err: error }, "order events LISTEN connection lost: reconnecting");
      this.#scheduleReconnect();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    this.#client = client;
    this.#failures = 0;
  }

  #scheduleReconnect(): void {
    const { reconnectInitialMs, reconnectMaxMs } = this.#options;
    const delay = Math.min(reconnectMaxMs, reconnectInitialMs * 2 ** this.#failures) * (0.5 + Math.random() / 2);
    this.#failures += 1;
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = setTimeout(() => {
      if (this.#closed) return;
      this.#connect().then(
        () => {
          this.#options.log.info("order events LISTEN connection back");
          return this.#replayMissed();
        },
        (error: unknown) => {
          this.#options.log.warn({ err: error }, "order events LISTEN reconnect failed");
          this.#scheduleReconnect();
        },
      );
    }, delay);
  }

  /** After a reconnect: the stored events since the loss, to this process's listeners. */
  async #replayMissed(): Promise<void> {
    const { replay, replayMarginMs, log } = this.#options;
    const lostAt = this.#lostAt;
    if (replay === undefined || lostAt === null || this.#closed) return;
    try {
      const events = await replay(new Date(lostAt - replayMarginMs));
      // Cleared only once replayed: a failed replay is tried again after the next reconnect.
      this.#lostAt = null;
      for (const event of events) this.#local.deliver(event);
      log.info(`order events replayed after the LISTEN gap: ${events.length}`);
    } catch (error) {
      log.error({ err: error }, "order events replay after the LISTEN gap failed");
    }
  }

  #onPayload(payload: string): void {
    let envelope: Partial<Envelope>;
    try {
      envelope = JSON.parse(payload) as Partial<Envelope>;
    } catch {
      this.#options.log.warn(
        { payload: payload.slice(0, 200) },
        "order event NOTIFY with a payload that is not JSON: ignored",
      );
      return;
    }
    if (envelope.origin === this.#origin) return;
    if (!Value.Check(LiveEventSchema, envelope.event)) {
      this.#options.log.warn(
        { payload: payload.slice(0, 200) },
        "order event NOTIFY that is not an OrderStatusEvent: ignored",
      );
      return;
    }
    this.#local.deliver(envelope.event);
  }
}
