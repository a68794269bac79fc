/**
 * The order's progress and outcome on the cart screen (spec §4 progress messages, §3 custom order
 * images, §8 "order rejected", "order timed out ('ran out of time before being accepted')",
 * "payment failed", "check connection"). Every change is announced (a polite live region); an
 * outcome also takes the focus, so keyboard and screen-reader users land on it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef } from "react";
import type { Preparation } from "../../../domain/kitchen";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";
import { rememberFirstOrder } from "../../pwa/install-offer";
import { useOnlineStatus } from "../shell/use-online-status";
import { FINAL_STAGES, type OrderStage } from "./order-stage";

interface OrderProgressProps {
  stage: OrderStage;
  /** Shown while the order is on its way or waiting; null when the cart no longer holds it. */
  summary?: SentOrderSummary | null;
  /** Ends an outcome: back to the cart (kept) or, after an accepted order, the menu. */
  onDone: () => void;
  /** Held order: open the entrance dialog ("Continue" / "Complete order"). */
  onSignIn: () => void;
  /** Held order: drop it (it never reached the server). */
  onCancelHeld: () => void;
  /**
   * A waiter's order from a PDA: accepted at once and owed at the table, so the outcome speaks to
   * the waiter, not to a guest.
   */
  byStaff?: boolean;
  /** The table a waiter's order is for (the PDA's own spot is not where it goes). */
  tableName?: string | null;
  /**
   * The spot whose table bill a guest's accepted order joined (null: none, e.g. delivery): once
   * accepted, the guest can open that bill and pay it from the phone.
   */
  billTableId?: number | null;
}

/** The order reached the store: only its answer can be waiting for the connection. */
const SENT_STAGES = ["sent", "waiting", "under-review"] as const;

type ImageName = "accepted" | "rejected" | "timed-out" | "server-error" | "payment-failed";

const IMAGE_OF: Partial<Record<OrderStage["kind"], ImageName>> = {
  accepted: "accepted",
  rejected: "rejected",
  "timed-out": "timed-out",
  "payment-failed": "payment-failed",
  expired: "server-error",
  retrying: "server-error",
};

/** What the waiting order holds: its lines and total, as sent. */
export interface SentOrderSummary {
  lines: ReadonlyArray<{ id: number; quantity: number; name: string }>;
  totalCents: number;
}

export function OrderProgress({
  stage,
  summary = null,
  onDone,
  onSignIn,
  onCancelHeld,
  byStaff = false,
  tableName = null,
  billTableId = null,
}: OrderProgressProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const final = (FINAL_STAGES as readonly string[]).includes(stage.kind);

  const reachedStore = "dailyNumber" in stage && stage.dailyNumber !== null;
  useEffect(() => {
    // A guest's first order reached the store: from now on the install offer may show.
    if (reachedStore && !byStaff) rememberFirstOrder();
  }, [reachedStore, byStaff]);

  useEffect(() => {
    // Move focus to an outcome (and to the sign-in request), not to every progress step.
    if (final || stage.kind === "held") headingRef.current?.focus();
  }, [final, stage.kind]);

  const image = IMAGE_OF[stage.kind];
  const { heading, body } = byStaff && stage.kind === "accepted" ? staffAcceptedTexts(tableName) : texts(stage);
  const pending = !final && stage.kind !== "held";
  const online = useOnlineStatus();
  // Sent, and now the connection is gone (beach Wi-Fi): say why nothing moves.
  const waitingForConnection = !online && pending && (SENT_STAGES as readonly string[]).includes(stage.kind);

  return (
    <section
      className={`order-progress card order-progress--${stage.kind}`}
      data-testid="order-progress"
      data-stage={stage.kind}
      data-preparation={stage.kind === "accepted" ? (stage.preparation ?? undefined) : undefined}
    >
      {image ? (
        // Decorative: the heading says the same.
        <img className="order-progress__image" src={`/images/orders/${image}.svg`} alt="" width={160} height={120} />
      ) : (
        pending && <span className="order-progress__spinner" aria-hidden="true" />
      )}
      <div role="status" aria-live="polite" aria-atomic="true">
        <h2 ref={headingRef} tabIndex={-1} className="order-progress__heading">
          {heading}
        </h2>
        {"dailyNumber" in stage && stage.dailyNumber !== null && stage.kind !== "payment-failed" && (
          // The daily number is what the kitchen and the store history call the order by; a declined
          // card made no order the guest could ask about, so none is shown beside "Nothing was ordered".
          <p className="order-progress__number" data-testid="order-daily-number" data-daily-number={stage.dailyNumber}>
            <Trans>Order number {stage.dailyNumber}</Trans>
          </p>
        )}
        {body && <p className="order-progress__body">{body}</p>}
        {waitingForConnection && (
          <p className="order-progress__body" data-testid="order-progress-waiting-for-connection">
            <Trans>Waiting for connection… The answer will show as soon as you are back online.</Trans>
          </p>
        )}
      </div>
      {summary !== null && !final && (
        <div className="order-progress__summary">
          <ul aria-label={t`Your order`}>
            {summary.lines.map((line) => (
              <li key={line.id}>
                {line.quantity}× {line.name}
              </li>
            ))}
          </ul>
          <p className="order-progress__total">
            <Trans>Total {formatPrice(summary.totalCents, ui)}</Trans>
          </p>
        </div>
      )}
      {stage.kind === "accepted" && !byStaff && billTableId !== null && (
        <p className="order-progress__bill">
          <Link to="/menu/$tableId/bill" params={{ tableId: billTableId }} data-testid="order-progress-bill">
            <Trans>The bill</Trans>
          </Link>
        </p>
      )}
      <Actions stage={stage} onDone={onDone} onSignIn={onSignIn} onCancelHeld={onCancelHeld} />
    </section>
  );
}

