/**
 * The built-in sandbox payment provider (design.md "Outside parts"): test cards are tokenized by
 * POST /api/payments/sandbox/cards (card-tokenizer.ts), which keeps only a token, the brand, the
 * last four digits and the outcome the test number asks for; authorizing a token answers that
 * outcome. Capture and void have nothing to move in a sandbox: the payments row (capture.ts) is
 * the record, and an unknown reference is a bug, so it throws.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { findSandboxCard } from "../db/repositories/payments.repository";
import type { Database } from "../db/schema";
import type { AuthorizationResult, PaymentProvider } from "../orders/context";

/** What the guest is told when the sandbox declines (Stripe's wording for its decline test card). */
export const SANDBOX_DECLINE_REASON = "Your card was declined.";
const REFERENCE_PREFIX = "sbx_auth_";

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox";
  constructor(
    readonly db: Kysely<Database>,
    readonly now: () => Date,
  ) {}

  async authorize(
    cardToken: string,
    _amountCents: number,
    idempotencyKey: string,
  ): Promise<AuthorizationResult | null> {
    const card = await findSandboxCard(this.db, cardToken);
    if (card === undefined) return null;
    const { brand, last_four: lastFour } = card;
    if (card.outcome === "DECLINE") return { approved: false, reason: SANDBOX_DECLINE_REASON, brand, lastFour };
    // The checkout's key is part of the reference, as a real provider keys authorizations by it.
    const reference = `${REFERENCE_PREFIX}${idempotencyKey.replaceAll("-", "").slice(0, 12)}_${randomBytes(6).toString("hex")}`;
    return { approved: true, reference, brand, lastFour };
  }

  async capture(reference: string): Promise<void> {
    this.#check(reference);
  }

  async void(reference: string): Promise<void> {
    this.#check(reference);
  }

  #check(reference: string): void {
    if (!reference.startsWith(REFERENCE_PREFIX)) throw new Error(`not a sandbox authorization: ${reference}`);
  }
}
