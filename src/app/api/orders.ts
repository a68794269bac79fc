/**
 * The checkout calls (src/domain/orders-api.ts): the checkout options of a spot, placing an order
 * with its idempotency key, and the sandbox provider's card tokenizing.
 *
 * placeOrder does not go through authedCall (accounts-client.ts): the order outbox decides what a
 * refused session means for the order (refresh, then the same key again; on a refused refresh the
 * order waits on hold for sign-in), so it needs the refusal itself.
 * Never retried by ky: a retry of POST /api/orders is the outbox's decision, with the same key.
 */
import ky, { type Options } from "ky";
import { IDEMPOTENCY_KEY_HEADER } from "../../domain/order-constants";
import type {
  CheckoutOptions,
  OrderDto,
  PlaceOrderRequest,
  SandboxCardRequest,
  TokenizedCard,
} from "../../domain/orders-api";
import type { Session } from "../session/session";
import { authHeaders, sessionToSend } from "./accounts-client";
import { toApiError } from "./api-error";

const http = ky.create({
  // Absolute, so the URL is the same in the browser and in Node's Request (tests).
  prefixUrl: new URL("/api", globalThis.location.href).href,
  timeout: 20_000,
  retry: 0,
  headers: { Accept: "application/json" },
});

async function call<T>(path: string, options: Options): Promise<T> {
  try {
    const response = await http(path, options);
    return JSON.parse(await response.text()) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * The tokens when signed in, refreshed first when spent; the checkout read and the sandbox work
 * for visitors too, so a spent jwt would be read as a visitor's (a waiter's PDA given a guest's
 * checkout) instead of being refused.
 */
async function optionalAuth(): Promise<Record<string, string>> {
  const session = await sessionToSend();
  return session ? authHeaders(session) : {};
}

/** What the checkout of this spot offers (tables, charging rooms, payments, required details). */
export async function fetchCheckoutOptions(
  serviceId: number,
  tableId: number,
  signal?: AbortSignal,
): Promise<CheckoutOptions> {
  return call("checkout", {
    method: "get",
    searchParams: { serviceId, tableId },
    headers: await optionalAuth(),
    // A read: safe to repeat on a flaky connection.
    retry: { limit: 2, methods: ["get"], statusCodes: [408, 429, 502, 503, 504] },
    ...(signal ? { signal } : {}),
  });
}

/**
 * One attempt to place an order (201 Order). Throws ApiError: NETWORK_ERROR without an answer,
 * otherwise the server's code. The session is passed in so the caller knows which tokens it used.
 */
export function placeOrder(request: PlaceOrderRequest, idempotencyKey: string, session: Session): Promise<OrderDto> {
  return call("orders", {
    method: "post",
    json: request,
    headers: { ...authHeaders(session), [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** The built-in sandbox provider turns a test card into a token (only token, brand, last four kept). */
export async function tokenizeSandboxCard(card: SandboxCardRequest): Promise<TokenizedCard> {
  return call("payments/sandbox/cards", { method: "post", json: card, headers: await optionalAuth() });
}