function Actions({ stage, onDone, onSignIn, onCancelHeld }: OrderProgressProps) {
  if (stage.kind === "held") {
    return (
      <div className="order-progress__actions">
        <button type="button" className="button" onClick={onSignIn}>
          <Trans>Continue</Trans>
        </button>
        <button type="button" className="button button--quiet" onClick={onCancelHeld}>
          <Trans>Cancel order</Trans>
        </button>
      </div>
    );
  }
  if (!(FINAL_STAGES as readonly string[]).includes(stage.kind)) return null;
  return (
    <div className="order-progress__actions">
      <button type="button" className="button" onClick={onDone} data-testid="order-progress-done">
        {stage.kind === "accepted" ? <Trans>Done</Trans> : <Trans>Back to my cart</Trans>}
      </button>
    </div>
  );
}

/** Where the store shows it, how far the kitchen or bar is; else the thanks of an accepted order. */
function preparationText(preparation: Preparation | null): ReactNode {
  switch (preparation) {
    case "PREPARING":
      return <Trans>It is being prepared.</Trans>;
    case "READY":
      return <Trans>It is ready and will be with you in a moment.</Trans>;
    case "ON_ITS_WAY":
      return <Trans>It is on its way to you.</Trans>;
    default:
      return <Trans>Thank you! It is on its way.</Trans>;
  }
}

function staffAcceptedTexts(tableName: string | null): { heading: ReactNode; body: ReactNode } {
  return {
    heading: tableName ? <Trans>Order placed for {tableName}</Trans> : <Trans>Order placed</Trans>,
    body: <Trans>It is on the table's bill; the table pays when it settles.</Trans>,
  };
}

function texts(stage: OrderStage): { heading: ReactNode; body: ReactNode } {
  switch (stage.kind) {
    case "sending":
      return { heading: <Trans>Sending your order…</Trans>, body: null };
    case "offline":
      return {
        heading: <Trans>Check your connection</Trans>,
        body: <Trans>Your order will be sent when you are back online. You can close the app: it is kept.</Trans>,
      };
    case "retrying":
      return {
        heading: <Trans>Something went wrong, try again later</Trans>,
        body: <Trans>We could not reach the store yet. Your order is kept and we keep trying.</Trans>,
      };
    case "held":
      return {
        // Not "Complete order": that is the entrance dialog's header (spec §2), which opens over
        // this card; the same title behind and inside the sheet read twice.
        heading: <Trans>Your order is ready to send</Trans>,
        body: <Trans>Sign in with your phone number to send your order.</Trans>,
      };
    case "expired":
      return {
        heading: <Trans>Your order could not be sent</Trans>,
        body: (
          <Trans>We tried for 24 hours without reaching the store, so nothing was ordered. Your cart is kept.</Trans>
        ),
      };
    case "sent":
      return { heading: <Trans>Your order has been sent</Trans>, body: null };
    case "waiting":
      return {
        heading: <Trans>Waiting for acceptance</Trans>,
        body: <Trans>The store has received your order and will accept it shortly.</Trans>,
      };
    case "under-review":
      return {
        heading: <Trans>Your order is under review</Trans>,
        body: <Trans>The store will answer later; you will get the answer by SMS or e-mail.</Trans>,
      };
    case "accepted":
      return { heading: <Trans>Your order was accepted</Trans>, body: preparationText(stage.preparation) };
    case "rejected": {
      const reason = stage.reason;
      return {
        heading: <Trans>Your order was rejected</Trans>,
        body: reason ? (
          <Trans>The store said: {reason}</Trans>
        ) : (
          <Trans>Your cart is kept, so you can change it and send it again.</Trans>
        ),
      };
    }
    case "timed-out":
      return {
        heading: <Trans>Your order ran out of time before being accepted</Trans>,
        body: <Trans>Nothing was ordered. Your cart is kept, so you can send it again.</Trans>,
      };
    case "payment-failed":
      return {
        heading: <Trans>Payment failed</Trans>,
        body: <Trans>Nothing was ordered. The card was declined: please try another card or pay in cash.</Trans>,
      };
  }
}
