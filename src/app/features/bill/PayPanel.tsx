/**
 * Paying the bill from the phone: what (everything owed, chosen items or pieces of them, an equal
 * share, an amount), a tip (none unless the guest picks one: 5/10/15 % or another amount), then a
 * card (a saved one or a new one) and "Pay", or "I will pay the waiter" in cash or on the terminal.
 * The amount charged is on screen and on the button before the tap. Offline nothing can be paid:
 * a card payment is never queued. A payment without a definite answer keeps its Idempotency-Key
 * and its choice locked until "Try again" gets one; a refusal is shown and the bill re-read.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useRef, useState } from "react";
import { TIP_PERCENT_PRESETS } from "../../../domain/bill";
import type { Bill, BillPaymentAnswer, BillPaymentRequest } from "../../../domain/bill-api";
import { cardBrandName } from "../../../domain/cards";
import type { TokenizedCard } from "../../../domain/orders-api";
import type { ApiError } from "../../api/api-error";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import type { LanguageState } from "../../i18n/language-choice";
import { formatPrice } from "../../i18n/money";
import { NewCardForm } from "../checkout/NewCardForm";
import { useSavedCards } from "../checkout/use-saved-cards";
import { lineName, lineQuantity } from "./BillDetails";
import { payBill } from "./bill-calls";
import { ErrorLine } from "./ErrorLine";
import {
  defaultParts,
  isPayableLine,
  linePiecesCents,
  MAX_SHARES,
  MIN_PARTS,
  type PayChoice,
  parseEuros,
  payAmountOf,
  payProblemOf,
  piecesOf,
  sharesLeft,
  type TipChoice,
  tipCentsOf,
} from "./pay-choice";
import { type AttemptOutcome, useKeyedAttempt } from "./use-keyed-attempt";
import { WaiterCallButton } from "./WaiterCallButton";
import "../entrance/accounts.css";

type Mode = PayChoice["mode"];

interface PayPanelProps {
  tableId: number;
  bill: Bill;
  language: LanguageState;
  /** The bill on screen is not a current answer (yet, or offline): nothing can be paid from it. */
  disabled: boolean;
  /** No connection: say why paying waits. */
  offline: boolean;
  onPaid: (answer: BillPaymentAnswer) => void;
  /** A refusal: the bill changed under the guest, read it again. */
  onRefused: () => void;
}

type CardChoice = { kind: "saved"; cardToken: string } | { kind: "new" } | null;

