/**
 * Temporary anonymous sign-in (spec §6 "a temporary login", POST authenticate/login/tmp): a
 * visitor account of one store with a 12-hour session, for a PDA or a guest who orders without a
 * phone. It needs no credential, so it is limited per client address and per store.
 */
import { findStoreById } from "../db/repositories/store.repository";
import { type AccountRecord, insertVisitor } from "../db/repositories/users.repository";
import { notFound, tooManyRequests } from "../http/api-error";
import type { AccountsContext } from "./context";
import { VISITOR_LIMITS_PER_ADDRESS, VISITOR_LIMITS_PER_STORE } from "./limits";
import { consume, release, throttleKeys } from "./throttle";

export async function signInAsVisitor(
  ctx: AccountsContext,
  storeId: number,
  clientAddress: string,
): Promise<AccountRecord> {
  if ((await findStoreById(ctx.db, storeId)) === undefined)
    throw notFound("STORE_NOT_FOUND", `There is no store ${storeId}`);
  const now = ctx.now();
  const fromAddress = await consume(
    ctx.db,
    throttleKeys.visitorsFromAddress(clientAddress),
    VISITOR_LIMITS_PER_ADDRESS,
    now,
  );
  if (!fromAddress.allowed) {
    throw tooManyRequests("RATE_LIMITED", "Too many temporary sign-ins; try again later", fromAddress.retryAfterMs);
  }
  const ofStore = await consume(ctx.db, throttleKeys.visitorsOfStore(storeId), VISITOR_LIMITS_PER_STORE, now);
  if (!ofStore.allowed) {
    await release(ctx.db, fromAddress);
    throw tooManyRequests("RATE_LIMITED", "Too many temporary sign-ins; try again later", ofStore.retryAfterMs);
  }
  return { user: await insertVisitor(ctx.db, storeId, now.toISOString()), staff: null };
}
