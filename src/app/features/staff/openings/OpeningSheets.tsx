/**
 * The sheets of the opening screen: how to pay (the six settlement types of spec §9 as big
 * buttons, then the card terminal, the on-credit account or the room), why to treat or cancel,
 * where to move. Each ends in one confirm button that names the amount, so money moves only on a
 * tap that says what it does ("Close Table 4: 23,50 € in cash").
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { pickTranslation } from "../../../../domain/languages";
import {
  CREDIT_ACCOUNT_MAX_LENGTH,
  SETTLE_REASON_MAX_LENGTH,
  SETTLEMENT_TYPES,
  type SettlementType,
} from "../../../../domain/table-openings";
import type { OpeningSpot, OpeningSummary, Settlement } from "../../../../domain/table-openings-api";
import { fetchOpenOpenings } from "../../../api/staff-openings";
import { useLanguage } from "../../../i18n/language-store";
import { formatPrice } from "../../../i18n/money";
import { Dialog } from "../../shell/Dialog";
import { logCloseTable } from "./close-table-logs";
import { SettlementName } from "./settlement-names";

export type SheetRequest =
  | { kind: "pay" }
  | { kind: "close" }
  | { kind: "treat" }
  | { kind: "cancel" }
  | { kind: "transfer"; whole: boolean };

interface PaySheetProps {
  request: { kind: "pay" } | { kind: "close" };
  openingId: number;
  amountCents: number;
  /** In the UI language. */
  spotName: string;
  cardTerminals: ReadonlyArray<{ id: number; name: string }>;
  hasRooms: boolean;
  thisSpotId: number;
  onCancel: () => void;
  onConfirm: (payment: Settlement | null) => void;
  /** The confirmed action is on its way: the sheet stays, its button off, so a second tap does nothing. */
  sending: boolean;
}

export function PaySheet(props: PaySheetProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const [type, setType] = useState<SettlementType | null>(null);
  const [terminalId, setTerminalId] = useState<number | null>(props.cardTerminals[0]?.id ?? null);
  const [account, setAccount] = useState("");
  const [roomId, setRoomId] = useState<number | null>(null);
  const [rooms, setRooms] = useState<OpeningSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const accountId = useId();
  const closing = props.request.kind === "close";
  const amount = formatPrice(props.amountCents, ui);
  const types = SETTLEMENT_TYPES.filter((each) => each !== "CHARGE_TO_ROOM" || props.hasRooms);

  useEffect(() => {
    if (type !== "CHARGE_TO_ROOM" || rooms !== null) return;
    fetchOpenOpenings("rooms")
      .then((answer) => setRooms(answer.openings.filter((o) => o.spot.id !== props.thisSpotId)))
      .catch(() => setRooms([]));
  }, [type, rooms, props.thisSpotId]);

  /** The settlement, or why it cannot be sent yet (spec §7 close-table-not-correctly-inputs-filled). */
  const settlement = (): Settlement | { missing: string; text: string } => {
    switch (type) {
      case null:
        return { missing: "PAYMENT_TYPE_REQUIRED", text: t`Choose how it is paid` };
      case "CARD":
        return terminalId === null
          ? { missing: "CARD_TERMINAL_REQUIRED", text: t`Choose the card terminal` }
          : { type, cardTerminalId: terminalId };
      case "ON_CREDIT":
        return account.trim() === ""
          ? { missing: "CREDIT_ACCOUNT_REQUIRED", text: t`Type who owes it` }
          : { type, account: account.trim() };
      case "CHARGE_TO_ROOM":
        return roomId === null ? { missing: "ROOM_REQUIRED", text: t`Choose the room` } : { type, roomSpotId: roomId };
      default:
        return { type };
    }
  };

  const confirm = () => {
    if (props.amountCents === 0 && closing) {
      props.onConfirm(null);
      return;
    }
    const chosen = settlement();
    if (closing) logCloseTable("close-table-button-pressed", props.openingId, { paymentType: type ?? "NONE" });
    if ("missing" in chosen) {
      setProblem(chosen.text);
      if (closing)
        logCloseTable("close-table-not-correctly-inputs-filled", props.openingId, { reason: chosen.missing });
      return;
    }
    props.onConfirm(chosen);
  };

  const title = closing ? t`Close ${props.spotName}: ${amount}` : t`Pay ${amount}`;
  return (
    <Dialog title={title} onClose={props.onCancel} closeLabel={t`Back`} className="settle-sheet">
      {props.amountCents > 0 && (
        <fieldset className="settle-sheet__types">
          <legend>
            <Trans>Payment</Trans>
          </legend>
          {types.map((each) => (
            <button
              key={each}
              type="button"
              className={`settle-sheet__type${type === each ? " settle-sheet__type--chosen" : ""}`}
              aria-pressed={type === each}
              onClick={() => {
                setType(each);
                setProblem(null);
              }}
            >
              <SettlementName type={each} />
            </button>
          ))}
        </fieldset>
      )}
      {type === "CARD" && (
        <fieldset className="settle-sheet__choice">
          <legend>
            <Trans>Card terminal</Trans>
          </legend>
          {props.cardTerminals.length === 0 && (
            <p>
              <Trans>This store has no card terminals in its venue file.</Trans>
            </p>
          )}
          {props.cardTerminals.map((terminal) => (
            <label key={terminal.id} className="settle-sheet__option">
              <input
                type="radio"
                name="terminal"
                checked={terminalId === terminal.id}
                onChange={() => setTerminalId(terminal.id)}
              />
              {terminal.name}
            </label>
          ))}
        </fieldset>
      )}
      {type === "ON_CREDIT" && (
        <div className="settle-sheet__choice">
          <label htmlFor={accountId}>
            <Trans>Who owes it</Trans>
          </label>
          <input
            id={accountId}
            value={account}
            maxLength={CREDIT_ACCOUNT_MAX_LENGTH}
            onChange={(event) => setAccount(event.target.value)}
            autoComplete="off"
          />
        </div>
      )}
      {type === "CHARGE_TO_ROOM" && (
        <fieldset className="settle-sheet__choice">
          <legend>
            <Trans>Room</Trans>
          </legend>
          {rooms === null && (
            <p aria-busy="true">
              <Trans>Loading rooms…</Trans>
            </p>
          )}
          {rooms !== null && rooms.length === 0 && (
            <p>
              <Trans>No room has an open tab.</Trans>
            </p>
          )}
          {rooms?.map((room) => (
            <label key={room.spot.id} className="settle-sheet__option">
              <input
                type="radio"
                name="room"
                checked={roomId === room.spot.id}
                onChange={() => setRoomId(room.spot.id)}
              />
              {pickTranslation(room.spot.names, ui).name}
            </label>
          ))}
        </fieldset>
      )}
      {problem !== null && <p role="alert">{problem}</p>}
      <button
        type="button"
        className="button settle-sheet__confirm"
        disabled={props.sending}
        aria-busy={props.sending}
        onClick={confirm}
      >
        {closing && props.amountCents === 0 ? (
          <Trans>Close {props.spotName}</Trans>
        ) : type === null ? (
          <Trans>Pay {amount}</Trans>
        ) : (
          <Trans>
            Pay {amount}: <SettlementName type={type} />
          </Trans>
        )}
      </button>
    </Dialog>
  );
}

