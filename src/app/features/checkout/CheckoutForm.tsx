/**
 * The checkout under the cart's lines and totals: table choice (and, on a PDA, the waiter serving), when, delivery
 * details, payment, comment and Send. Send logs send-order-clicked (spec §7), checks what is
 * missing (src/domain/checkout.ts), asks to confirm the delivery details (spec §5 "delivery
 * details must be in order comments (confirm prompt)"), asks for the location when the store
 * checks it, and hands the order to the outbox.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import type { SavedCardDto } from "../../../domain/auth-api";
import type { CartLine } from "../../../domain/cart";
import {
  type CheckoutForm as CheckoutFormValue,
  type CheckoutProblem,
  checkoutProblems,
  EMPTY_DELIVERY_INFO,
  initialCheckoutForm,
  orderRequestOf,
} from "../../../domain/checkout";
import type { UiLanguage } from "../../../domain/languages";
import type { CheckoutOptions, PlaceOrderRequest } from "../../../domain/orders-api";
import type { PriceBreakdown } from "../../../domain/prices";
import { tablePickerGroups } from "../../../domain/table-picker";
import { ERROR_MESSAGES, type ErrorText, renderErrorText } from "../../api/error-catalogue";
import { logEvent } from "../../orders/logs";
import { useSession } from "../../session/use-session";
import type { ServiceMenuData } from "../../venue/load-venue";
import { dropCheckoutDraft, keepCheckoutDraft, readCheckoutDraft } from "./checkout-draft";
import { DeliveryConfirm } from "./DeliveryConfirm";
import { DeliveryInfoForm } from "./DeliveryInfoForm";
import { OrderComment } from "./OrderComment";
import { OutcomeEmailChoice } from "./OutcomeEmailChoice";
import { PaymentChoice } from "./PaymentChoice";
import { ServedByChoice } from "./ServedByChoice";
import { SpotChoice } from "./SpotChoice";
import { TablePicker } from "./TablePicker";
import { keepDeliveryInfo, useStoredDeliveryInfo } from "./use-delivery-info";
import { requestLocation } from "./use-location";
import { useSavedCards } from "./use-saved-cards";
import { WhenChoice } from "./WhenChoice";
// The form fields share the account screens' field styles.
import "../entrance/accounts.css";
import "./checkout.css";

const PROBLEM_TEXT: Record<CheckoutProblem | "LOCATION_DENIED" | "LOCATION_UNAVAILABLE", MessageDescriptor> = {
  MINIMUM_ORDER_NOT_REACHED: msg`The minimum order value has not been reached`,
  TABLE_SELECTION_REQUIRED: msg`Please choose the table`,
  ROOM_SELECTION_REQUIRED: msg`Please choose the room to charge`,
  CARD_REQUIRED: msg`Please choose a card, or enter a new one and tap "Use this card"`,
  DELIVERY_DETAILS_REQUIRED: msg`Please fill in the address, area and postal code`,
  SCHEDULED_TIME_REQUIRED: msg`Please choose the delivery time`,
  // The catalogue's texts of the codes the server answers for the same mistakes.
  EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING: ERROR_MESSAGES.EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING,
  INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING:
    ERROR_MESSAGES.INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING,
  LOCATION_DENIED: msg`This store needs your location to take the order: please allow it and try again`,
  LOCATION_UNAVAILABLE: msg`We could not find your location: please try again`,
};

export interface CheckoutFormProps {
  venue: Pick<ServiceMenuData, "table" | "service">;
  lines: readonly CartLine[];
  breakdown: PriceBreakdown;
  options: CheckoutOptions;
  language: UiLanguage;
  /** The app clock's epoch ms (server time when known); null until it is known. */
  nowMs: number | null;
  /** Whether an order for now can be sent (open, or taking orders while closed). */
  nowAllowed: boolean;
  /** The server's refusal of the last Send (the cart is kept). */
  refusal: ErrorText | null;
  /** Hands the order over with the very lines its request was built from. */
  onSend: (request: PlaceOrderRequest, lines: readonly CartLine[]) => Promise<void>;
  onDeleteCard: (card: SavedCardDto) => void;
}

