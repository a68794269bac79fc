/**
 * One table opening: its lines with their states, the orders,
 * the payments, and what it still owes always in sight at the bottom. Tap lines to select them (a
 * stepper settles k of q pieces), then pay, treat, cancel or transfer them; close the table; print
 * a receipt; reopen (admins, the same day). Every write goes through the staff-action outbox: it is
 * shown as pending until the server answers, and no other money action is offered meanwhile.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { pickTranslation } from "../../../../domain/languages";
import type { OpeningsListKind, ReceiptKind } from "../../../../domain/table-openings";
import type { LinePick, OpeningDetail, OpeningLineDto, Settlement } from "../../../../domain/table-openings-api";
import { linePickOf } from "../../../../domain/table-openings-line-checks";
import { fetchOpening, fetchOpenOpenings } from "../../../api/staff-openings";
import { appDb } from "../../../db/app-db";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { formatKilos } from "../../../i18n/weight";
import { usePageTitle } from "../../shell/use-page-title";
import { describeAction } from "./action-description";
import { isWaiting, onActionOutcome, submitStaffAction } from "./action-outbox";
import { logCloseTable } from "./close-table-logs";
import { NotAllowedScreen } from "./NotAllowedScreen";
import { LinesSheet, PaySheet, type SheetRequest, TransferSheet } from "./OpeningSheets";
import { BACKUP_REFRESH_MS } from "./OpenOpeningsScreen";
import { openingErrorText } from "./opening-errors";
import { PaymentText } from "./payment-text";
import { LineStateName } from "./settlement-names";
import { usePolled } from "./use-polled";
import { useStaffOfStore } from "./use-staff-of-store";
import { useStoreTopics } from "./use-store-topics";
import "./openings.css";

/** How often the table is read again while the live stream is down. */
export const OPENING_REFRESH_MS = 5_000;

interface OpeningScreenProps {
  storeId: number;
  tableId: number;
  openingId: number;
  kind: OpeningsListKind;
}

export function OpeningScreen(props: OpeningScreenProps) {
  const access = useStaffOfStore(props.storeId);
  if (access.kind === "loading") return null;
  if (access.kind === "not-allowed") return <NotAllowedScreen />;
  return <OpeningBoard {...props} isAdmin={access.isAdmin} />;
}

type Notice = { tone: "error" | "info" | "done"; text: string } | null;

