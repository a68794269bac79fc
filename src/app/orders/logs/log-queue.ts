/**
 * The queue of §7 log calls (spec §7 "Logging calls (all POST, fire and forget, errors swallowed)";
 * queued in Dexie while offline and flushed later). Each call is written to
 * appDb().pendingLogs first and then sent, oldest first, as POST /api/log/{event}; a row leaves the
 * queue once the server answered it for good:
 *
 * - 2xx: delivered;
 * - any other 4xx except 408 and 429: the server will never take it (unknown event, missing
 *   field), so sending it again would only repeat the refusal;
 * - network failure, timeout, 408, 429, 5xx: kept, and the flush stops there (the next trigger
 *   tries again: a new event, the `online` event, the next app start).
 *
 * The queue keeps at most LOG_QUEUE_LIMIT rows, dropping the oldest: logs are worth less than the
 * guest's storage (a phone offline for a day must not fill IndexedDB with heart-beats of logs).
 * Nothing here throws to its caller.
 */

import type { LogEvent, LogRequest } from "../../../domain/order-logs";
import { authHeaders } from "../../api/accounts-client";
import type { AppDatabase, PendingLogRow } from "../../db/app-db";
import { currentSession } from "../../session/session";

/** Rows kept at most; beyond it the oldest go. About 100 KB of IndexedDB. */
export const LOG_QUEUE_LIMIT = 500;
/** A log call that takes longer is abandoned (and kept for the next flush). */
export const LOG_SEND_TIMEOUT_MS = 10_000;
/** The Web Lock held by the tab that is sending the queue. */
export const LOG_FLUSH_LOCK = "kyma-log-flush";
/** Rows read per round of a flush. */
const BATCH = 50;

export type LogFields = Omit<LogRequest, "at">;
type Outcome = "delivered" | "refused" | "retry";

export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return "delivered";
  if (status === 408 || status === 429) return "retry";
  if (status >= 400 && status < 500) return "refused";
  return "retry";
}

export interface LogQueueOptions {
  limit?: number;
  /** Where /api lives (the page's origin in the app). */
  baseUrl?: () => string;
}

export class LogQueue {
  readonly #db: () => Promise<AppDatabase>;
  readonly #limit: number;
  readonly #baseUrl: () => string;
  #flushing: Promise<void> | null = null;
  #again = false;

  constructor(db: () => Promise<AppDatabase>, options: LogQueueOptions = {}) {
    this.#db = db;
    this.#limit = options.limit ?? LOG_QUEUE_LIMIT;
    this.#baseUrl = options.baseUrl ?? (() => globalThis.location.href);
  }

  /** Queues one call recorded at `at`, trims the queue, then flushes. Never rejects. */
  async record(event: LogEvent, fields: LogFields, at: Date): Promise<void> {
    const row: PendingLogRow = { event, body: { ...fields, at: at.toISOString() } };
    try {
      const db = await this.#db();
      await db.pendingLogs.add(row);
      await this.#trim(db);
    } catch {
      // No IndexedDB (private mode, storage full): one attempt straight away, nothing kept.
      await this.#send(row, await currentSession().catch(() => null)).catch(() => undefined);
      return;
    }
    await this.flush();
  }

  /** Sends the queued calls, oldest first, until one must wait. One flush at a time; never rejects. */
  flush(): Promise<void> {
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    this.#flushing = this.#drainOnce()
      .catch(() => undefined)
      .finally(() => {
        this.#flushing = null;
      });
    return this.#flushing;
  }

  /**
   * Two tabs share the queue: the Web Locks API lets one of them send it; the other skips (the
   * holder sends its rows too, as they are in the same table). Without the API each tab sends,
   * and a row may then be sent twice: a duplicate log line, nothing worse.
   */
  async #drainOnce(): Promise<void> {
    const locks = globalThis.navigator?.locks;
    if (!locks) return this.#drain();
    await locks.request(LOG_FLUSH_LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) await this.#drain();
    });
  }

  async #drain(): Promise<void> {
    const db = await this.#db();
    const session = await currentSession();
    for (;;) {
      this.#again = false;
      const rows = await db.pendingLogs.orderBy(":id").limit(BATCH).toArray();
      for (const row of rows) {
        if ((await this.#send(row, session)) === "retry") return;
        if (row.id !== undefined) await db.pendingLogs.delete(row.id);
      }
      if (rows.length < BATCH && !this.#again) return;
    }
  }

  async #send(row: PendingLogRow, session: Awaited<ReturnType<typeof currentSession>>): Promise<Outcome> {
    try {
      const response = await fetch(new URL(`/api/log/${row.event}`, this.#baseUrl()), {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(session ? authHeaders(session) : {}) },
        body: JSON.stringify(row.body),
        // Lets the last calls of a closing screen finish after the page went away.
        keepalive: true,
        signal: AbortSignal.timeout(LOG_SEND_TIMEOUT_MS),
      });
      return outcomeOf(response.status);
    } catch {
      return "retry";
    }
  }

  async #trim(db: AppDatabase): Promise<void> {
    const excess = (await db.pendingLogs.count()) - this.#limit;
    if (excess <= 0) return;
    const oldest = await db.pendingLogs.orderBy(":id").limit(excess).primaryKeys();
    await db.pendingLogs.bulkDelete(oldest);
  }
}
