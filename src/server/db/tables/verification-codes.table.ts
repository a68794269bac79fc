import type { Generated, Insertable, Selectable } from "kysely";
import type { IsoInstant } from "../columns";

export const VERIFICATION_PURPOSES = ["phone_sign_in", "change_phone", "email_reset"] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/**
 * One-time codes sent by SMS, call or e-mail (design: sign-in numbers). Only an HMAC of the code
 * is kept, bound to its purpose and target, so a code is worth nothing for another number or use.
 * A newer code of the same purpose, target and account supersedes the older (consumed_at set).
 */
export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: VerificationPurpose;
  /** E.164 phone or lower-cased e-mail address the code was sent to. */
  target: string;
  /** The account that asked (change_phone); null when the code itself signs in or resets. */
  user_id: number | null;
  code_hash: string;
  /** Checks made so far; a code is refused from the sixth check on, even when it is right. */
  attempts: Generated<number>;
  created_at: IsoInstant;
  expires_at: IsoInstant;
  consumed_at: IsoInstant | null;
}

export type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type NewVerificationCodeRow = Insertable<VerificationCodesTable>;
