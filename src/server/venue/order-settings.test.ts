/**
 * Venue-file support for taking orders: the store's order settings with their
 * defaults, charge to room only in hotels, and re-importing a venue whose catalogue orders refer to.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_IMAGES_DIR, sampleVenue } from "../test-fixtures/venue";
import { greekMobile, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { FIXTURE, placeTestOrder } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { importVenue } from "./import";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => ctx.db, { now: clock.now });

const storeRow = (id: number) => ctx.db.selectFrom("stores").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("store order settings in the venue file", () => {
  it("absent: acceptance 10 minutes, no daily limit, cards on, no charge to room, no location", async () => {
    await importFixture(ctx.db, sampleVenue({ storeId: 5, idOffset: 50_000 }));
    expect(await storeRow(5)).toMatchObject({
      order_acceptance_minutes: 10,
      max_orders_per_spot_per_day: null,
      location_latitude: null,
      location_longitude: null,
      location_radius_meters: null,
    });
    const row = await storeRow(5);
    expect(Boolean(row.card_payments_enabled)).toBe(true);
    expect(Boolean(row.charge_to_room_enabled)).toBe(false);
  });

  it("given: every setting is stored, and a re-import changes them", async () => {
    const venue = sampleVenue({ storeId: 6, idOffset: 60_000 });
    venue.store = {
      ...venue.store,
      orderAcceptanceMinutes: 5,
      maxOrdersPerSpotPerDay: 20,
      cardPayments: false,
      chargeToRoom: true,
      location: { latitude: 40.1, longitude: 23.4, radiusMeters: 800 },
    };
    await importFixture(ctx.db, venue);
    const row = await storeRow(6);
    expect(row).toMatchObject({
      order_acceptance_minutes: 5,
      max_orders_per_spot_per_day: 20,
      location_latitude: 40.1,
      location_longitude: 23.4,
      location_radius_meters: 800,
    });
    expect(Boolean(row.card_payments_enabled)).toBe(false);
    expect(Boolean(row.charge_to_room_enabled)).toBe(true);
    venue.store = { ...venue.store, orderAcceptanceMinutes: 15, location: undefined };
    await importFixture(ctx.db, venue);
    expect(await storeRow(6)).toMatchObject({ order_acceptance_minutes: 15, location_latitude: null });
  });

  it("chargeToRoom in a store that is not a hotel is refused", async () => {
    const venue = sampleVenue({ storeId: 7, idOffset: 70_000 });
    venue.store = { ...venue.store, isHotel: false, chargeToRoom: true };
    const outcome = await importVenue(ctx.db, venue, { imagesDir: FIXTURE_IMAGES_DIR });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.issues).toContainEqual(expect.objectContaining({ path: "store.chargeToRoom" }));
  });
});

describe("re-importing a venue that has orders", () => {
  it("keeps working while orders refer to its rows; dropping an ordered item is refused with an issue naming it", async () => {
    await importFixture(ctx.db);
    const guest = await signInGuest(server.app, ctx.db, greekMobile(1));
    await placeTestOrder(server.app, ctx.db, guest, {}, { now: clock.now() });
    await importFixture(ctx.db); // same ids: fine

    const venue = sampleVenue();
    const coffee = venue.services[0]?.categories[0];
    if (coffee === undefined) throw new Error("fixture changed");
    coffee.items = coffee.items.filter((item) => item.id !== FIXTURE.freddo);
    const outcome = await importVenue(ctx.db, venue, { imagesDir: FIXTURE_IMAGES_DIR });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.issues).toEqual([
        { path: "items", message: `item id ${FIXTURE.freddo} is missing, but orders refer to it; keep it in the file` },
      ]);
    }
  });
});