export function PayPanel({ tableId, bill, language, disabled, offline, onPaid, onRefused }: PayPanelProps) {
  const { t } = useLingui();
  const id = useId();
  const price = (cents: number) => formatPrice(cents, language.ui);
  const [mode, setMode] = useState<Mode | null>(null);
  const [pieces, setPieces] = useState<ReadonlyMap<number, number>>(new Map());
  const [parts, setParts] = useState(() => defaultParts(bill));
  const [count, setCount] = useState(1);
  const [amountText, setAmountText] = useState("");
  const [tip, setTip] = useState<TipChoice>({ kind: "none" });
  const [tipText, setTipText] = useState("");
  const { cards } = useSavedCards();
  const [chosenCard, setCard] = useState<CardChoice>(null);
  const [newCard, setNewCard] = useState<TokenizedCard | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [message, setMessage] = useState<{ text: ErrorText; extra?: ReactNode } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const attempt = useKeyedAttempt<BillPaymentRequest, BillPaymentAnswer>((body, key) => payBill(tableId, body, key));

  // A saved card is the usual way: the first one is offered until the guest picks another.
  const firstCard = cards[0]?.cardToken;
  const card: CardChoice = chosenCard ?? (firstCard === undefined ? null : { kind: "saved", cardToken: firstCard });

  const left = sharesLeft(bill, parts);
  const safeCount = Math.min(Math.max(count, 1), left);
  const choice: PayChoice | null =
    mode === null
      ? null
      : mode === "LINES"
        ? { mode, pieces }
        : mode === "SHARE"
          ? { mode, parts, count: safeCount }
          : mode === "AMOUNT"
            ? { mode, cents: parseEuros(amountText) }
            : { mode };
  const amount = choice === null ? null : payAmountOf(bill, choice);
  const tipCents = amount === null ? 0 : tipCentsOf(tip, amount.amountCents);
  const problem = amount === null ? null : payProblemOf(bill, amount, tipCents);
  const customTipInvalid = tip.kind === "custom" && tipText.trim() !== "" && tip.cents === null;
  const cardToken =
    card?.kind === "saved" ? card.cardToken : card?.kind === "new" ? (newCard?.cardToken ?? null) : null;
  const locked = disabled || attempt.pending || attempt.busy;
  const canPay = !locked && amount !== null && problem === null && !customTipInvalid && cardToken !== null;

  async function pay() {
    // The same attempt again: its own body and key, whatever the screen shows now.
    const again = attempt.retry();
    if (again !== null) {
      await settle(again);
      return;
    }
    if (!canPay || amount === null || cardToken === null) return;
    const request: BillPaymentRequest = {
      amountCents: amount.amountCents,
      tipCents,
      payment: { type: "CARD", cardToken, ...(card?.kind === "new" && saveCard ? { saveCard: true } : {}) },
      ...amount.what,
      language: language.ui,
    };
    await settle(attempt.run(request));
  }

  async function settle(running: Promise<AttemptOutcome<BillPaymentAnswer>>) {
    setMessage(null);
    const outcome = await running;
    if (outcome.kind === "done") {
      setMode(null);
      setPieces(new Map());
      setAmountText("");
      setTip({ kind: "none" });
      setTipText("");
      onPaid(outcome.answer);
      return;
    }
    if (outcome.kind === "unanswered") {
      setMessage({
        text: errorTextOf(outcome.error),
        extra: (
          <Trans>We do not know yet whether the payment went through. Try again: you will not be charged twice.</Trans>
        ),
      });
    } else {
      setMessage({ text: errorTextOf(outcome.error), extra: owedNow(outcome.error, price) });
      onRefused();
    }
    queueMicrotask(() => messageRef.current?.focus());
  }

  const togglePieces = (lineId: number, quantity: number | null) =>
    setPieces((current) => {
      const next = new Map(current);
      if (quantity === null) next.delete(lineId);
      else next.set(lineId, quantity);
      return next;
    });

  const payable = bill.lines.filter(isPayableLine);

  return (
    <section className="bill-pay card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bill-section__title">
        <Trans>Pay</Trans>
      </h2>
      {offline && (
        <p className="bill-notice" data-testid="bill-pay-offline">
          <Trans>Paying needs a connection. You can pay as soon as you are back online.</Trans>
        </p>
      )}
      <fieldset className="bill-fieldset" disabled={locked}>
        <legend className="bill-fieldset__legend">
          <Trans>What do you pay?</Trans>
        </legend>
        <ModeRadio name={`${id}-mode`} value="EVERYTHING" mode={mode} onChange={setMode}>
          <Trans>Everything left ({price(bill.owedCents)})</Trans>
        </ModeRadio>
        {payable.length > 0 && (
          <ModeRadio name={`${id}-mode`} value="LINES" mode={mode} onChange={setMode}>
            <Trans>Chosen items</Trans>
          </ModeRadio>
        )}
        {mode === "LINES" && (
          <ul className="bill-picks" aria-label={t`Items to pay`}>
            {payable.map((line) => {
              const chosen = pieces.get(line.id);
              const name = `${lineQuantity(line, language)} ${lineName(line, language)}`;
              return (
                <li key={line.id} className="bill-pick">
                  <label className="bill-choice">
                    <input
                      type="checkbox"
                      checked={chosen !== undefined}
                      onChange={(event) => togglePieces(line.id, event.target.checked ? line.quantity : null)}
                    />
                    <span>
                      {name} · {price(line.amountCents)}
                    </span>
                  </label>
                  {chosen !== undefined && piecesOf(line) > 1 && (
                    <label className="bill-pick__pieces">
                      <Trans>How many of them</Trans>
                      <select value={chosen} onChange={(event) => togglePieces(line.id, Number(event.target.value))}>
                        {Array.from({ length: line.quantity }, (_, index) => index + 1).map((quantity) => (
                          <option key={quantity} value={quantity}>
                            {t`${quantity} of ${line.quantity} (${price(linePiecesCents(line, quantity) ?? 0)})`}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <ModeRadio name={`${id}-mode`} value="SHARE" mode={mode} onChange={setMode}>
          <Trans>An equal share</Trans>
        </ModeRadio>
        {mode === "SHARE" && (
          <div className="bill-share">
            <label className="bill-field">
              <Trans>Split between (people)</Trans>
              <input
                type="number"
                inputMode="numeric"
                min={MIN_PARTS}
                max={MAX_SHARES}
                value={parts}
                onChange={(event) => {
                  const value = Number(event.target.value);
                  if (Number.isInteger(value)) setParts(Math.min(Math.max(value, MIN_PARTS), MAX_SHARES));
                }}
              />
            </label>
            <label className="bill-field">
              <Trans>I pay for</Trans>
              <select value={safeCount} onChange={(event) => setCount(Number(event.target.value))}>
                {Array.from({ length: left }, (_, index) => index + 1).map((shares) => (
                  <option key={shares} value={shares}>
                    {t`${shares} of ${left} shares`}
                  </option>
                ))}
              </select>
            </label>
            {bill.split !== null && bill.split.parts === parts && bill.split.paidParts > 0 && (
              <p className="bill-hint">
                <Trans>
                  {bill.split.paidParts} of {bill.split.parts} shares are already paid.
                </Trans>
              </p>
            )}
          </div>
        )}
        <ModeRadio name={`${id}-mode`} value="AMOUNT" mode={mode} onChange={setMode}>
          <Trans>An amount</Trans>
        </ModeRadio>
        {mode === "AMOUNT" && (
          <label className="bill-field">
            <Trans>Amount in euros</Trans>
            <input
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              aria-invalid={amountText.trim() !== "" && parseEuros(amountText) === null}
              onChange={(event) => setAmountText(event.target.value)}
            />
          </label>
        )}
      </fieldset>

      <fieldset className="bill-fieldset" disabled={locked}>
        <legend className="bill-fieldset__legend">
          <Trans>Tip</Trans>
        </legend>
        <label className="bill-choice">
          <input
            type="radio"
            name={`${id}-tip`}
            checked={tip.kind === "none"}
            onChange={() => setTip({ kind: "none" })}
          />
          <span>
            <Trans>No tip</Trans>
          </span>
        </label>
        {TIP_PERCENT_PRESETS.map((percent) => (
          <label key={percent} className="bill-choice">
            <input
              type="radio"
              name={`${id}-tip`}
              checked={tip.kind === "percent" && tip.percent === percent}
              onChange={() => setTip({ kind: "percent", percent })}
            />
            <span>
              {percent} %
              {amount !== null && <> ({price(tipCentsOf({ kind: "percent", percent }, amount.amountCents))})</>}
            </span>
          </label>
        ))}
        <label className="bill-choice">
          <input
            type="radio"
            name={`${id}-tip`}
            checked={tip.kind === "custom"}
            onChange={() => setTip({ kind: "custom", cents: parseEuros(tipText) })}
          />
          <span>
            <Trans>Another amount</Trans>
          </span>
        </label>
        {tip.kind === "custom" && (
          <label className="bill-field">
            <Trans>Tip in euros</Trans>
            <input
              inputMode="decimal"
              autoComplete="off"
              value={tipText}
              aria-invalid={customTipInvalid}
              onChange={(event) => {
                setTipText(event.target.value);
                setTip({ kind: "custom", cents: parseEuros(event.target.value) });
              }}
            />
          </label>
        )}
      </fieldset>

      <div className="bill-pay__summary" aria-live="polite" aria-atomic="true" data-testid="bill-pay-summary">
        {amount === null ? (
          <p className="bill-hint">
            <Trans>Choose what you pay.</Trans>
          </p>
        ) : (
          <dl className="bill-totals">
            <div className="bill-totals__row">
              <dt>
                <Trans>Amount</Trans>
              </dt>
              <dd data-testid="bill-pay-amount">{price(amount.amountCents)}</dd>
            </div>
            <div className="bill-totals__row">
              <dt>
                <Trans>Tip</Trans>
              </dt>
              <dd data-testid="bill-pay-tip">{price(tipCents)}</dd>
            </div>
            <div className="bill-totals__row bill-totals__row--owed">
              <dt>
                <Trans>Charged</Trans>
              </dt>
              <dd data-testid="bill-pay-charged">{price(amount.amountCents + tipCents)}</dd>
            </div>
          </dl>
        )}
        {problem !== null && (
          <p className="bill-error" data-testid="bill-pay-problem">
            <ProblemText problem={problem} owed={price(bill.owedCents)} />
          </p>
        )}
        {customTipInvalid && (
          <p className="bill-error">
            <Trans>Please type the tip in euros, e.g. 2,50.</Trans>
          </p>
        )}
      </div>

      {bill.cardPayments && (
        <fieldset className="bill-fieldset" disabled={locked}>
          <legend className="bill-fieldset__legend">
            <Trans>Card</Trans>
          </legend>
          {cards.map((saved) => (
            <label key={saved.cardToken} className="bill-choice">
              <input
                type="radio"
                name={`${id}-card`}
                checked={card?.kind === "saved" && card.cardToken === saved.cardToken}
                onChange={() => setCard({ kind: "saved", cardToken: saved.cardToken })}
              />
              <span>
                {cardBrandName(saved.brand)} •••• {saved.lastFourDigits}
              </span>
            </label>
          ))}
          <label className="bill-choice">
            <input
              type="radio"
              name={`${id}-card`}
              checked={card?.kind === "new"}
              onChange={() => setCard({ kind: "new" })}
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
              onSaveCardChange={setSaveCard}
              onTokenized={setNewCard}
            />
          )}
        </fieldset>
      )}

      {bill.cardPayments && (
        <button
          type="button"
          className="button bill-pay__button"
          disabled={attempt.pending ? disabled || attempt.busy : !canPay}
          onClick={() => void pay()}
          data-testid="bill-pay-button"
        >
          {attempt.busy ? (
            <Trans>Paying…</Trans>
          ) : attempt.pending ? (
            <Trans>Try again</Trans>
          ) : amount === null ? (
            <Trans>Pay</Trans>
          ) : (
            <Trans>Pay {price(amount.amountCents + tipCents)}</Trans>
          )}
        </button>
      )}
      <div ref={messageRef} tabIndex={-1} className="bill-pay__message">
        <ErrorLine text={message?.text ?? null} extra={message?.extra} />
      </div>

      <div className="bill-waiter-pay">
        <p className="bill-hint">
          {bill.cardPayments ? (
            <Trans>Or pay the waiter at your table:</Trans>
          ) : (
            <Trans>Pay the waiter at your table:</Trans>
          )}
        </p>
        <div className="bill-waiter-pay__buttons">
          <WaiterCallButton
            tableId={tableId}
            kind="PAY_CASH"
            amountCents={amount?.amountCents ?? null}
            tipCents={tipCents}
            disabled={disabled || problem !== null}
          >
            <Trans>I will pay the waiter in cash</Trans>
          </WaiterCallButton>
          <WaiterCallButton
            tableId={tableId}
            kind="PAY_CARD_TERMINAL"
            amountCents={amount?.amountCents ?? null}
            tipCents={tipCents}
            disabled={disabled || problem !== null}
          >
            <Trans>I will pay the waiter by card</Trans>
          </WaiterCallButton>
        </div>
      </div>
    </section>
  );
}

function ModeRadio({
  name,
  value,
  mode,
  onChange,
  children,
}: {
  name: string;
  value: Mode;
  mode: Mode | null;
  onChange: (mode: Mode) => void;
  children: ReactNode;
}) {
  return (
    <label className="bill-choice">
      <input type="radio" name={name} checked={mode === value} onChange={() => onChange(value)} />
      <span>{children}</span>
    </label>
  );
}

function ProblemText({ problem, owed }: { problem: NonNullable<ReturnType<typeof payProblemOf>>; owed: string }) {
  switch (problem) {
    case "BILL_SETTLED":
      return <Trans>Nothing is left to pay.</Trans>;
    case "AMOUNT_OVER_OWED":
      return <Trans>That is more than the table owes ({owed}).</Trans>;
    case "TIP_TOO_HIGH":
      return <Trans>The tip can be at most as much as the amount.</Trans>;
    case "AMOUNT_CHANGED":
      return <Trans>The bill changed meanwhile; check the amount.</Trans>;
  }
}

/** A refusal that says what the table owes now (AMOUNT_OVER_OWED, BILL_CHANGED): the guest sees it at once. */
function owedNow(error: ApiError, price: (cents: number) => string): ReactNode {
  const owed = error.details?.owedCents;
  if (typeof owed !== "number") return undefined;
  const text = price(owed);
  return <Trans>The table owes {text} now.</Trans>;
}
