/**
 * Test-only: the cart screen with its real checkout, outbox, session store and Dexie, and a
 * stubbed network (the only fake) that answers the API calls the checkout makes and records them.
 */
import type { ReactNode } from "react";
import { vi } from "vitest";
import type { SavedCardDto } from "../../../domain/auth-api";
import type { CheckoutOptions, OrderDto, OrderStatusEvent, TokenizedCard } from "../../../domain/orders-api";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import { CartScreen } from "../cart/CartScreen";
import { ItemModalContext } from "../item/item-modal-context";

export const NOON = "2026-07-15T09:00:00Z";

export function checkoutOptions(overrides: Partial<CheckoutOptions> = {}): CheckoutOptions {
  return {
    availableTables: [],
    tableSelectionRequired: false,
    availableChargingRooms: [],
    paymentTypes: ["CASH", "CARD"],
    deliveryDetailsRequired: false,
    locationRequired: false,
    scheduledOrdersEnabled: false,
    acceptanceMinutes: 10,
    ...overrides,
  };
}

export function placedOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 77,
    storeId: 1,
    storeNames: { GRE: { name: "Test café" }, ENG: { name: "Test café" } },
    serviceId: 1,
    serviceNames: { GRE: { name: "Beach bar" }, ENG: { name: "Beach bar" } },
    tableId: 11,
    spotName: "Τραπέζι 1",
    spotNames: { GRE: { name: "Τραπέζι 1" }, ENG: { name: "Table 1" } },
    selectedTableName: null,
    chargingRoomName: null,
    status: "WAITING_FOR_ACCEPTANCE",
    onHold: false,
    dailyNumber: 12,
    scheduledFor: null,
    comment: "",
    payment: { type: "CASH", cardBrand: null, cardLastFour: null },
    deliveryInfo: null,
    lines: [],
    totals: { subtotalCents: 0, happyHourSavingsCents: 0, roomChargeCents: 0, deliveryDiscountCents: 0, totalCents: 0 },
    errorMessage: null,
    acceptanceDeadline: null,
    reviewed: false,
    createdAt: NOON,
    updatedAt: NOON,
    ...overrides,
  };
}

export function statusEvent(
  status: OrderStatusEvent["status"],
  overrides: Partial<OrderStatusEvent> = {},
): OrderStatusEvent {
  return {
    orderId: 77,
    storeId: 1,
    status,
    onHold: false,
    dailyNumber: 12,
    errorMessage: null,
    updatedAt: NOON,
    ...overrides,
  };
}

type Reply = { status: number; body: unknown } | "offline";

export interface FakeApi {
  /** GET /api/checkout: fixed, or by the request's headers (the server answers staff more). */
  checkout?: CheckoutOptions | ((headers: Headers) => CheckoutOptions);
  /** Answers of POST /api/orders, one per attempt. */
  orders?: Reply[];
  /** GET /api/orders/:id/status, fixed or by order id; null answers 404 (the test does not care). */
  status?: OrderStatusEvent | null | ((orderId: number) => OrderStatusEvent | null);
  membership?: boolean;
  cards?: SavedCardDto[];
  tokenized?: TokenizedCard;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Stubs fetch with the API above; answers 404 to anything else (the log calls included). */
export function stubApi(api: FakeApi) {
  const seen: SeenRequest[] = [];
  const orders = [...(api.orders ?? [])];
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    // Read the body now: an unread clone stalls ky under jsdom.
    seen.push({ method: input.method, path: url.pathname, headers: input.headers, body: await input.text() });
    const route = `${input.method} ${url.pathname}`;
    if (route === "GET /api/checkout") {
      const { checkout } = api;
      if (checkout === undefined) return json(404, { code: "NOT_FOUND", message: "" });
      return json(200, typeof checkout === "function" ? checkout(input.headers) : checkout);
    }
    if (route === "POST /api/orders") {
      const next = orders.shift() ?? "offline";
      if (next === "offline") throw new TypeError("Failed to fetch");
      return json(next.status, next.body);
    }
    const statusOf = /^GET \/api\/orders\/(\d+)\/status$/.exec(route);
    if (statusOf) {
      const status = typeof api.status === "function" ? api.status(Number(statusOf[1])) : api.status;
      if (status) return json(200, status);
    }
    if (route === "GET /api/user/membership") return json(200, api.membership ?? false);
    if (route === "GET /api/creditCard/user") return json(200, { cards: api.cards ?? [] });
    if (route === "POST /api/payments/sandbox/cards" && api.tokenized) return json(201, api.tokenized);
    return json(404, { code: "NOT_FOUND", message: route });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    seen,
    orderPosts: () => seen.filter((each) => each.method === "POST" && each.path === "/api/orders"),
  };
}

export function renderCheckout(venue = venueFixture(), extra: { onDeleteCard?: () => void; at?: string } = {}) {
  const wrapper = (children: ReactNode) => (
    <ClockContext.Provider value={fixedAthensClock(extra.at ?? NOON)}>
      <ItemModalContext.Provider value={{ openItem: vi.fn(), openLine: vi.fn() }}>{children}</ItemModalContext.Provider>
    </ClockContext.Provider>
  );
  return renderWithI18n(
    wrapper(<CartScreen venue={venue} {...(extra.onDeleteCard ? { onDeleteCard: extra.onDeleteCard } : {})} />),
  );
}
