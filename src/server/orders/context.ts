/**
 * What the order routes share: the accounts context (database, clock, messenger, keys, background
 * work), the menu cache (placement prices from the same menu the guests see, and bumps the
 * store's catalogue version when stock changes), the order-event bus and the payment provider.
 */
import type { Kysely } from "kysely";
import type { AccountsContext } from "../auth/context";
import type { Database } from "../db/schema";
import type { MenuCache } from "../menu/menu-cache";
import type { OrderEventBus } from "../realtime/order-events";
import type { ClaimOwners } from "./claim-owners";

export interface OrdersContext extends AccountsContext {
  menuCache: MenuCache;
  orderEvents: OrderEventBus;
  payments: PaymentProvider;
  /** The after-commit job worker (src/server/jobs/worker.ts), told when a commit wrote jobs. */
  jobs: JobNudge;
  /**
   * PostgreSQL's advisory connections (db/database.ts openAdvisoryConnections), where a placement
   * draws its daily number; unset on SQLite, where it is drawn in the placement's transaction.
   */
  advisoryDb?: Kysely<Database>;
  /** This process's name on the Idempotency-Key claims it makes, and who else is still running. */
  claimOwners: ClaimOwners;
  /** When a guest's bill payment left mid-authorization is voided (config.jobs); default one minute. */
  billPaymentRecoveryMs?: number;
  /**
   * The address links in e-mails start with (PUBLIC_URL, else http://localhost:PORT); unset: the
   * default port on this machine.
   */
  publicUrl?: string | null;
}

/** Wakes the job worker of this process after a commit that wrote jobs (others find them by polling). */
export interface JobNudge {
  nudge(): void;
}

/** A card authorization as the provider reports it. */
export type AuthorizationResult =
  | { approved: true; reference: string; brand: string; lastFour: string }
  | { approved: false; reason: string; brand: string; lastFour: string };

/**
 * A card payment provider (design.md "Outside parts"): the built-in sandbox by default. An order
 * paid by card is authorized when placed, captured when accepted, voided when rejected or timed out.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * null: the provider does not know this token. Called before the order exists (no transaction
   * is held across a call to the outside), so it is keyed by the checkout's Idempotency-Key, which
   * a real provider also takes as its own idempotency key: a retried checkout authorizes once.
   */
  authorize(cardToken: string, amountCents: number, idempotencyKey: string): Promise<AuthorizationResult | null>;
  capture(reference: string): Promise<void>;
  void(reference: string): Promise<void>;
}
