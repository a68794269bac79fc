// PLACEHOLDER wired by the lead; replaced by its owner (S1).
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AuthorizationResult, PaymentProvider } from "../orders/context";

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = "sandbox";
  constructor(
    readonly db: Kysely<Database>,
    readonly now: () => Date,
  ) {}
  async authorize(): Promise<AuthorizationResult | null> {
    return null;
  }
  async capture(): Promise<void> {}
  async void(): Promise<void> {}
}
