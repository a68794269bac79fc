/**
 * The built-in sandbox payment provider (design.md "Outside parts"): test cards are tokenized by
 * POST /api/payments/sandbox/cards (card-tokenizer.ts), which keeps only a token, the brand, the
 * last four digits and the outcome the test number asks for; authorizing a token answers that
 * outcome.
 *
 * Like a real provider it keeps what it authorized (sandbox_authorizations) and answers a repeated
 * authorization with the same idempotency key, token and amount with the same authorization, so a
 * caller that lost the answer (a process killed mid-call) can learn the reference again and void it.
 * Capture and void are idempotent; capturing a voided authorization (or the reverse) is a bug and
 * throws. An authorization from before the sandbox kept them is only checked for its prefix.
 *
 * `authorizePauseMs` (SANDBOX_AUTHORIZE_PAUSE_MS, crash tests only) holds a new authorization's
 * answer that long after it was recorded: the moment a real provider has put a hold on the card
 * and the server has not heard of it, which a crash test kills the process in.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { findSandboxCard } from "../db/repositories/payments.repository";
import type { Database } from "../db/schema";
import type { AuthorizationResult, PaymentProvider } from "../orders/context";

/** What the guest is told when the sandbox declines (Stripe's wording for its decline test card). */
export const SANDBOX_DECLINE_REASON = "Your card was declined.";
const REFERENCE_PREFIX = "sbx_auth_";

export interface SandboxOptions {
  /** Milliseconds a new authorization's answer waits after it was recorded; 0 (production): none. */
  authorizePauseMs?: number;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox";
  constructor(
    readonly db: Kysely<Database>,
    readonly now: () => Date,
    readonly options: SandboxOptions = {},
  ) {}

  async authorize(cardToken: string, amountCents: number, idempotencyKey: string): Promise<AuthorizationResult | null> {
    const card = await findSandboxCard(this.db, cardToken);
    if (card === undefined) return null;
    const { brand, last_four: lastFour } = card;
    if (card.outcome === "DECLINE") return { approved: false, reason: SANDBOX_DECLINE_REASON, brand, lastFour };
    // The key is part of the reference, as a real provider keys authorizations by it. A repeat of
    // the same request (key, card, amount), even one racing the first, gets the first's reference.
    const fresh = `${REFERENCE_PREFIX}${idempotencyKey.replaceAll("-", "").slice(0, 12)}_${randomBytes(6).toString("hex")}`;
    const inserted = await this.db
      .insertInto("sandbox_authorizations")
      .values({
        reference: fresh,
        idempotency_key: idempotencyKey,
        card_token: cardToken,
        amount_cents: amountCents,
        state: "AUTHORIZED",
        created_at: this.now().toISOString(),
        settled_at: null,
      })
      .onConflict((conflict) => conflict.columns(["idempotency_key", "card_token", "amount_cents"]).doNothing())
      .executeTakeFirst();
    const { reference } = await this.db
      .selectFrom("sandbox_authorizations")
      .select("reference")
      .where("idempotency_key", "=", idempotencyKey)
      .where("card_token", "=", cardToken)
      .where("amount_cents", "=", amountCents)
      .executeTakeFirstOrThrow();
    const pause = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? (this.options.authorizePauseMs ?? 0) : 0;
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    return { approved: true, reference, brand, lastFour };
  }

  async capture(reference: string): Promise<void> {
    await this.#settle(reference, "CAPTURED");
  }

  async void(reference: string): Promise<void> {
    await this.#settle(reference, "VOIDED");
  }

  async #settle(reference: string, to: "CAPTURED" | "VOIDED"): Promise<void> {
    if (!reference.startsWith(REFERENCE_PREFIX)) throw new Error(`not a sandbox authorization: ${reference}`);
    const row = await this.db
      .selectFrom("sandbox_authorizations")
      .select("state")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (row === undefined || row.state === to) return;
    if (row.state !== "AUTHORIZED") throw new Error(`sandbox authorization ${reference} is ${row.state}, not ${to}`);
    await this.db
      .updateTable("sandbox_authorizations")
      .set({ state: to, settled_at: this.now().toISOString() })
      .where("reference", "=", reference)
      .where("state", "=", "AUTHORIZED")
      .execute();
  }
}
