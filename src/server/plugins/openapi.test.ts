import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

describe("OpenAPI document generated from the route schemas (brief §4)", () => {
  it("GET /api/docs/json is an OpenAPI 3.1 document listing every API route", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/admin-api/staff/admin-accounts",
      "/admin-api/staff/login-tokens",
      "/admin-api/staff/members",
      "/admin-api/staff/sign-out-everywhere",
      "/api/authenticate/login",
      "/api/authenticate/login/pin",
      "/api/authenticate/login/tmp",
      "/api/authenticate/login/waiter-from-token",
      "/api/authenticate/logout",
      "/api/authenticate/tokens/validate/refresh",
      "/api/authenticate/v2/login",
      "/api/authenticate/v2/tokens/validate/refresh",
      "/api/checkout",
      "/api/creditCard/delete",
      "/api/creditCard/user",
      "/api/demo/links",
      "/api/email/send/reset",
      "/api/entrance",
      "/api/health",
      "/api/info/contact",
      "/api/log/{event}",
      "/api/newsletter/opt-out",
      "/api/newsletter/opt-out-link",
      "/api/order-details/{storeId}/{orderId}",
      "/api/orders",
      "/api/orders/history",
      "/api/orders/{orderId}",
      "/api/orders/{orderId}/review",
      "/api/orders/{orderId}/status",
      "/api/payments/sandbox/cards",
      "/api/services/{serviceId}/menu",
      "/api/sms/send",
      "/api/sms/send/change-phone",
      "/api/sms/v2/send",
      "/api/staff/calls",
      "/api/staff/calls/{callId}/answer",
      "/api/staff/day-summary",
      "/api/staff/devices",
      "/api/staff/login-tokens",
      "/api/staff/openings",
      "/api/staff/openings/{openingId}",
      "/api/staff/openings/{openingId}/cancel",
      "/api/staff/openings/{openingId}/close",
      "/api/staff/openings/{openingId}/pay",
      "/api/staff/openings/{openingId}/receipts",
      "/api/staff/openings/{openingId}/reopen",
      "/api/staff/openings/{openingId}/transfer",
      "/api/staff/openings/{openingId}/treat",
      "/api/staff/orders",
      "/api/staff/orders/{orderId}/accept",
      "/api/staff/orders/{orderId}/details-link",
      "/api/staff/orders/{orderId}/reject",
      "/api/staff/printers",
      "/api/staff/receipts/{receiptId}",
      "/api/staff/stations",
      "/api/staff/stations/{stationId}/tickets",
      "/api/staff/stations/{stationId}/tickets/{ticketId}/lines/{lineIndex}/ready",
      "/api/staff/stations/{stationId}/tickets/{ticketId}/picked-up",
      "/api/staff/stations/{stationId}/tickets/{ticketId}/ready",
      "/api/staff/stations/{stationId}/tickets/{ticketId}/recall",
      "/api/staff/stations/{stationId}/tickets/{ticketId}/reprint",
      "/api/staff/stores/{storeId}/audit",
      "/api/staff/stores/{storeId}/catalogue",
      "/api/staff/stores/{storeId}/categories/{categoryId}",
      "/api/staff/stores/{storeId}/categories/{categoryId}/item-order",
      "/api/staff/stores/{storeId}/items/{itemId}",
      "/api/staff/stores/{storeId}/items/{itemId}/groups",
      "/api/staff/stores/{storeId}/items/{itemId}/photo",
      "/api/staff/stores/{storeId}/items/{itemId}/stock",
      "/api/staff/stores/{storeId}/orders",
      "/api/staff/stores/{storeId}/qr-sheet",
      "/api/staff/stores/{storeId}/services/{serviceId}",
      "/api/staff/stores/{storeId}/services/{serviceId}/category-order",
      "/api/staff/stores/{storeId}/services/{serviceId}/pause",
      "/api/staff/stores/{storeId}/spots",
      "/api/staff/stores/{storeId}/spots/{spotId}",
      "/api/staff/stores/{storeId}/staff",
      "/api/staff/stores/{storeId}/staff/{userId}",
      "/api/staff/stores/{storeId}/staff/{userId}/pin",
      "/api/staff/stores/{storeId}/venue-file",
      "/api/staff/tickets/ready",
      "/api/stores/{storeId}/reviews",
      "/api/tables/{tableId}",
      "/api/tables/{tableId}/bill",
      "/api/tables/{tableId}/bill/calls",
      "/api/tables/{tableId}/bill/payments",
      "/api/tables/{tableId}/bill/payments/{paymentId}",
      "/api/tables/{tableId}/bill/payments/{paymentId}/email",
      "/api/tables/{tableId}/menus/{serviceSlug}",
      "/api/user/change-phone",
      "/api/user/delete",
      "/api/user/membership",
      "/api/user/reset-password",
      "/api/user/v2/update",
      "/api/utils/date",
    ]);
  });

  it("documents parameters, bodies and responses from the TypeBox schemas, errors included", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const table = doc.paths["/api/tables/{tableId}"].get;
    expect(table.parameters).toEqual([
      expect.objectContaining({
        name: "tableId",
        in: "path",
        required: true,
        schema: expect.objectContaining({ type: "integer", minimum: 1 }),
      }),
    ]);
    expect(Object.keys(table.responses).sort()).toEqual(["200", "400", "404"]);
    expect(table.responses["200"].content["application/json"].schema.properties.spot.properties.type.enum).toContain(
      "UMBRELLA_AT_HOTEL",
    );
    const menu = doc.paths["/api/services/{serviceId}/menu"].get;
    expect(Object.keys(menu.responses).sort()).toEqual(["200", "304", "400", "404"]);
    const contact = doc.paths["/api/info/contact"].post;
    expect(contact.requestBody.content["application/json"].schema.required).toEqual(["name", "email", "message"]);
    const login = doc.paths["/api/authenticate/v2/login"].post;
    expect(Object.keys(login.responses).sort()).toEqual(["200", "400"]);
    expect(login.responses["200"].content["application/json"].schema.required).toEqual(["authToken", "jwt"]);
    const refresh = doc.paths["/api/authenticate/v2/tokens/validate/refresh"].get;
    expect(refresh.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      "header:authtoken",
      "header:jwt",
    ]);
    // An item's photo is uploaded and removed on one path.
    expect(Object.keys(doc.paths["/api/staff/stores/{storeId}/items/{itemId}/photo"]).sort()).toEqual([
      "delete",
      "post",
    ]);
    expect(JSON.stringify(doc)).not.toContain("~kind");
  });

  it("spec §8 E6, E7: POST /api/orders documents the outcome e-mail's codes", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const place = doc.paths["/api/orders"].post;
    for (const code of [
      "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
      "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
    ]) {
      expect(place.description).toContain(`400 ${code}`);
      expect(place.requestBody.content["application/json"].schema.properties.notifyEmail.description).toContain(code);
    }
  });

  it("every operation carries a tag the document declares", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const declared = new Set((doc.tags as Array<{ name: string }>).map((tag) => tag.name));
    const untagged = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap(
      ([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => !(operation.tags ?? []).some((tag) => declared.has(tag)))
          .map(([method]) => `${method} ${path}`),
    );
    expect(untagged).toEqual([]);
  });

  it("every table-opening write documents its Idempotency-Key header and its conflicts", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const action of ["pay", "treat", "cancel", "close", "transfer", "reopen", "receipts"]) {
      const write = doc.paths[`/api/staff/openings/{openingId}/${action}`].post;
      expect(write.tags, action).toEqual(["staff"]);
      expect(write.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort(), action).toEqual([
        "header:authtoken",
        "header:idempotency-key",
        "header:jwt",
        "path:openingId",
      ]);
      expect(Object.keys(write.responses), action).toEqual(expect.arrayContaining(["400", "403", "404", "409", "422"]));
    }
  });
});
