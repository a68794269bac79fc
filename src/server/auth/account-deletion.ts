/**
 * POST user/delete: the guest's personal data goes, the account row stays blanked (orders keep
 * their account id, anonymised), and every token of the account is refused from now on.
 * Kept: memberships (the venue's own register of its guests, keyed by phone) and, for at most a
 * day, the send counters keyed by the phone number (they protect that number from floods).
 * Orders stay (the store's books) but lose their delivery address, the only personal data an
 * order holds; name, phone and e-mail were never copied into them (outcome messages look the
 * account up when sending, so a deleted account gets none).
 */
import { retireCardTokensOfUser } from "../db/repositories/card-tokens.repository";
import { deleteSavedCardsOfUser } from "../db/repositories/saved-cards.repository";
import { revokeSessionsOfUser } from "../db/repositories/sessions.repository";
import { eraseAccount } from "../db/repositories/users.repository";
import { deleteCodesOfAccount } from "../db/repositories/verification-codes.repository";
import type { AccountsContext } from "./context";
import type { SignedIn } from "./sessions";

export async function deleteAccount(ctx: AccountsContext, signedIn: SignedIn): Promise<void> {
  const { user } = signedIn.account;
  const now = ctx.now().toISOString();
  const personalTargets = [user.phone, user.email].filter((target): target is string => target !== null);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteSavedCardsOfUser(trx, user.id);
    // Its cards are deleted cards: their tokens are refused for everyone from now on.
    await retireCardTokensOfUser(trx, user.id, now);
    await deleteCodesOfAccount(trx, user.id, personalTargets);
    // Blanks the personal fields and bumps the token generation: every jwt of the account dies.
    await eraseAccount(trx, user.id, now);
    await trx.updateTable("orders").set({ delivery_info: null }).where("user_id", "=", user.id).execute();
    await revokeSessionsOfUser(trx, user.id, now);
  });
}