export function CheckoutForm(props: CheckoutFormProps) {
  const { venue, lines, breakdown, options, language, nowMs, nowAllowed, refusal, onSend, onDeleteCard } = props;
  const { i18n } = useLingui();
  const storeId = venue.table.store.storeId;
  const session = useSession();
  const { cards } = useSavedCards();
  const storedDelivery = useStoredDeliveryInfo();
  const cart = { storeId, serviceId: venue.service.serviceId };
  const [form, setForm] = useState<CheckoutFormValue>(
    () =>
      readCheckoutDraft(cart) ?? {
        ...initialCheckoutForm(),
        when: nowAllowed || !options.scheduledOrdersEnabled ? { kind: "now" } : { kind: "later", scheduledFor: null },
      },
  );
  const [problems, setProblems] = useState<(keyof typeof PROBLEM_TEXT)[]>([]);
  // The lines stay with the request they built while the guest confirms the delivery details.
  const [confirming, setConfirming] = useState<{ request: PlaceOrderRequest; lines: readonly CartLine[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  // A staff session on a PDA spot gets the floor: sections, families, open tables.
  const tableGroups = useMemo(() => tablePickerGroups(options), [options]);

  // The last delivery details fill an untouched form once they are read.
  useEffect(() => {
    if (!storedDelivery) return;
    setForm((current) =>
      current.deliveryInfo === EMPTY_DELIVERY_INFO ? { ...current, deliveryInfo: storedDelivery } : current,
    );
  }, [storedDelivery]);

  // The profile's e-mail fills the outcome's address once the session is read; sent only if ticked.
  const profileEmail = session?.user.email ?? null;
  useEffect(() => {
    if (profileEmail === null) return;
    setForm((current) =>
      current.outcomeEmail.address === ""
        ? { ...current, outcomeEmail: { ...current.outcomeEmail, address: profileEmail } }
        : current,
    );
  }, [profileEmail]);

  // A deleted card that was selected falls back to cash.
  useEffect(() => {
    const payment = form.payment;
    if (payment.type !== "CARD" || payment.newCard || payment.cardToken === null) return;
    if (!cards.some((card) => card.cardToken === payment.cardToken))
      setForm((f) => ({ ...f, payment: { type: "CASH" } }));
  }, [cards, form.payment]);

  const update = (changes: Partial<CheckoutFormValue>) =>
    setForm((current) => {
      const next = { ...current, ...changes };
      keepCheckoutDraft(cart, next);
      return next;
    });

  async function hand(request: PlaceOrderRequest, sentLines: readonly CartLine[]) {
    dropCheckoutDraft(cart);
    await onSend(request, sentLines);
  }

  async function send() {
    logEvent("send-order-clicked", { storeId });
    const found: (keyof typeof PROBLEM_TEXT)[] = checkoutProblems(form, options, breakdown.minimumOrderReached);
    if (found.includes("ROOM_SELECTION_REQUIRED")) logEvent("send-order-clicked-without-room", { storeId });
    setProblems(found);
    if (found.length > 0) {
      problemsRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      let location: PlaceOrderRequest["location"] = null;
      if (options.locationRequired) {
        const answer = await requestLocation();
        if (answer.kind !== "ok") {
          setProblems([answer.kind === "denied" ? "LOCATION_DENIED" : "LOCATION_UNAVAILABLE"]);
          problemsRef.current?.focus();
          return;
        }
        location = answer.location;
      }
      const request = orderRequestOf(lines, form, {
        serviceId: venue.service.serviceId,
        tableId: venue.table.spot.id,
        expectedTotalCents: breakdown.totalCents,
        options,
        language,
        location,
      });
      if (request.deliveryInfo) {
        await keepDeliveryInfo(request.deliveryInfo).catch(() => undefined);
        setConfirming({ request, lines });
        return;
      }
      await hand(request, lines);
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelivery() {
    const pending = confirming;
    setConfirming(null);
    if (pending) await hand(pending.request, pending.lines);
  }

  return (
    <div className="checkout">
      {options.tableSelectionRequired && (
        <section className="checkout-section">
          {tableGroups === null ? (
            <SpotChoice
              label={<Trans>Table</Trans>}
              choices={options.availableTables}
              value={form.selectedTableId}
              onChange={(selectedTableId) => update({ selectedTableId })}
            />
          ) : (
            <TablePicker
              groups={tableGroups}
              value={form.selectedTableId}
              onChange={(selectedTableId) => update({ selectedTableId })}
            />
          )}
          {options.waiters !== undefined && options.waiters.length > 0 && (
            <ServedByChoice
              waiters={options.waiters}
              value={form.servedByStaffId ?? null}
              onChange={(servedByStaffId) => update({ servedByStaffId })}
            />
          )}
        </section>
      )}
      {options.scheduledOrdersEnabled && nowMs !== null && (
        <WhenChoice
          service={venue.service}
          nowMs={nowMs}
          nowAllowed={nowAllowed}
          when={form.when}
          onChange={(when) => update({ when })}
        />
      )}
      {options.deliveryDetailsRequired && (
        <DeliveryInfoForm
          value={form.deliveryInfo}
          showMissing={problems.includes("DELIVERY_DETAILS_REQUIRED")}
          onChange={(deliveryInfo) => {
            update({ deliveryInfo });
            void keepDeliveryInfo(deliveryInfo).catch(() => undefined);
          }}
        />
      )}
      <PaymentChoice
        payment={form.payment}
        onChange={(payment) => update({ payment })}
        paymentTypes={options.paymentTypes}
        savedCards={cards}
        chargingRooms={options.availableChargingRooms}
        canSaveCard={session?.user.role === "GUEST"}
        onDeleteCard={onDeleteCard}
      />
      <OrderComment value={form.comment} onChange={(comment) => update({ comment })} />
      {!options.tableSelectionRequired && (
        <OutcomeEmailChoice
          value={form.outcomeEmail}
          onChange={(outcomeEmail) => update({ outcomeEmail })}
          invalid={problems.some(
            (problem) =>
              problem === "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING" ||
              problem === "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
          )}
        />
      )}
      <div ref={problemsRef} tabIndex={-1} role="alert" className="checkout__problems" id="checkout-problems">
        {refusal && (
          <p className="account-message account-message--error">{renderErrorText(refusal, (d) => i18n._(d))}</p>
        )}
        {problems.length > 0 && (
          <ul>
            {problems.map((problem) => (
              <li key={problem} className="account-message account-message--error">
                {i18n._(PROBLEM_TEXT[problem])}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className="button cart__send"
        data-testid="send-order"
        disabled={busy}
        aria-describedby="checkout-problems"
        onClick={() => void send()}
      >
        <Trans>Send order</Trans>
      </button>
      {confirming?.request.deliveryInfo && (
        <DeliveryConfirm
          info={confirming.request.deliveryInfo}
          onConfirm={() => void confirmDelivery()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
