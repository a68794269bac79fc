/**
 * Order-details links (spec §2 view-order-details): a signed,
 * expiring capability to read one order of one store without signing in, e.g. printed on a kitchen
 * ticket or sent with the store's new-order notification.
 *
 * The token is a jwt (HS256, jose) signed with a key of its own (secrets.ts "order-details-links"),
 * with its own audience, so it never passes as a session jwt and a session jwt never passes as a
 * link. Claims: the order (sub), the store (store), iat and exp. It says nothing personal; anyone
 * holding the link may read that one order until it expires, which is the point of a link.
 *
 * Server code that prints a ticket or sends a notification calls mintOrderDetailsLink(); the apps
 * ask GET /api/staff/orders/:orderId/details-link.
 */
import { jwtVerify, SignJWT } from "jose";
import { Type } from "typebox";
import Value from "typebox/value";
import { orderDetailsPath } from "../../domain/staff-history";

/** How long a link works: a service day with margin. The one place this is set. */
export const ORDER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const ISSUER = "venue-ordering";
const AUDIENCE = "venue-ordering-order-details-link";

const ClaimsSchema = Type.Object({
  sub: Type.String({ pattern: "^[1-9][0-9]{0,9}$" }),
  store: Type.Integer({ minimum: 1 }),
});

export interface OrderOfStore {
  orderId: number;
  storeId: number;
}

export async function signOrderLinkToken(key: Uint8Array, order: OrderOfStore, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ store: order.storeId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(order.orderId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ORDER_LINK_TTL_MS / 1000)
    .sign(key);
}

/** The link's path and when it stops working. */
export async function mintOrderDetailsLink(
  key: Uint8Array,
  order: OrderOfStore,
  now: Date,
): Promise<{ path: string; expiresAt: string }> {
  const token = await signOrderLinkToken(key, order, now);
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + ORDER_LINK_TTL_MS / 1000) * 1000);
  return { path: orderDetailsPath(order.orderId, order.storeId, token), expiresAt: expiresAt.toISOString() };
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
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ["exp", "sub"],
    });
    if (!Value.Check(ClaimsSchema, payload)) return false;
    return Number(payload.sub) === order.orderId && payload.store === order.storeId;
  } catch {
    return false;
  }
}
