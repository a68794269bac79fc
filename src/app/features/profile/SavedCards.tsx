/**
 * The guest's saved cards (brand and last four digits only: no card data is stored) with a delete
 * that asks first (spec §4: deleting removes by cardToken).
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { SavedCardDto } from "../../../domain/auth-api";
import { cardBrandName } from "../../../domain/cards";
import { deleteSavedCard, fetchSavedCards } from "../../api/accounts";
import { errorTextOf } from "../../api/error-catalogue";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";
import { Dialog } from "../shell/Dialog";

export function SavedCards() {
  const { t } = useLingui();
  const [cards, setCards] = useState<SavedCardDto[] | null>(null);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);
  const [confirming, setConfirming] = useState<SavedCardDto | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    let active = true;
    fetchSavedCards()
      .then((answer) => active && setCards(answer.cards))
      .catch((error: unknown) => active && setMessage({ tone: "error", text: errorTextOf(error) }));
    return () => {
      active = false;
    };
  }, []);

  async function remove(card: SavedCardDto) {
    setDeleting(true);
    try {
      await deleteSavedCard(card.cardToken);
      setCards((list) => list?.filter((each) => each.cardToken !== card.cardToken) ?? null);
      setMessage(null);
    } catch (error) {
      setMessage({ tone: "error", text: errorTextOf(error) });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  }

  return (
    <section className="profile-section" aria-labelledby="saved-cards-title">
      <h2 id="saved-cards-title" className="profile-section__title">
        <Trans>Saved cards</Trans>
      </h2>
      {cards?.length === 0 && (
        <p className="account-field__hint">
          <Trans>You have no saved cards. A card you pay with can be saved at checkout.</Trans>
        </p>
      )}
      {cards && cards.length > 0 && (
        <ul className="saved-cards">
          {cards.map((card) => (
            <li key={card.cardToken} className="saved-cards__card">
              <span>
                {cardBrandName(card.brand)} •••• {card.lastFourDigits}
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={t`Delete card ending in ${card.lastFourDigits}`}
                onClick={() => setConfirming(card)}
              >
                <Trans>Delete</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      <AccountMessage message={message} />
      {confirming && (
        <Dialog title={t`Delete card`} closeLabel={t`Close`} onClose={() => setConfirming(null)}>
          <p>
            <Trans>
              Delete the card ending in {confirming.lastFourDigits}? You can save it again when you pay with it.
            </Trans>
          </p>
          <div className="account-actions">
            <button type="button" className="button" disabled={deleting} onClick={() => void remove(confirming)}>
              <Trans>Delete card</Trans>
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(null)}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
