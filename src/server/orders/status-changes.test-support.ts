/**
 * Test helpers of the status lifecycle: orders rows written straight into the real, migrated
 * database (the lifecycle starts where placement ended, whatever placement checked), a guest
 * account, an authorized card payment, a payment provider that records what it was asked, and an
 * OrdersContext built like buildApp's for tests that drive status-changes.ts directly.
 */

import Fastify from "fastify";
import type { Kysely } from "kysely";
import type { OrderStatus, PaymentType } from "../../domain/orders-api";
import { BackgroundTasks } from "../auth/context";
import { KeyRing } from "../auth/secrets";
import { DEFAULT_JOBS_CONFIG, defaultCodeSends, defaultGuestOrders, type JobsConfig } from "../config";
import { toDbBoolean } from "../db/columns";
import type { Database } from "../db/schema";
import { JobWorker } from "../jobs/worker";
import { MenuCache } from "../menu/menu-cache";
import { createMessenger } from "../notify/create-messenger";
import type { Messenger } from "../notify/messenger";
import { InProcessOrderEvents, type OrderEventBus } from "../realtime/order-events";
import type { TestClock } from "../test-support/clock";
import { insertOrderRow } from "../test-support/order-rows";
import { singleProcessOwners } from "./claim-owners";
import type { AuthorizationResult, OrdersContext, PaymentProvider } from "./context";

/** The sample venue's store 1 (src/server/test-fixtures/venue.ts): beach bar, Table 1. */
export const SAMPLE = { storeId: 1, serviceId: 10, spotId: 200 } as const;

/**
 * A guest with a phone (the schema requires one of a live guest), or a visitor of store 1 with only
 * an e-mail: the one kind of account the e-mail channel of the outcome is for today.
 */
export async function insertGuest(
  db: Kysely<Database>,
  contact: { phone: string } | { email: string },
  now = new Date(),
): Promise<number> {
  const phone = "phone" in contact ? contact.phone : null;
  const row = await db
    .insertInto("users")
    .values({
      kind: phone !== null ? "guest" : "visitor",
      phone,
      country_iso2: phone !== null ? "GR" : null,
      name: "Eleni",
      email: "email" in contact ? contact.email : null,
      password_hash: null,
      verified: toDbBoolean(true),
      opted_in_for_newsletter: toDbBoolean(false),
      staff_id: null,
      store_id: phone !== null ? null : SAMPLE.storeId,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      deleted_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TestOrder {
  userId: number;
  storeId?: number;
  serviceId?: number;
  spotId?: number;
  status?: OrderStatus;
  /** Default: 10 minutes after createdAt for a waiting order, null otherwise. */
  acceptanceDeadline?: string | null;
  createdAt?: string;
  paymentType?: PaymentType;
  language?: "GRE" | "ENG";
  deliveryInfo?: string | null;
}

export async function insertOrder(db: Kysely<Database>, order: TestOrder): Promise<number> {
  const createdAt = order.createdAt ?? "2026-07-01T09:00:00.000Z";
  const status = order.status ?? "WAITING_FOR_ACCEPTANCE";
  const deadline =
    order.acceptanceDeadline !== undefined
      ? order.acceptanceDeadline
      : status === "WAITING_FOR_ACCEPTANCE"
        ? new Date(new Date(createdAt).getTime() + 10 * 60_000).toISOString()
        : null;
  return insertOrderRow(db, {
    user_id: order.userId,
    store_id: order.storeId ?? SAMPLE.storeId,
    service_id: order.serviceId ?? SAMPLE.serviceId,
    spot_id: order.spotId ?? SAMPLE.spotId,
    status,
    comment: "No ice",
    language: order.language ?? "GRE",
    payment_type: order.paymentType ?? "CASH",
    delivery_info: order.deliveryInfo ?? null,
    subtotal_cents: 700,
    acceptance_deadline: deadline,
    created_at: createdAt,
  });
}

export async function insertAuthorizedPayment(db: Kysely<Database>, orderId: number, reference: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("payments")
    .values({
      order_id: orderId,
      provider: "recording",
      provider_reference: reference,
      card_token: "tok_test_1234",
      brand: "VISA",
      last_four: "4242",
      amount_cents: 700,
      state: "AUTHORIZED",
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Remembers every capture and void; authorizes nothing (placement is not under test here). */
export class RecordingPayments implements PaymentProvider {
  readonly name = "recording";
  readonly captured: string[] = [];
  readonly voided: string[] = [];
  async authorize(): Promise<AuthorizationResult | null> {
    return null;
  }
  async capture(reference: string): Promise<void> {
    this.captured.push(reference);
  }
  async void(reference: string): Promise<void> {
    this.voided.push(reference);
  }
}

/**
 * buildApp's OrdersContext, with the outbox messenger and the given clock, bus and provider, and
 * its job worker (not polling: nudged after each commit like buildApp's, so `background.settled()`
 * waits for the jobs a change wrote; `worker.drain()` runs retries once the clock is moved on).
 */
export function testOrdersContext(
  db: Kysely<Database>,
  clock: TestClock,
  parts: {
    orderEvents?: OrderEventBus;
    payments?: PaymentProvider;
    messenger?: Messenger;
    jobs?: Partial<JobsConfig>;
  } = {},
): OrdersContext & { worker: JobWorker } {
  const log = Fastify({ logger: false }).log;
  const ctx: OrdersContext = {
    db,
    now: clock.now,
    messenger:
      parts.messenger ??
      createMessenger({ sms: { provider: "outbox" }, email: { provider: "outbox" } }, db, log, clock.now),
    keyRing: new KeyRing(db, null),
    background: new BackgroundTasks(log),
    codeSends: defaultCodeSends(),
    guestOrders: defaultGuestOrders(),
    menuCache: new MenuCache(db),
    orderEvents: parts.orderEvents ?? new InProcessOrderEvents(),
    payments: parts.payments ?? new RecordingPayments(),
    jobs: { nudge: () => worker.nudge() },
    claimOwners: singleProcessOwners(),
  };
  const worker = new JobWorker(ctx, { ...DEFAULT_JOBS_CONFIG, ...parts.jobs }, log);
  return Object.assign(ctx, { worker });
}
