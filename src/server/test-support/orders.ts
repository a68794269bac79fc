/**
 * Helpers for tests that need orders: a valid placement request on the fixture venue
 * (test-fixtures/venue.ts, imported with seed.ts importFixture), placing it through
 * POST /api/orders as a signed-in guest, and getting an order into a chosen status.
 *
 *   await importFixture(db);
 *   const guest = await signInGuest(app, db, greekMobile(1));
 *   const order = await placeTestOrder(app, db, guest);            // WAITING_FOR_ACCEPTANCE
 *   await useDelayedResponse(db, FIXTURE.beachBar, true);
 *   const review = await placeTestOrder(app, db, guest);           // UNDER_REVIEW
 *
 * The beach bar's hours are cleared (open at any hour) in the test database the first time an
 * order is placed, so tests that use the real clock work at any time of day. Pass `now` when the
 * app runs on a test clock, so the expected total is priced at the app's time (happy hour).
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { type Kysely, sql } from "kysely";
import { expect } from "vitest";
import type { OrderDto, OrderStatus, PlaceOrderRequest } from "../../domain/orders-api";
import type { App } from "../app";
import { toDbBoolean } from "../db/columns";
import type { Database } from "../db/schema";
import { PlacementCatalogue } from "../orders/placement-catalogue";
import { type PlacingAccount, preparePlacement } from "../orders/prepare-placement";
import { authHeaders, type SignedInGuest } from "./accounts";

/** Ids of the fixture venue (sampleVenue() without idOffset). */
export const FIXTURE = {
  storeId: 1,
  beachBar: 10,
  roomService: 11,
  freddo: 1000,
  sugarGroup: 5000,
  noSugar: 50000,
  extrasGroup: 5001,
  extraShot: 50010,
  oatMilk: 50011,
  cinnamon: 50012,
  greekCoffee: 1001,
  twoBeers: 1002,
  seaBream: 1003,
  breakfast: 1004,
  towels: 1005,
  table: 200,
  umbrella: 201,
  chair: 202,
  room: 203,
  delivery: 204,
  pda: 205,
} as const;

/** 2 freddo espressos (no sugar) at table 1 of the beach bar, cash; expectedTotalCents still 0. */
export function testOrderRequest(overrides: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    serviceId: FIXTURE.beachBar,
    tableId: FIXTURE.table,
    lines: [
      {
        itemId: FIXTURE.freddo,
        quantity: 2,
        kilos: null,
        comment: "",
        selection: { [FIXTURE.sugarGroup]: [FIXTURE.noSugar] },
      },
    ],
    comment: "",
    expectedTotalCents: 0,
    scheduledFor: null,
    payment: { type: "CASH" },
    selectedTableId: null,
    deliveryInfo: null,
    location: null,
    language: "ENG",
    ...overrides,
  };
}

/** The server's total for a request, priced the way placement prices it (throws what placement would refuse). */
export async function expectedTotalOf(
  db: Kysely<Database>,
  guest: Pick<SignedInGuest, "userId">,
  request: PlaceOrderRequest,
  now: Date = new Date(),
): Promise<number> {
  const user = await db
    .selectFrom("users")
    .select(["kind", "phone", "store_id", "staff_id"])
    .where("id", "=", guest.userId)
    .executeTakeFirstOrThrow();
  const account: PlacingAccount =
    user.kind === "staff"
      ? { userId: guest.userId, kind: "staff", phone: null, storeId: user.store_id, staffId: user.staff_id }
      : { userId: guest.userId, kind: "guest", phone: user.phone, storeId: null, staffId: null };
  return (await preparePlacement(db, account, request, now, new PlacementCatalogue())).breakdown.totalCents;
}

/** POST /api/orders as it is sent, with an Idempotency-Key (a new one unless given). */
export function postOrder(
  app: App,
  session: { authToken: string; jwt: string },
  request: PlaceOrderRequest,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...authHeaders(session), "idempotency-key": key },
    payload: request,
  });
}

export interface PlaceTestOrderOptions {
  /** The app's clock, when it runs on a test clock. */
  now?: Date;
  key?: string;
}

/** Places a valid order (the default request with `overrides`) and returns it; fails the test on anything but 201. */
export async function placeTestOrder(
  app: App,
  db: Kysely<Database>,
  guest: SignedInGuest,
  overrides: Partial<PlaceOrderRequest> = {},
  options: PlaceTestOrderOptions = {},
): Promise<OrderDto> {
  await openAllDay(db, overrides.serviceId ?? FIXTURE.beachBar);
  const draft = testOrderRequest(overrides);
  const request = { ...draft, expectedTotalCents: await expectedTotalOf(db, guest, draft, options.now) };
  const response = await postOrder(app, guest, request, options.key);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderDto>();
}

