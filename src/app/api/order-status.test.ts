import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrderStatusEvent } from "../../domain/orders-api";
import { clearSession, storeSession } from "../session/session";
import { testSession } from "../session/test-session";
import { fetchOrderStatus } from "./order-status";

const event: OrderStatusEvent = {
  orderId: 7,
  storeId: 1,
  status: "WAITING_FOR_ACCEPTANCE",
  onHold: false,
  dailyNumber: 12,
  errorMessage: null,
  updatedAt: "2026-07-01T10:00:00.000Z",
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("GET /api/orders/:orderId/status (the polling read, spec §4)", () => {
  it("asks with the session's authToken and jwt and answers the OrderStatusEvent", async () => {
    await storeSession(testSession());
    const fetchMock = vi.fn(async (_request: Request) => new Response(JSON.stringify(event), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchOrderStatus(7)).toEqual(event);
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe("GET");
    expect(new URL(request.url).pathname).toBe("/api/orders/7/status");
    expect(request.headers.get("authToken")).toBe("opaque-token");
    expect(request.headers.get("jwt")).toBe("header.payload.signature");
  });

  it("retries once with tokens a refresh rotated while the call was on its way", async () => {
    await storeSession(testSession());
    const rotated = testSession({ authToken: "rotated", jwt: "rotated.jwt.sig" });
    const fetchMock = vi.fn(async (request: Request) => {
      if (request.headers.get("authToken") === "rotated") return new Response(JSON.stringify(event), { status: 200 });
      await storeSession(rotated);
      return new Response(JSON.stringify({ code: "INVALID_AUTH_TOKEN", message: "INVALID_AUTH_TOKEN" }), {
        status: 401,
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    expect(await fetchOrderStatus(7)).toEqual(event);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("another guest's order is refused with the server's code", async () => {
    await storeSession(testSession());
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ code: "ORDER_NOT_FOUND", message: "no" }), { status: 404 })),
    );
    await expect(fetchOrderStatus(8)).rejects.toMatchObject({ code: "ORDER_NOT_FOUND", status: 404 });
  });
});
