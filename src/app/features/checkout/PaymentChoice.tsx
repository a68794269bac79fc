/**
 * How the guest pays (spec §3 Payment, §4 "Selecting a saved card deselects others; deleting
 * removes by cardToken", §9 default cash): cash, each saved card, a new card through the sandbox,
 * or charge to a room (hotel stores that offer it) with the room to charge. One radio group, so
 * picking one choice deselects every other.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import type { SavedCardDto } from "../../../domain/auth-api";
import { cardBrandName } from "../../../domain/cards";
import type { PaymentSelection } from "../../../domain/checkout";
import type { PaymentType, SpotChoice as SpotChoiceDto, TokenizedCard } from "../../../domain/orders-api";
import { NewCardForm } from "./NewCardForm";
import { SpotChoice } from "./SpotChoice";

interface PaymentChoiceProps {
  payment: PaymentSelection;
  onChange: (payment: PaymentSelection) => void;
  paymentTypes: readonly PaymentType[];
  savedCards: readonly SavedCardDto[];
  chargingRooms: readonly SpotChoiceDto[];
  canSaveCard: boolean;
  onDeleteCard: (card: SavedCardDto) => void;
}

function choiceOf(payment: PaymentSelection): string {
  if (payment.type === "CASH") return "cash";
  if (payment.type === "CHARGE_TO_ROOM") return "room";
  return payment.newCard ? "new-card" : `card:${payment.cardToken}`;
}

export function PaymentChoice(props: PaymentChoiceProps) {
  const { payment, onChange, paymentTypes, savedCards, chargingRooms, canSaveCard, onDeleteCard } = props;
  const { t } = useLingui();
  const name = useId();
  const [newCard, setNewCard] = useState<TokenizedCard | null>(null);
  const chosen = choiceOf(payment);
  const cards = paymentTypes.includes("CARD");
  const room = paymentTypes.includes("CHARGE_TO_ROOM");

  const radio = (value: string, label: ReactNode, select: () => void, extra?: ReactNode) => (
    <li key={value} className="payment-choice__option">
      <label className="payment-choice__label">
        <input type="radio" name={name} value={value} checked={chosen === value} onChange={select} />
        <span>{label}</span>
      </label>
      {extra}
    </li>
  );

  return (
    <fieldset className="checkout-section payment-choice">
      <legend className="checkout-section__title">
        <Trans>Payment</Trans>
      </legend>
      <ul className="payment-choice__list">
        {radio("cash", <Trans>Cash</Trans>, () => onChange({ type: "CASH" }))}
        {cards &&
          savedCards.map((card) =>
            radio(
              `card:${card.cardToken}`,
              `${cardBrandName(card.brand)} •••• ${card.lastFourDigits}`,
              () => onChange({ type: "CARD", cardToken: card.cardToken, saveCard: false, newCard: false }),
              <button
                type="button"
                className="link-button"
                aria-label={t`Delete card ending in ${card.lastFourDigits}`}
                onClick={() => onDeleteCard(card)}
              >
                <Trans>Delete</Trans>
              </button>,
            ),
          )}
        {cards &&
          radio("new-card", <Trans>New card</Trans>, () =>
            onChange({ type: "CARD", cardToken: newCard?.cardToken ?? null, saveCard: false, newCard: true }),
          )}
        {room &&
          radio("room", <Trans>Charge to room</Trans>, () =>
            onChange({ type: "CHARGE_TO_ROOM", chargingRoomId: null }),
          )}
      </ul>
      {payment.type === "CARD" && payment.newCard && (
        <NewCardForm
          card={newCard}
          canSave={canSaveCard}
          saveCard={payment.saveCard}
          onSaveCardChange={(saveCard) => onChange({ ...payment, saveCard })}
          onTokenized={(card) => {
            setNewCard(card);
            onChange({ type: "CARD", cardToken: card.cardToken, saveCard: false, newCard: true });
          }}
        />
      )}
      {payment.type === "CHARGE_TO_ROOM" && (
        <SpotChoice
          label={<Trans>Room to charge</Trans>}
          choices={chargingRooms}
          value={payment.chargingRoomId}
          onChange={(chargingRoomId) => onChange({ type: "CHARGE_TO_ROOM", chargingRoomId })}
        />
      )}
    </fieldset>
  );
}