/**
 * A change of the catalogue made by a test, as every real one (a venue import, stock taken) is
 * made: with its store's catalogue_version bumped, which the menu cache and the placement's kept
 * catalogue (orders/placement-catalogue.ts) go by.
 */
export async function bumpCatalogueVersionOfService(db: Kysely<Database>, serviceId: number): Promise<void> {
  await db
    .updateTable("stores")
    .set((eb) => ({ catalogue_version: eb("catalogue_version", "+", 1) }))
    .where("id", "=", (eb) => eb.selectFrom("services").select("store_id").where("id", "=", serviceId))
    .execute();
}

/** Clears a service's hours: open at every hour (the fixture's beach bar closes 02:00-09:00 Athens). */
export async function openAllDay(db: Kysely<Database>, serviceId: number): Promise<void> {
  await db.updateTable("services").set({ hours_start: null, hours_end: null }).where("id", "=", serviceId).execute();
  await bumpCatalogueVersionOfService(db, serviceId);
}

/** Makes a service answer later: its orders are placed UNDER_REVIEW (no acceptance time). */
export async function useDelayedResponse(db: Kysely<Database>, serviceId: number, delayed: boolean): Promise<void> {
  await db
    .updateTable("services")
    .set({ delayed_response: toDbBoolean(delayed) })
    .where("id", "=", serviceId)
    .execute();
  await bumpCatalogueVersionOfService(db, serviceId);
}

/**
 * Puts an order straight into a status, for tests of what comes after (history, reviews). Tests of
 * the status changes themselves go through the staff endpoints instead.
 */
export async function forceOrderStatus(
  db: Kysely<Database>,
  orderId: number,
  status: OrderStatus,
  at: Date = new Date(),
): Promise<void> {
  const final = status !== "WAITING_FOR_ACCEPTANCE" && status !== "UNDER_REVIEW";
  await db
    .updateTable("orders")
    .set({ status, updated_at: at.toISOString(), decided_at: final ? at.toISOString() : null })
    .where("id", "=", orderId)
    .execute();
}

/** Turns the fixture store's order settings (columns of migration 003) for one test database. */
export async function setStoreOrderSettings(
  db: Kysely<Database>,
  storeId: number,
  settings: {
    orderAcceptanceMinutes?: number;
    maxOrdersPerSpotPerDay?: number | null;
    cardPayments?: boolean;
    chargeToRoom?: boolean;
    location?: { latitude: number; longitude: number; radiusMeters: number } | null;
  },
): Promise<void> {
  await db
    .updateTable("stores")
    .set({
      ...(settings.orderAcceptanceMinutes !== undefined && {
        order_acceptance_minutes: settings.orderAcceptanceMinutes,
      }),
      ...(settings.maxOrdersPerSpotPerDay !== undefined && {
        max_orders_per_spot_per_day: settings.maxOrdersPerSpotPerDay,
      }),
      ...(settings.cardPayments !== undefined && { card_payments_enabled: toDbBoolean(settings.cardPayments) }),
      ...(settings.chargeToRoom !== undefined && { charge_to_room_enabled: toDbBoolean(settings.chargeToRoom) }),
      ...(settings.location !== undefined && {
        location_latitude: settings.location?.latitude ?? null,
        location_longitude: settings.location?.longitude ?? null,
        location_radius_meters: settings.location?.radiusMeters ?? null,
      }),
      // As an import of the venue file would (bumpCatalogueVersionOfService above).
      catalogue_version: sql<number>`catalogue_version + 1`,
    })
    .where("id", "=", storeId)
    .execute();
}

let tokenizingAddress = 0;

/**
 * A client address of its own for each card a test tokenizes, as if from another guest: the card
 * form is limited per address (auth/write-limits.ts), which its own test checks.
 */
export function nextTokenizingAddress(): string {
  tokenizingAddress++;
  return `10.77.${Math.floor(tokenizingAddress / 250)}.${tokenizingAddress % 250}`;
}

/** Tokenizes a sandbox test card (4242… approves, 4000 0000 0000 0002 declines). */
export async function sandboxCardToken(app: App, number = "4242 4242 4242 4242"): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/payments/sandbox/cards",
    remoteAddress: nextTokenizingAddress(),
    payload: { number, expiryMonth: 12, expiryYear: 2099, cvc: "123" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ cardToken: string }>().cardToken;
}
