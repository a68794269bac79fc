/**
 * POST user/delete: no personal data of the person stays anywhere the product
 * stores it. The account row stays blanked (orders keep their account id, anonymised) and every
 * token of the account is refused from now on. What goes, in one transaction:
 * - the account's phone, country, name, e-mail and password (the row is blanked);
 * - its sessions and their token hashes, its saved cards (their tokens retired for everyone);
 * - one-time codes it asked for or sent to its phone or e-mail, and every message in the outbox
 *   to its phone or e-mail, or to a number it asked a code for and never confirmed, or naming
 *   one of them (codes, outcome messages, its contact-form e-mails);
 * - the stored answers of its order placements (they held the delivery address and doorbell),
 *   and the comments of its lines in the staff's stored answers (a waiter's receipt or opening);
 * - its orders' delivery address and comment, its reviews' words (the rating stays);
 * - the venue's memberships of its phone;
 * - the payment receipts it had e-mailed, with the addresses typed for them, and the card tokens
 *   of its finished bill payments;
 * - the addresses its orders' outcomes were to be e-mailed to, and those e-mails in the outbox.
 * A phone or e-mail the person had before a change was cleaned at the change (./personal-data.ts).
 * What is kept, and why, is listed in README.md "What is kept after an account is deleted, and why".
 */
import { forgetCardTokensOf } from "../bill/bill-payment-attempts";
import { forgetReceiptEmailsOf } from "../bill/receipt-email";
import { retireCardTokensOfUser } from "../db/repositories/card-tokens.repository";
import {
  anonymiseOrdersOf,
  blankCommentsInStaffAnswers,
  blankReviewsOf,
  deleteMembershipsOf,
  deleteOrderRequestsOf,
  deleteSessionsOf,
} from "../db/repositories/personal-data.repository";
import { deleteSavedCardsOfUser } from "../db/repositories/saved-cards.repository";
import { eraseAccount } from "../db/repositories/users.repository";
import { deleteCodesOfAccount, listCodeTargetsOfAccount } from "../db/repositories/verification-codes.repository";
import { forgetOutcomeEmailsOf } from "../orders/outcome-email";
import type { AccountsContext } from "./context";
import { forgetIdentifiers } from "./personal-data";
import type { SignedIn } from "./sessions";

export async function deleteAccount(ctx: AccountsContext, signedIn: SignedIn): Promise<void> {
  const { user } = signedIn.account;
  const now = ctx.now().toISOString();
  const personalTargets = [user.phone, user.email].filter((target): target is string => target !== null);
  await ctx.db.transaction().execute(async (trx) => {
    // Numbers it asked a code for and never confirmed were typed by the person: theirs too.
    const asked = await listCodeTargetsOfAccount(trx, user.id);
    await forgetIdentifiers(trx, [...new Set([...personalTargets, ...asked])]);
    await deleteSavedCardsOfUser(trx, user.id);
    // Its cards are deleted cards: their tokens are refused for everyone from now on.
    await retireCardTokensOfUser(trx, user.id, now);
    await deleteCodesOfAccount(trx, user.id, personalTargets);
    if (user.phone !== null) await deleteMembershipsOf(trx, user.phone);
    await deleteOrderRequestsOf(trx, user.id);
    await blankCommentsInStaffAnswers(trx, user.id);
    await anonymiseOrdersOf(trx, user.id);
    await blankReviewsOf(trx, user.id);
    await forgetReceiptEmailsOf(trx, user.id);
    await forgetOutcomeEmailsOf(trx, user.id);
    await forgetCardTokensOf(trx, user.id);
    // Blanks the personal fields and bumps the token generation: every jwt of the account dies.
    await eraseAccount(trx, user.id, now);
    // Without its session an authToken is unknown, so it is refused like any wrong one.
    await deleteSessionsOf(trx, user.id);
  });
}
