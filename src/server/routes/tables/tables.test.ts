import Value from "typebox/value";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema, type TableResponse, TableResponseSchema } from "../../../domain/api";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

beforeAll(async () => {
  await importFixture(ctx.db);
});

describe("GET /api/tables/:tableId (brief §3, spec §3 store/spot/service)", () => {
  it("200: a table gets its store, the spot and the services available at TABLE, in file order", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/tables/200" });
    expect(response.statusCode).toBe(200);
    const body: TableResponse = response.json();
    expect(Value.Check(TableResponseSchema, body)).toBe(true);
    expect(body.spot).toEqual({
      id: 200,
      storeId: 1,
      name: "Table 1",
      // A venue file without the spot's names per language: its one name in each.
      names: { GRE: { name: "Table 1" }, ENG: { name: "Table 1" } },
      type: "TABLE",
      capacity: 4,
      section: "Terrace",
      isPda: false,
    });
    expect(body.services.map((s) => s.slug)).toEqual(["beach-bar"]);
    expect(body.store).toMatchObject({
      storeId: 1,
      storeIsHotel: true,
      readOnly: false,
      interactiveCatalogue: true,
      extraLanguages: ["ITA"],
      addButtonWording: "cart",
      numberOfServices: 1,
      contact: { email: "venue1@example.com" },
    });
  });

  it("a service carries its hours, happy hour, membership flags and photo URL", async () => {
    const body: TableResponse = (await server.app.inject({ method: "GET", url: "/api/tables/200" })).json();
    expect(body.services[0]).toMatchObject({
      serviceId: 10,
      photo: "/images/fixture/bar.svg",
      hours: { startTime: "09:00", endTime: "02:00" },
      happyHour: { discountPercentage: 20, startTime: "18:00", endTime: "20:00" },
      membershipEnabled: true,
      scheduledOrdersEnabled: false,
      scheduledOrdersHours: null,
      deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2000 },
      maxItemsPerOrder: 20,
    });
  });

  it("a hotel room sees room service only, with its scheduled-orders window", async () => {
    const body: TableResponse = (await server.app.inject({ method: "GET", url: "/api/tables/203" })).json();
    expect(body.services.map((s) => s.slug)).toEqual(["room-service"]);
    expect(body.services[0]).toMatchObject({
      hours: null,
      scheduledOrdersEnabled: true,
      scheduledOrdersHours: { startTime: "07:00", endTime: "11:00" },
    });
  });

  it("404 TABLE_NOT_FOUND for an id no spot has", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/tables/999999" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "TABLE_NOT_FOUND", message: "There is no table 999999" });
  });

  it.each(["abc", "0", "-3", "1.5", "99999999999", "1e3"])(
    "400 VALIDATION_FAILED for the malformed id %s",
    async (id) => {
      const response = await server.app.inject({ method: "GET", url: `/api/tables/${id}` });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(Value.Check(ErrorBodySchema, body)).toBe(true);
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(body.message).toMatch(/^params\.tableId: /);
    },
  );
});
