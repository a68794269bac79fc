/**
 * A new card through the built-in sandbox provider (design.md "Outside parts": 4242 4242 4242 4242
 * succeeds, 4000 0000 0000 0002 is declined at payment). The number and CVC live only in this
 * form's state: they go to POST /api/payments/sandbox/cards and come back as a token, brand and
 * last four digits, which is all the app keeps (never IndexedDB, never the outbox).
 */
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import {
  cardBrand,
  cardBrandName,
  cardDigits,
  isCvcValid,
  isExpiryValid,
  parseExpiry,
  passesLuhn,
} from "../../../domain/cards";
import type { TokenizedCard } from "../../../domain/orders-api";
import { errorTextOf } from "../../api/error-catalogue";
import { tokenizeSandboxCard } from "../../api/orders";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";

const BAD_NUMBER = msg`Please check the card number`;
const BAD_EXPIRY = msg`Please check the expiry date (MM/YY)`;
const BAD_CVC = msg`Please check the security code`;

interface NewCardFormProps {
  card: TokenizedCard | null;
  onTokenized: (card: TokenizedCard) => void;
  /** Signed-in guests may keep the card for next time. */
  canSave: boolean;
  saveCard: boolean;
  onSaveCardChange: (save: boolean) => void;
}

export function NewCardForm({ card, onTokenized, canSave, saveCard, onSaveCardChange }: NewCardFormProps) {
  const id = useId();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const digits = cardDigits(number);
    const parsedExpiry = parseExpiry(expiry);
    const now = new Date();
    const fail = (descriptor: typeof BAD_NUMBER) => setMessage({ tone: "error", text: { descriptor } });
    if (!passesLuhn(digits)) return fail(BAD_NUMBER);
    if (
      parsedExpiry === null ||
      !isExpiryValid(parsedExpiry, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 })
    ) {
      return fail(BAD_EXPIRY);
    }
    const { month, year: fullYear } = parsedExpiry;
    if (!isCvcValid(cvc, cardBrand(digits))) return fail(BAD_CVC);
    setBusy(true);
    setMessage(null);
    try {
      const tokenized = await tokenizeSandboxCard({ number: digits, expiryMonth: month, expiryYear: fullYear, cvc });
      // Forget the number and code as soon as the token is here.
      setNumber("");
      setCvc("");
      setExpiry("");
      onTokenized(tokenized);
    } catch (error) {
      setMessage({ tone: "error", text: errorTextOf(error) });
    } finally {
      setBusy(false);
    }
  }

  if (card) {
    const brand = cardBrandName(card.brand);
    return (
      <div className="new-card">
        <p className="new-card__ready">
          <Trans>
            Paying with {brand} •••• {card.lastFourDigits}
          </Trans>
        </p>
        {canSave && (
          <label className="account-field--inline">
            <input type="checkbox" checked={saveCard} onChange={(event) => onSaveCardChange(event.target.checked)} />
            <Trans>Save this card for next time</Trans>
          </label>
        )}
      </div>
    );
  }

  // A nested <form> is not allowed (the cart's checkout is around it): a group with its own button.
  return (
    <fieldset className="new-card">
      <legend className="new-card__title">
        <Trans>New card</Trans>
      </legend>
      <div className="account-field">
        <label htmlFor={`${id}-number`}>
          <Trans>Card number</Trans>
        </label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(event) => setNumber(event.target.value.replace(/[^\d ]/g, ""))}
          maxLength={23}
        />
      </div>
      <div className="new-card__row">
        <div className="account-field">
          <label htmlFor={`${id}-expiry`}>
            <Trans>Expiry (MM/YY)</Trans>
          </label>
          <input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value.replace(/[^\d/]/g, ""))}
            maxLength={7}
          />
        </div>
        <div className="account-field">
          <label htmlFor={`${id}-cvc`}>
            <Trans>Security code</Trans>
          </label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, ""))}
            maxLength={4}
          />
        </div>
      </div>
      <AccountMessage message={message} />
      <button type="button" className="button button--quiet" disabled={busy} onClick={(event) => void submit(event)}>
        <Trans>Use this card</Trans>
      </button>
    </fieldset>
  );
}