function OpeningBoard({ storeId, tableId, openingId, kind, isAdmin }: OpeningScreenProps & { isAdmin: boolean }) {
  const { t, i18n } = useLingui();
  const { ui } = useLanguage();
  const navigate = useNavigate();
  const loadOpening = useCallback(() => fetchOpening(openingId), [openingId]);
  // Every message of the store's topics reads the table again; polling is the fallback.
  const reloadRef = useRef(() => {});
  const { connected } = useStoreTopics(storeId, () => reloadRef.current());
  const {
    data: opening,
    error,
    offlineSince,
    reload,
  } = usePolled(
    loadOpening,
    connected ? BACKUP_REFRESH_MS : OPENING_REFRESH_MS,
    // Kept on the device: a PDA reloaded offline still shows the table as last seen, not an empty screen.
    // "v2": spots carry their names per language; a table kept by an older app (one name) is not read.
    `opening:v2:${openingId}`,
  );
  reloadRef.current = () => void reload();
  const loadFloor = useCallback(() => fetchOpenOpenings("tables"), []);
  const { data: floor } = usePolled(loadFloor, 60_000);
  const pending = useLiveQuery(
    () => appDb().pendingStaffActions.where("openingId").equals(openingId).filter(isWaiting).toArray(),
    [openingId],
  );
  const [selected, setSelected] = useState<Map<number, number>>(new Map());
  const [sheet, setSheet] = useState<SheetRequest | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // The spot in the UI language, as guests' screens and the store history name it.
  const place = opening === null ? null : pickTranslation(opening.spot.names, ui);
  usePageTitle(place?.name ?? t`Table`);

  useEffect(() => {
    logCloseTable("close-table-screen-initialized", openingId);
  }, [openingId]);

  // An action retried later (back online) ends here too: read the table again and say how it went.
  // A refusal is also kept until seen (RefusedActions.tsx, in the staff shell), for a waiter who has
  // left this screen by then.
  useEffect(
    () =>
      onActionOutcome((row, outcome) => {
        if (row.openingId !== openingId) return;
        if (outcome.kind === "refused") setNotice({ tone: "error", text: openingErrorText(outcome.error, i18n, ui) });
        void reload();
      }),
    [openingId, reload, i18n, ui],
  );

  // Lines that are no longer open drop out of the selection.
  useEffect(() => {
    if (opening === null) return;
    setSelected((current) => {
      const open = new Set(opening.lines.filter((l) => l.state === "OPEN").map((l) => l.id));
      const kept = new Map([...current].filter(([id]) => open.has(id)));
      return kept.size === current.size ? current : kept;
    });
  }, [opening]);

  if (opening === null || place === null) {
    if (error !== null) return <p role="alert">{openingErrorText(error, i18n, ui)}</p>;
    return (
      <p className="page" aria-busy="true">
        <Trans>Loading the table…</Trans>
      </p>
    );
  }

  const isOpen = opening.status === "OPEN";
  const busy = (pending?.length ?? 0) > 0;
  // Each pick carries its line as this screen shows it, so the server refuses it only when that
  // line changed, not when another waiter settled other lines of the table meanwhile.
  const picks: LinePick[] = [...selected].flatMap(([lineId, quantity]) => {
    const line = opening.lines.find((l) => l.id === lineId);
    return line === undefined ? [] : [linePickOf(line, quantity)];
  });
  const selectedCents = [...selected].reduce((sum, [lineId, quantity]) => {
    const line = opening.lines.find((l) => l.id === lineId);
    return line === undefined ? sum : sum + Math.round((line.amountCents * quantity) / line.quantity);
  }, 0);
  const minimumAtClose =
    opening.minimumConsumption?.chargeMissing === true ? opening.minimumConsumption.missingCents : 0;
  const mayAdjust = isAdmin || floor?.waitersMayTreatAndCancel === true;
  // What guests paid towards the table rather than towards items: those items stay OPEN, so the
  // amounts (the server's, net of it) and not the lines say what the table still owes.
  const onAccountCents = opening.payments
    .filter((payment) => payment.onAccount)
    .reduce((sum, payment) => sum + payment.amountCents, 0);
  const closeCents = opening.amounts.remainingCents + minimumAtClose;
  const onAccount = formatPrice(onAccountCents, ui);

  const act = async (
    action: string,
    description: string,
    path: string,
    body: unknown,
    after?: (answer: unknown) => void,
  ) => {
    setNotice(null);
    const outcome = await submitStaffAction({
      openingId,
      action,
      description,
      path: `staff/openings/${openingId}/${path}`,
      body,
    });
    if (outcome.kind === "done") {
      setSelected(new Map());
      after?.(outcome.answer);
      await reload();
      return true;
    }
    if (outcome.kind === "pending") {
      setNotice({ tone: "info", text: t`No connection: it will be sent once, as soon as the connection returns.` });
      return false;
    }
    setNotice({ tone: "error", text: openingErrorText(outcome.error, i18n, ui) });
    await reload();
    return false;
  };

  // The sheet stays open, its button off, until the action has its first answer (or is queued):
  // a double tap must not land on whatever lies under a closed sheet (the tab bar).
  const settle = async (request: SheetRequest, payment: Settlement | null, reason: string, targetSpotId: number) => {
    setSending(true);
    try {
      await settleNow(request, payment, reason, targetSpotId);
    } finally {
      setSending(false);
      setSheet(null);
    }
  };

  const settleNow = async (request: SheetRequest, payment: Settlement | null, reason: string, targetSpotId: number) => {
    const version = opening.version;
    const spot = place.name;
    switch (request.kind) {
      case "pay":
        await act("pay", t`Payment of ${formatPrice(selectedCents, ui)} at ${spot}`, "pay", {
          version,
          lines: picks,
          payment,
        });
        return;
      case "close": {
        logCloseTable("close-table-confirmed", openingId);
        const amount = formatPrice(closeCents, ui);
        // Nothing left to pay (the guests paid it all from their phones): closed without a payment.
        const description = closeCents === 0 ? t`Closing ${spot}` : t`Closing ${spot} with a payment of ${amount}`;
        const closed = await act("close", description, "close", {
          version,
          payment: closeCents === 0 ? null : payment,
        });
        if (closed) logCloseTable("table-closed-successfully", openingId);
        else logCloseTable("error-at-close-table", openingId);
        return;
      }
      case "treat":
        await act("treat", t`Treat at ${spot}`, "treat", { version, lines: picks, reason });
        return;
      case "cancel":
        await act("cancel", t`Cancellation at ${spot}`, "cancel", { version, lines: picks, reason });
        return;
      case "transfer":
        await act(
          "transfer",
          t`Move from ${spot}`,
          "transfer",
          { version, targetSpotId, lines: request.whole ? null : picks },
          (answer) => {
            const target = answer as OpeningDetail;
            if (target.id !== openingId) void navigateToOpening(target.id);
          },
        );
        return;
    }
  };

  const navigateToOpening = (id: number) =>
    navigate({
      to:
        kind === "rooms"
          ? "/open-rooms/for-store/$storeId/$tableId/$openingId"
          : "/open-tables/for-store/$storeId/$tableId/$openingId",
      params: { storeId, tableId, openingId: id },
    });

  const receipt = (receiptKind: ReceiptKind) =>
    act("receipt", t`Receipt of ${place.name}`, "receipts", { kind: receiptKind, language: ui }, (answer) => {
      void navigate({ to: "/receipts/$receiptId", params: { receiptId: (answer as { id: number }).id } });
    });

  const toggle = (line: OpeningLineDto) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(line.id)) next.delete(line.id);
      else next.set(line.id, line.quantity);
      return next;
    });

  return (
    <section className="page opening" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {place.name}
        <span className="opening__section"> · {opening.spot.section}</span>
      </h1>
      <p className="opening__meta">
        {pickTranslation(opening.department.names, ui).name}
        {opening.waiterName !== null && (
          <>
            {" · "}
            <Trans>Waiter: {opening.waiterName}</Trans>
          </>
        )}
        {opening.status === "CLOSED" && opening.closedByName !== null && (
          <>
            {" · "}
            <Trans>Closed by {opening.closedByName}</Trans>
          </>
        )}
        {opening.status === "MERGED" && (
          <>
            {" · "}
            <Trans>Moved to another table</Trans>
          </>
        )}
      </p>
      {offlineSince !== null && (
        <p className="openings__offline" role="status">
          <Trans>Offline: showing the table as last seen</Trans>
        </p>
      )}
      <div aria-live="polite">
        {busy && (
          <p className="opening__notice opening__notice--info">
            <Trans>
              Waiting for the connection: {pending?.map((row) => describeAction(row, i18n)).join("; ")} will be sent
              once.
            </Trans>
          </p>
        )}
        {notice !== null && <p className={`opening__notice opening__notice--${notice.tone}`}>{notice.text}</p>}
      </div>

      {opening.minimumConsumption !== null && (
        <p className="opening__minimum">
          <Trans>
            Minimum consumption {formatPrice(opening.minimumConsumption.cents, ui)}; missing{" "}
            {formatPrice(opening.minimumConsumption.missingCents, ui)}
          </Trans>
        </p>
      )}

      <ul className="opening__lines" aria-label={t`Items`}>
        {opening.lines.map((line) => (
          <LineRow
            key={line.id}
            line={line}
            selectable={isOpen && !busy && line.state === "OPEN"}
            quantity={selected.get(line.id) ?? null}
            onToggle={() => toggle(line)}
            onQuantity={(quantity) => setSelected((current) => new Map(current).set(line.id, quantity))}
          />
        ))}
      </ul>

      {opening.payments.length > 0 && (
        <section className="opening__payments" aria-label={t`Payments`}>
          <h2>
            <Trans>Payments</Trans>
          </h2>
          <ul>
            {opening.payments.map((payment) => (
              <li key={payment.id} className={payment.guestCard !== null ? "opening__payment--guest" : undefined}>
                <PaymentText payment={payment} language={ui} withTerminal />
              </li>
            ))}
          </ul>
          {isOpen && onAccountCents > 0 && (
            <p className="opening__on-account">
              <Trans>
                Guests paid {onAccount} towards the table from their phones: the items stay open until the table is
                closed, and at least that much of them must stay open.
              </Trans>
            </p>
          )}
        </section>
      )}

      <footer className="opening__footer">
        <div className="opening__totals">
          <span>
            <Trans>Owes</Trans>{" "}
            <strong data-testid="remaining">{formatPrice(opening.amounts.remainingCents, ui)}</strong>
          </span>
          <span className="opening__totals-small">
            <Trans>
              Total {formatPrice(opening.amounts.totalCents, ui)} · paid {formatPrice(opening.amounts.paidCents, ui)}
            </Trans>
            {selected.size > 0 && (
              <>
                {" · "}
                <Trans>selected {formatPrice(selectedCents, ui)}</Trans>
              </>
            )}
          </span>
        </div>
        <div className="opening__actions">
          {isOpen && selected.size > 0 && (
            <>
              <button type="button" className="button" disabled={busy} onClick={() => setSheet({ kind: "pay" })}>
                <Trans>Pay selected</Trans>
              </button>
              {mayAdjust && (
                <>
                  <button
                    type="button"
                    className="button button--quiet"
                    disabled={busy}
                    onClick={() => setSheet({ kind: "treat" })}
                  >
                    <Trans>Treat</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--quiet"
                    disabled={busy}
                    onClick={() => setSheet({ kind: "cancel" })}
                  >
                    <Trans>Cancel items</Trans>
                  </button>
                </>
              )}
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={() => setSheet({ kind: "transfer", whole: false })}
              >
                <Trans>Move items</Trans>
              </button>
            </>
          )}
          {isOpen && selected.size === 0 && (
            <>
              {closeCents === 0 && opening.amounts.paidCents > 0 && (
                <p className="opening__paid-up" role="status">
                  <Trans>Nothing left to pay: close the table.</Trans>
                </p>
              )}
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => {
                  setSheet({ kind: "close" });
                }}
              >
                <Trans>Close table</Trans>
              </button>
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={() => setSheet({ kind: "transfer", whole: true })}
              >
                <Trans>Move table</Trans>
              </button>
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={() => void receipt("TEMPORARY")}
              >
                <Trans>Temporary receipt</Trans>
              </button>
            </>
          )}
          {opening.status === "CLOSED" && (
            <>
              <button type="button" className="button" disabled={busy} onClick={() => void receipt("FINAL")}>
                <Trans>Final receipt</Trans>
              </button>
              {isAdmin && (
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={busy}
                  onClick={() => void act("reopen", t`Reopening ${place.name}`, "reopen", { version: opening.version })}
                >
                  <Trans>Reopen</Trans>
                </button>
              )}
            </>
          )}
        </div>
      </footer>

      {sheet !== null && (sheet.kind === "pay" || sheet.kind === "close") && (
        <PaySheet
          request={sheet}
          openingId={openingId}
          amountCents={sheet.kind === "pay" ? selectedCents : closeCents}
          spotName={place.name}
          cardTerminals={floor?.cardTerminals ?? []}
          hasRooms={(floor?.spots ?? []).some((spot) => spot.type === "HOTEL_ROOM")}
          thisSpotId={opening.spot.id}
          onCancel={() => {
            if (sheet.kind === "close") logCloseTable("close-table-cancelled", openingId);
            setSheet(null);
          }}
          onConfirm={(payment) => void settle(sheet, payment, "", 0)}
          sending={sending}
        />
      )}
      {sheet !== null && (sheet.kind === "treat" || sheet.kind === "cancel") && (
        <LinesSheet
          request={sheet}
          amountCents={selectedCents}
          onCancel={() => setSheet(null)}
          onConfirm={(reason) => void settle(sheet, null, reason, 0)}
          sending={sending}
        />
      )}
      {sheet !== null && sheet.kind === "transfer" && (
        <TransferSheet
          spots={(floor?.spots ?? []).filter((spot) => spot.id !== opening.spot.id)}
          whole={sheet.whole}
          onCancel={() => setSheet(null)}
          onConfirm={(targetSpotId) => void settle(sheet, null, "", targetSpotId)}
          sending={sending}
        />
      )}
    </section>
  );
}

