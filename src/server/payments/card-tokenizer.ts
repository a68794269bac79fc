/**
 * The sandbox's stand-in for a provider's card form: checks a test card and keeps only its token,
 * brand, last four digits and the outcome its number asks for (like Stripe's test cards:
 * 4000 0000 0000 0002 is declined, every other valid number approved). The number and the CVC are
 * never stored nor logged: they live in this function's arguments only.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { cardBrand, cardDigits, isCvcValid, isExpiryValid, passesLuhn } from "../../domain/cards";
import type { SandboxCardRequest, TokenizedCard } from "../../domain/orders-api";
import { insertSandboxCard } from "../db/repositories/payments.repository";
import type { Database } from "../db/schema";
import { invalidInput } from "../http/api-error";

const DECLINED_TEST_NUMBERS = new Set(["4000000000000002"]);

export async function tokenizeSandboxCard(
  db: Kysely<Database>,
  card: SandboxCardRequest,
  now: Date,
): Promise<TokenizedCard> {
  const digits = cardDigits(card.number);
  if (!passesLuhn(digits)) throw invalidInput("INVALID_CARD", "The card number is not valid");
  const brand = cardBrand(digits);
  const today = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  if (!isExpiryValid({ month: card.expiryMonth, year: card.expiryYear }, today)) {
    throw invalidInput("INVALID_CARD", "The card has expired");
  }
  if (!isCvcValid(card.cvc, brand)) throw invalidInput("INVALID_CARD", "The security code is not valid");
  const token = `sbx_card_${randomBytes(16).toString("hex")}`;
  const lastFour = digits.slice(-4);
  await insertSandboxCard(db, {
    token,
    brand,
    last_four: lastFour,
    outcome: DECLINED_TEST_NUMBERS.has(digits) ? "DECLINE" : "APPROVE",
    created_at: now.toISOString(),
  });
  return { cardToken: token, brand, lastFourDigits: lastFour };
}
