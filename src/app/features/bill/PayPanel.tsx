/**
 * Paying the bill from the phone: what (everything owed, chosen items or pieces of them, an equal
 * share, an amount), a tip (none unless the guest picks one: 5/10/15 % or another amount), then a
 * card (a saved one or a new one) and "Pay", or "I will pay the waiter" in cash or on the terminal.
 * The amount charged is on screen and on the button before the tap. Offline nothing can be paid:
 * a card payment is never queued. A payment without a definite answer keeps its Idempotency-Key
 * and its choice locked until "Try again" gets one; a refusal is shown and the bill re-read.
 *
 * This panel keeps every choice's state, works the amount, tip and request out of them, and sends
 * it; the fieldsets (PayWhatFieldset, TipFieldset, CardFieldset), the summary (PaySummary) and the
 * waiter's buttons (WaiterPayButtons) only show a part of it and report the guest's changes.
 */
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useId, useRef, useState } from "react";
import type { Bill, BillPaymentAnswer, BillPaymentRequest } from "../../../domain/bill-api";
import type { LanguageState } from "../../../domain/language-choice";
import type { TokenizedCard } from "../../../domain/orders-api";
import type { ApiError } from "../../api/api-error";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { formatPrice } from "../../i18n/money";
import { STORAGE_KEYS, safeSessionStorage } from "../../storage/local-storage";
import { useSavedCards } from "../checkout/use-saved-cards";
import { payBill } from "./bill-calls";
import { type CardChoice, CardFieldset } from "./CardFieldset";
import { ErrorLine } from "./ErrorLine";
import { PaySummary } from "./PaySummary";
import { type PayMode, PayWhatFieldset } from "./PayWhatFieldset";
import {
  defaultParts,
  type PayChoice,
  parseEuros,
  payAmountOf,
  payProblemOf,
  sharesLeft,
  type TipChoice,
  tipCentsOf,
} from "./pay-choice";
import { TipFieldset } from "./TipFieldset";
import { type AttemptOutcome, useKeyedAttempt } from "./use-keyed-attempt";
import { WaiterPayButtons } from "./WaiterPayButtons";

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

export function PayPanel({ tableId, bill, language, disabled, offline, onPaid, onRefused }: PayPanelProps) {
  const id = useId();
  const price = (cents: number) => formatPrice(cents, language.ui);
  const [mode, setMode] = useState<PayMode | null>(null);
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
  // Kept in the tab's sessionStorage: a payment whose answer was lost is the same payment after a reload.
  const attempt = useKeyedAttempt<BillPaymentRequest, BillPaymentAnswer>((body, key) => payBill(tableId, body, key), {
    storage: safeSessionStorage(),
    key: STORAGE_KEYS.pendingBillPayment,
    scope: `table ${tableId}`,
  });

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
      <PayWhatFieldset
        groupName={`${id}-mode`}
        bill={bill}
        language={language}
        price={price}
        disabled={locked}
        mode={mode}
        onModeChange={setMode}
        pieces={pieces}
        onPick={togglePieces}
        parts={parts}
        onPartsChange={setParts}
        left={left}
        count={safeCount}
        onCountChange={setCount}
        amountText={amountText}
        onAmountTextChange={setAmountText}
      />

      <TipFieldset
        groupName={`${id}-tip`}
        price={price}
        disabled={locked}
        amountCents={amount?.amountCents ?? null}
        tip={tip}
        onTipChange={setTip}
        tipText={tipText}
        onTipTextChange={setTipText}
        invalid={customTipInvalid}
      />

      <PaySummary
        price={price}
        amount={amount}
        tipCents={tipCents}
        problem={problem}
        owedCents={bill.owedCents}
        tipInvalid={customTipInvalid}
      />

      {bill.cardPayments && (
        <CardFieldset
          groupName={`${id}-card`}
          disabled={locked}
          cards={cards}
          card={card}
          onCardChange={setCard}
          newCard={newCard}
          onNewCardChange={setNewCard}
          saveCard={saveCard}
          onSaveCardChange={setSaveCard}
        />
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

      <WaiterPayButtons
        tableId={tableId}
        cardPayments={bill.cardPayments}
        amountCents={amount?.amountCents ?? null}
        tipCents={tipCents}
        disabled={disabled || problem !== null}
      />
    </section>
  );
}

/** A refusal that says what the table owes now (AMOUNT_OVER_OWED, BILL_CHANGED): the guest sees it at once. */
function owedNow(error: ApiError, price: (cents: number) => string): ReactNode {
  const owed = error.details?.owedCents;
  if (typeof owed !== "number") return undefined;
  const text = price(owed);
  return <Trans>The table owes {text} now.</Trans>;
}
