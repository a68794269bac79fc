/**
 * Order-details links (spec §2 view-order-details): a signed,
 * expiring capability to read one order of one store without signing in, e.g. printed on a kitchen
 * ticket or sent with the store's new-order notification.
 *
 * The token is a capability token (crypto/capability-tokens.ts) signed with a key of its own
 * (secrets.ts "order-details-links"), with its own audience, so it never passes as a session jwt
 * and a session jwt never passes as a link. Claims: the order (sub), the store (store), iat and
 * exp. It says nothing personal; anyone holding the link may read that one order until it
 * expires, which is the point of a link.
 *
 * Server code that prints a ticket or sends a notification calls mintOrderDetailsLink(); the apps
 * ask GET /api/staff/orders/:orderId/details-link.
 */
import { Type } from "typebox";
import { orderDetailsPath } from "../../domain/staff-history";
import { type CapabilityKind, capabilityExpiry, signCapability, verifyCapability } from "../crypto/capability-tokens";

/** How long a link works: a service day with margin. The one place this is set. */
export const ORDER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const OrderLinkClaims = Type.Object({
  sub: Type.String({ pattern: "^[1-9][0-9]{0,9}$" }),
  store: Type.Integer({ minimum: 1 }),
});

const ORDER_LINK: CapabilityKind<typeof OrderLinkClaims> = {
  audience: "venue-ordering-order-details-link",
  ttlMs: ORDER_LINK_TTL_MS,
  claims: OrderLinkClaims,
};

export interface OrderOfStore {
  orderId: number;
  storeId: number;
}

export function signOrderLinkToken(key: Uint8Array, order: OrderOfStore, now: Date): Promise<string> {
  return signCapability(ORDER_LINK, key, { sub: String(order.orderId), store: order.storeId }, now);
}

/** The link's path and when it stops working. */
export async function mintOrderDetailsLink(
  key: Uint8Array,
  order: OrderOfStore,
  now: Date,
): Promise<{ path: string; expiresAt: string }> {
  const token = await signOrderLinkToken(key, order, now);
  return {
    path: orderDetailsPath(order.orderId, order.storeId, token),
    expiresAt: capabilityExpiry(ORDER_LINK, now).toISOString(),
  };
}

/**
 * Whether `token` is a link we signed, not expired, for exactly this order of this store. Every
 * failure is the same false: the caller answers one refusal whatever went wrong.
 */
export async function isValidOrderLinkToken(
  key: Uint8Array,
  token: string,
  order: OrderOfStore,
  now: Date,
): Promise<boolean> {
  const claims = await verifyCapability(ORDER_LINK, key, token, now);
  return claims !== null && Number(claims.sub) === order.orderId && claims.store === order.storeId;
}
