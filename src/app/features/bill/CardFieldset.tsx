/**
 * The card a bill payment is charged to: one of the guest's saved cards, or a new one typed in the
 * card form (which may save it). PayPanel keeps the choice, since the request needs its token.
 */
import { Trans } from "@lingui/react/macro";
import type { SavedCardDto } from "../../../domain/auth-api";
import { cardBrandName } from "../../../domain/cards";
import type { TokenizedCard } from "../../../domain/orders-api";
import { NewCardForm } from "../checkout/NewCardForm";
// The new-card form's field and message styles live with the entrance's account forms.
import "../entrance/accounts.css";

/** A saved card by its token, a new card, or none (no saved card and nothing picked yet). */
export type CardChoice = { kind: "saved"; cardToken: string } | { kind: "new" } | null;

interface CardFieldsetProps {
  /** The card radios' group name, unique on the page. */
  groupName: string;
  disabled: boolean;
  cards: readonly SavedCardDto[];
  card: CardChoice;
  onCardChange: (card: CardChoice) => void;
  /** The new card once the form has tokenized it. */
  newCard: TokenizedCard | null;
  onNewCardChange: (card: TokenizedCard) => void;
  saveCard: boolean;
  onSaveCardChange: (save: boolean) => void;
}

export function CardFieldset({
  groupName,
  disabled,
  cards,
  card,
  onCardChange,
  newCard,
  onNewCardChange,
  saveCard,
  onSaveCardChange,
}: CardFieldsetProps) {
  return (
    <fieldset className="bill-fieldset" disabled={disabled}>
      <legend className="bill-fieldset__legend">
        <Trans>Card</Trans>
      </legend>
      {cards.map((saved) => (
        <label key={saved.cardToken} className="bill-choice">
          <input
            type="radio"
            name={groupName}
            checked={card?.kind === "saved" && card.cardToken === saved.cardToken}
            onChange={() => onCardChange({ kind: "saved", cardToken: saved.cardToken })}
          />
          <span>
            {cardBrandName(saved.brand)} •••• {saved.lastFourDigits}
          </span>
        </label>
      ))}
      <label className="bill-choice">
        <input
          type="radio"
          name={groupName}
          checked={card?.kind === "new"}
          onChange={() => onCardChange({ kind: "new" })}
        />
        <span>
          <Trans>New card</Trans>
        </span>
      </label>
      {card?.kind === "new" && (
        <NewCardForm
          card={newCard}
          canSave
          saveCard={saveCard}
          onSaveCardChange={onSaveCardChange}
          onTokenized={onNewCardChange}
        />
      )}
    </fieldset>
  );
}
