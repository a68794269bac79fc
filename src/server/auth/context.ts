/**
 * What the accounts routes share: the database, the clock (injectable, so tests move time instead
 * of waiting), the messenger, the keys and the work that continues after an answer.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { CodeSendConfig, GuestOrderLimits } from "../config";
import type { Database } from "../db/schema";
import type { Messenger } from "../notify/messenger";
import type { KeyRing } from "./secrets";

export interface AccountsContext {
  db: Kysely<Database>;
  now: () => Date;
  messenger: Messenger;
  keyRing: KeyRing;
  background: BackgroundTasks;
  /** Limits on sending codes to many numbers, and where voice calls may go (./code-send-guard.ts). */
  codeSends: CodeSendConfig;
  /** Orders one guest may place (./write-limits.ts). */
  guestOrders: GuestOrderLimits;
}

/**
 * Work started by a request that must not delay its answer (an e-mail whose sending time would
 * tell whether the address has an account). Failures are logged; the server waits for the work
 * in flight when it closes.
 */
export class BackgroundTasks {
  readonly #running = new Set<Promise<void>>();

  /** Public so work started by a request can log what it noticed (a PIN-guessing alert). */
  constructor(readonly log: FastifyBaseLogger) {}

  run(description: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.log.error({ err: error }, `${description} failed`))
      .finally(() => this.#running.delete(task));
    this.#running.add(task);
  }

  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
