/**
 * The staff screen of spec §2 order-change-status, the waiter's live orders:
 * the store's pending orders, the oldest first with the time each has left, arriving the moment
 * they are placed (LiveOrdersFeed: the store's STOMP topic, polling when it fails, a backup read
 * beside it) with a sound and a vibration the waiter can silence. Accept and reject go through the
 * staff-action outbox with an Idempotency-Key: made offline they wait on the card as "waiting to be
 * sent" and go out once when the connection returns; a card shows an order as decided only once
 * the server said so (it then leaves the list). Offline, the last known list stays, with the time
 * the connection was lost. Guests calling (to pay in cash or on the card terminal, or for a waiter)
 * are cards above the orders, rung like an order and answered with "On my way" through the same
 * outbox.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef, useState } from "react";
import type { WaiterCall } from "../../../domain/bill-api";
import { pickTranslation } from "../../../domain/languages";
import type { OrderDto } from "../../../domain/orders-api";
import { appDb } from "../../db/app-db";
import { formatAthensTime } from "../../i18n/athens-date-time";
import { useLanguage } from "../../i18n/language-store";
import { useSession } from "../../session/use-session";
import { usePageTitle } from "../shell/use-page-title";
import { LiveOrdersFeed } from "./live/LiveOrdersFeed";
import { useLiveOrders } from "./live/live-orders-store";
import { setAlertsSilenced, useAlertsSilenced } from "./live/order-alert";
import { useServerNow } from "./live/server-now";
import { ANSWER_CALL_ACTION, answerCallPath } from "./live/staff-calls";
import { staffOrderErrorText } from "./live/staff-order-errors";
import { useCallTitle, WaiterCallCard } from "./live/WaiterCallCard";
import { useWaiterCalls } from "./live/waiter-calls-store";
import { OrderChangeStatusCard } from "./OrderChangeStatusCard";
import { isWaiting, onActionOutcome, submitStaffAction } from "./openings/action-outbox";
import { NotAllowedScreen } from "./openings/NotAllowedScreen";
import { openingErrorText } from "./openings/opening-errors";
import "./openings/openings.css";
import "./live/live-orders.css";

export function OrderChangeStatusScreen() {
  const session = useSession();
  if (session === undefined) return null;
  const role = session?.user.role;
  const storeId = session?.user.storeId ?? null;
  if ((role !== "WAITER" && role !== "ADMIN") || storeId === null) return <NotAllowedScreen />;
  return (
    <>
      <LiveOrdersFeed storeId={storeId} />
      <LiveOrdersBoard />
    </>
  );
}

type Notice = { orderId: number; text: string; tone: "error" | "info" } | null;
/** About a guest's call: its title is kept, since the call may have left the list by the time it shows. */
type CallNotice = { callId: number; title: string; text: string } | null;

