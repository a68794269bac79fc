/**
 * The /cart/delete-card step (spec §2 cart-with-delete-card, §4 "deleting removes by cardToken"):
 * asks first, then deletes the saved card by its token and goes back to the cart. A failure says
 * so (spec §8 "something went wrong while deleting the ... card") and keeps the card.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { deleteSavedCard } from "../../api/accounts";
import { errorTextOf } from "../../api/error-catalogue";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";
import { Dialog } from "../shell/Dialog";
import { useSavedCards } from "./use-saved-cards";

/** Spec §8 "something went wrong while deleting the ... card": its own words, not the generic text. */
const DELETE_CARD_FAILED = msg`Something went wrong while deleting the card, try again`;

interface DeleteCardDialogProps {
  cardToken: string | undefined;
  onClose: () => void;
}

export function DeleteCardDialog({ cardToken, onClose }: DeleteCardDialogProps) {
  const { t } = useLingui();
  const { cards } = useSavedCards();
  const card = cards.find((each) => each.cardToken === cardToken);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);

  async function remove() {
    if (!cardToken) return;
    setBusy(true);
    setMessage(null);
    try {
      await deleteSavedCard(cardToken);
      onClose();
    } catch (error) {
      // As for the account: a server's CUSTOM_MESSAGE still wins.
      const text = errorTextOf(error);
      setMessage({ tone: "error", text: "verbatim" in text ? text : { descriptor: DELETE_CARD_FAILED } });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t`Delete card`} closeLabel={t`Close`} onClose={onClose}>
      {card ? (
        <p>
          <Trans>Delete the card ending in {card.lastFourDigits}? You can save it again when you pay with it.</Trans>
        </p>
      ) : (
        <p>
          <Trans>Delete this saved card? You can save it again when you pay with it.</Trans>
        </p>
      )}
      <AccountMessage message={message} />
      <div className="account-actions">
        <button type="button" className="button" disabled={busy || !cardToken} onClick={() => void remove()}>
          <Trans>Delete card</Trans>
        </button>
        <button type="button" className="button button--quiet" data-autofocus onClick={onClose}>
          <Trans>Keep it</Trans>
        </button>
      </div>
    </Dialog>
  );
}