function LineRow({
  line,
  selectable,
  quantity,
  onToggle,
  onQuantity,
}: {
  line: OpeningLineDto;
  selectable: boolean;
  quantity: number | null;
  onToggle: () => void;
  onQuantity: (quantity: number) => void;
}) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const name = pickTranslation(line.names, ui).name;
  const options = line.options.map((option) => pickTranslation(option, ui).name).join(", ");
  const amount = line.kilos !== null ? formatKilos(line.kilos, ui) : `${line.quantity}×`;
  return (
    <li className={`opening-line opening-line--${line.state.toLowerCase()}`}>
      <label className="opening-line__pick">
        <input
          type="checkbox"
          checked={quantity !== null}
          disabled={!selectable}
          onChange={onToggle}
          aria-label={t`Select ${name}`}
        />
        <span className="opening-line__text">
          <span>
            {amount} {name}
            {line.dailyNumber !== null && <span className="opening-line__order"> #{line.dailyNumber}</span>}
          </span>
          {options !== "" && <span className="opening-line__detail">{options}</span>}
          {line.comment !== "" && <span className="opening-line__detail">“{line.comment}”</span>}
          {line.movedFromSpotNames !== null && (
            <span className="opening-line__detail">
              <Trans>from {pickTranslation(line.movedFromSpotNames, ui).name}</Trans>
            </span>
          )}
          {line.state !== "OPEN" && (
            <span className="opening-line__state">
              <LineStateName state={line.state} />
              {line.reason !== null && ` · ${line.reason}`}
              {line.byName !== null && ` · ${line.byName}`}
            </span>
          )}
        </span>
        <span className="opening-line__amount">{formatPrice(line.amountCents, ui)}</span>
      </label>
      {quantity !== null && line.quantity > 1 && line.kilos === null && (
        <span className="opening-line__stepper">
          <button
            type="button"
            className="button button--quiet"
            aria-label={t`Fewer pieces`}
            disabled={quantity <= 1}
            onClick={() => onQuantity(quantity - 1)}
          >
            −
          </button>
          <output aria-live="polite">
            <Trans>
              {quantity} of {line.quantity}
            </Trans>
          </output>
          <button
            type="button"
            className="button button--quiet"
            aria-label={t`More pieces`}
            disabled={quantity >= line.quantity}
            onClick={() => onQuantity(quantity + 1)}
          >
            +
          </button>
        </span>
      )}
    </li>
  );
}
