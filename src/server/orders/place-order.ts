/**
 * POST /api/orders, behind its idempotency record (idempotency.ts): prepare (every rule and every
 * price), authorize a card outside any transaction, then one transaction that prepares again
 * against the rows it locks, writes the order, its status-event job (run by the
 * job worker after the commit, so a crash right after it loses no event) and stores the answer.
 * After the commit: the job worker's nudge and the menu cache. A card authorized for an order that
 * is then refused is voided.
 *
 * A waiter's order (staff of the store, from a PDA, for a table) is written ACCEPTED and joins (or
 * starts) the table's opening in the same transaction, as a staff accept does (attachAcceptedOrder);
 * the opening events go out with the status event (its job). No outcome message: the
 * waiter sees the outcome on the PDA and there is no guest to tell.
 */
import type { CompiledQuery } from "kysely";
import type { Translations } from "../../domain/languages";
import type { PlaceOrderRequest } from "../../domain/orders-api";
import { pruneNowAndThen, throttleKeys } from "../auth/throttle";
import { countGuestOrder } from "../auth/write-limits";
import { fromJsonText } from "../db/columns";
import { runBatched } from "../db/statement-batch";
import { placementJobsQuery } from "../jobs/order-jobs";
import { sendToStations } from "../kitchen/send-to-stations";
import { attachAcceptedOrder } from "../openings/attach-order";
import { claimCardToken } from "../payments/card-token-owners";
import { saveCard } from "../payments/save-card";
import type { OrdersContext } from "./context";
import { runOnce, type StoredAnswer } from "./idempotency";
import { presentOrder } from "./order-presenter";
import { placementCatalogueOf } from "./placement-catalogue";
import { outdated, refuse } from "./placement-errors";
import { checkExpectedTotal, type PlacingAccount, type PreparedPlacement, preparePlacement } from "./prepare-placement";
import { requestHash } from "./request-hash";
import { type CardAuthorization, type WrittenOrder, writeOrder } from "./write-order";

export async function placeOrder(
  ctx: OrdersContext,
  account: PlacingAccount,
  idempotencyKey: string,
  request: PlaceOrderRequest,
): Promise<StoredAnswer> {
  let wroteJobs = false;
  let stockOfStore: number | null = null;
  const answer = await runOnce(
    ctx,
    { userId: account.userId, key: idempotencyKey, hash: requestHash(request) },
    {
      // A card is authorized before the transaction: its key is claimed before that, on its own.
      claimFirst: request.payment.type === "CARD",
      // A guest's placements are limited, counted with the key's claim.
      count:
        account.kind === "staff"
          ? undefined
          : {
              rateLimitKey: throttleKeys.ordersOfGuest(account.userId),
              run: (trx, keyLocked) => countGuestOrder(trx, ctx.guestOrders, account.userId, ctx.now(), keyLocked),
            },
    },
    async (key) => {
      const card = await authorizeCard(ctx, account, idempotencyKey, request);
      try {
        return await ctx.db.transaction().execute(async (trx) => {
          const earlier = await key.claim(trx);
          if (earlier !== null) return earlier;
          const now = ctx.now();
          const prepared = await preparePlacement(trx, account, request, now, placementCatalogueOf(ctx));
          checkExpectedTotal(prepared, request);
          if (card !== null && prepared.breakdown.totalCents !== card.amountCents) {
            throw outdated("PRICE_CHANGED", "The total changed while the card was being authorized");
          }
          const written = await writeOrder(
            trx,
            prepared,
            account,
            request,
            card?.authorization ?? null,
            now,
            ctx.advisoryDb,
          );
          const { lines, payment, stockChanged, linesInsert } = written;
          let { order } = written;
          // Sent with the stored answer in one round trip (statement-batch.ts), unless read before it.
          const lastWrites: CompiledQuery[] = [];
          if (card?.authorization.result.approved && request.payment.type === "CARD" && request.payment.saveCard) {
            const { brand, lastFour } = card.authorization.result;
            await saveCard(trx, account.userId, { cardToken: card.authorization.cardToken, brand, lastFour }, now);
          }
          if (order.status !== "ACCEPTED") {
            if (linesInsert !== null) lastWrites.push(linesInsert);
          } else {
            // Joining the table's opening and the stations' tickets read the lines.
            if (linesInsert !== null) await runBatched(trx, [], linesInsert);
            // The table is the serving waiter's, who may not be the one holding the PDA.
            await attachAcceptedOrder(trx, order, prepared.servedBy?.staffId ?? account.staffId, now.toISOString());
            order = await sendToStations(trx, order, now.toISOString());
          }
          lastWrites.push(placementJobsQuery(trx, order, now.toISOString()));
          // The answer from what was just written: the same bytes a read of the order gives now.
          const body = JSON.stringify(placedOrderDto(order, lines, payment, prepared));
          await key.finish(trx, { status: 201, body, orderId: order.id }, lastWrites);
          wroteJobs = true;
          if (stockChanged) stockOfStore = order.store_id;
          return { status: 201, body };
        });
      } catch (error) {
        const result = card?.authorization.result;
        if (result?.approved) await ctx.payments.void(result.reference).catch(() => undefined);
        throw error;
      }
    },
  );
  if (stockOfStore !== null) ctx.menuCache.invalidateStore(stockOfStore);
  if (account.kind !== "staff") await pruneNowAndThen(ctx.db, ctx.now());
  // The event is the job's: a failed publish is retried by the worker, never a 500 here.
  if (wroteJobs) ctx.jobs.nudge();
  return answer;
}

/** A new order has no review yet; its names are the ones its placement read. */
function placedOrderDto(
  order: WrittenOrder["order"],
  lines: WrittenOrder["lines"],
  payment: WrittenOrder["payment"],
  prepared: PreparedPlacement,
) {
  return presentOrder(order, {
    lines,
    payment,
    storeNames: fromJsonText<Translations>(prepared.store.names),
    serviceNames: fromJsonText<Translations>(prepared.serviceNames),
    spots: prepared.spots,
    reviewed: false,
    servedByName: prepared.servedBy?.name ?? null,
  });
}

/**
 * A card order: the token must be this guest's (saved or paid with before), or a fresh provider
 * token, which becomes theirs; another account's token or a deleted card's is refused. Every rule is checked before the card is authorized, so a refused order
 * never holds money; the amount is the one prepared now (the transaction checks it again).
 */
async function authorizeCard(
  ctx: OrdersContext,
  account: PlacingAccount,
  idempotencyKey: string,
  request: PlaceOrderRequest,
): Promise<{ authorization: CardAuthorization; amountCents: number } | null> {
  const { payment } = request;
  if (payment.type !== "CARD") return null;
  const prepared = await preparePlacement(ctx.db, account, request, ctx.now(), placementCatalogueOf(ctx));
  checkExpectedTotal(prepared, request);
  // The token becomes this account's now, or is another account's or a deleted card's.
  if (!(await claimCardToken(ctx.db, payment.cardToken, account.userId, ctx.now()))) {
    throw refuse("CARD_NOT_FOUND", "There is no such card");
  }
  const amountCents = prepared.breakdown.totalCents;
  const result = await ctx.payments.authorize(payment.cardToken, amountCents, idempotencyKey);
  if (result === null) throw refuse("CARD_NOT_FOUND", "There is no such card");
  return { authorization: { provider: ctx.payments.name, cardToken: payment.cardToken, result }, amountCents };
}