export function LinesSheet({
  request,
  amountCents,
  onCancel,
  onConfirm,
  sending,
}: {
  request: { kind: "treat" } | { kind: "cancel" };
  amountCents: number;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
  sending: boolean;
}) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState(false);
  const reasonId = useId();
  const amount = formatPrice(amountCents, ui);
  return (
    <Dialog
      title={request.kind === "treat" ? t`Treat ${amount}` : t`Cancel ${amount}`}
      onClose={onCancel}
      closeLabel={t`Back`}
      className="settle-sheet"
    >
      <label htmlFor={reasonId}>
        <Trans>Reason</Trans>
      </label>
      <input
        id={reasonId}
        value={reason}
        maxLength={SETTLE_REASON_MAX_LENGTH}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={problem}
      />
      {problem && (
        <p role="alert">
          <Trans>Say why</Trans>
        </p>
      )}
      <button
        type="button"
        className="button settle-sheet__confirm"
        disabled={sending}
        aria-busy={sending}
        onClick={() => (reason.trim() === "" ? setProblem(true) : onConfirm(reason.trim()))}
      >
        {request.kind === "treat" ? <Trans>Treat {amount}</Trans> : <Trans>Cancel {amount}</Trans>}
      </button>
    </Dialog>
  );
}

export function TransferSheet({
  spots,
  whole,
  onCancel,
  onConfirm,
  sending,
}: {
  spots: readonly OpeningSpot[];
  whole: boolean;
  onCancel: () => void;
  onConfirm: (spotId: number) => void;
  sending: boolean;
}) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const [target, setTarget] = useState<number | null>(null);
  const sections = [...new Set(spots.map((spot) => spot.section))];
  return (
    <Dialog
      title={whole ? t`Move the table to` : t`Move the items to`}
      onClose={onCancel}
      closeLabel={t`Back`}
      className="settle-sheet"
    >
      {sections.map((section) => (
        <fieldset key={section} className="settle-sheet__choice">
          <legend>{section}</legend>
          {spots
            .filter((spot) => spot.section === section)
            .map((spot) => (
              <label key={spot.id} className="settle-sheet__option">
                <input type="radio" name="target" checked={target === spot.id} onChange={() => setTarget(spot.id)} />
                {pickTranslation(spot.names, ui).name}
              </label>
            ))}
        </fieldset>
      ))}
      <button
        type="button"
        className="button settle-sheet__confirm"
        disabled={target === null || sending}
        aria-busy={sending}
        onClick={() => target !== null && onConfirm(target)}
      >
        <Trans>Move</Trans>
      </button>
    </Dialog>
  );
}