function LiveOrdersBoard() {
  const { t, i18n } = useLingui();
  const { ui } = useLanguage();
  usePageTitle(t`Live orders`);
  const { pending, offlineSince, error, reload } = useLiveOrders();
  const silenced = useAlertsSilenced();
  const now = useServerNow();
  const queued = useLiveQuery(() => appDb().pendingStaffActions.filter(isWaiting).toArray(), []);
  const [notice, setNotice] = useState<Notice>(null);
  const calls = useWaiterCalls();
  const titleOf = useCallTitle();
  const [callNotice, setCallNotice] = useState<CallNotice>(null);

  const callsRef = useRef(calls.calls);
  callsRef.current = calls.calls;

  // A queued accept, reject or "On my way" answered later (back online): a refusal is said here too
  // (the staff shell keeps it until seen, RefusedActions.tsx), the list re-read.
  useEffect(
    () =>
      onActionOutcome((row, outcome) => {
        if (outcome.kind !== "refused") return;
        if (row.orderId !== undefined) {
          setNotice({ orderId: row.orderId, tone: "error", text: staffOrderErrorText(outcome.error, i18n) });
        }
        // The row names its call only by its path; the call as last listed gives its title.
        const call =
          row.action === ANSWER_CALL_ACTION
            ? callsRef.current?.find((listed) => answerCallPath(listed.id) === row.path)
            : undefined;
        if (call !== undefined) {
          const text = openingErrorText(outcome.error, i18n, ui);
          setCallNotice({ callId: call.id, title: titleOf(call, ui), text });
        }
      }),
    [i18n, ui, titleOf],
  );

  const act = async (order: OrderDto, action: "accept" | "reject", body: unknown) => {
    const orderId = order.id;
    const number = order.dailyNumber;
    setNotice(null);
    const outcome = await submitStaffAction({
      orderId,
      action,
      description: action === "accept" ? t`Accepting order #${number}` : t`Rejecting order #${number}`,
      path: `staff/orders/${orderId}/${action}`,
      body,
    });
    if (outcome.kind === "refused")
      setNotice({ orderId, tone: "error", text: staffOrderErrorText(outcome.error, i18n) });
    if (outcome.kind === "pending") {
      setNotice({
        orderId,
        tone: "info",
        text: t`No connection: it will be sent once, as soon as the connection returns.`,
      });
    }
    await reload();
  };

  const queuedFor = (orderId: number) => queued?.find((row) => row.orderId === orderId);
  const listed = (orderId: number) => pending?.some((order) => order.id === orderId) === true;

  // A guest's call: "On my way" goes through the outbox like an accept, queued while offline.
  const answer = async (call: WaiterCall) => {
    const callTitle = titleOf(call, ui);
    const spot = pickTranslation(call.spot.names, ui).name;
    setCallNotice(null);
    const outcome = await submitStaffAction({
      action: ANSWER_CALL_ACTION,
      description: t`On my way to ${spot}`,
      path: answerCallPath(call.id),
      body: {},
    });
    if (outcome.kind === "refused") {
      setCallNotice({ callId: call.id, title: callTitle, text: openingErrorText(outcome.error, i18n, ui) });
    }
    // Queued (offline): the card itself says it waits to be sent, and no notice outlives it.
    await calls.reload();
  };
  const answerQueued = (callId: number) =>
    queued?.some((row) => row.action === ANSWER_CALL_ACTION && row.path === answerCallPath(callId)) === true;
  const callListed = (callId: number) => calls.calls?.some((call) => call.id === callId) === true;

  return (
    <section className="page live-orders" aria-labelledby="page-title">
      <div className="live-orders__top">
        <h1 id="page-title" className="page__title">
          <Trans>Live orders</Trans>
        </h1>
        <button
          type="button"
          className="button button--quiet live-orders__sound"
          aria-pressed={silenced}
          onClick={() => setAlertsSilenced(!silenced)}
        >
          <Trans>Mute alerts</Trans>
        </button>
      </div>
      {offlineSince !== null && (
        <p className="openings__offline" role="status">
          <Trans>Offline since {formatAthensTime(offlineSince.toISOString(), ui)}: showing the last known orders</Trans>
        </p>
      )}
      {error !== null && <p role="alert">{staffOrderErrorText(error, i18n)}</p>}
      {/* An order refused because it was decided elsewhere or timed out has left the list: say why here. */}
      {notice !== null && !listed(notice.orderId) && (
        <p role={notice.tone === "error" ? "alert" : "status"}>{notice.text}</p>
      )}
      {/* A refused answer to a call that has left the list (another waiter answered it first): say who and when. */}
      {callNotice !== null && !callListed(callNotice.callId) && (
        <p role="alert">
          {callNotice.title}: {callNotice.text}
        </p>
      )}
      {calls.calls !== null && calls.calls.length > 0 && (
        <ol className="live-orders__list live-calls" aria-label={t`Guests calling, the oldest first`}>
          {calls.calls.map((call) => (
            <li key={call.id}>
              <WaiterCallCard
                call={call}
                queued={answerQueued(call.id)}
                error={callNotice?.callId === call.id ? callNotice.text : null}
                onAnswer={() => void answer(call)}
              />
            </li>
          ))}
        </ol>
      )}
      {pending === null && error === null && offlineSince === null && (
        <p aria-busy="true">
          <Trans>Loading orders…</Trans>
        </p>
      )}
      {pending !== null && pending.length === 0 && (
        <p className="card live-orders__empty">
          <Trans>No pending orders right now.</Trans>
        </p>
      )}
      <ol className="live-orders__list" aria-label={t`Pending orders, the oldest first`}>
        {pending?.map((order) => {
          const row = queuedFor(order.id);
          return (
            <li key={order.id}>
              <OrderChangeStatusCard
                order={order}
                nowMs={now}
                queuedAction={row === undefined ? null : row.action === "accept" ? "accept" : "reject"}
                error={notice?.orderId === order.id && notice.tone === "error" ? notice.text : null}
                onAccept={() => void act(order, "accept", {})}
                onReject={(reason) => void act(order, "reject", reason.trim() === "" ? {} : { reason: reason.trim() })}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
