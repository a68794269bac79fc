/**
 * The first choice of paying the bill: what the guest pays (everything owed, chosen items or pieces
 * of them, an equal share, an amount), with the sub-choices of the chosen mode shown under it.
 * PayPanel keeps the state: the amount, the tip and the request are all worked out from it there.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Bill } from "../../../domain/bill-api";
import type { LanguageState } from "../../../domain/language-choice";
import { lineName, lineQuantity } from "./BillDetails";
import {
  isPayableLine,
  linePiecesCents,
  MAX_SHARES,
  MIN_PARTS,
  type PayChoice,
  parseEuros,
  piecesOf,
} from "./pay-choice";

export type PayMode = PayChoice["mode"];

interface PayWhatFieldsetProps {
  /** The mode radios' group name, unique on the page. */
  groupName: string;
  bill: Bill;
  language: LanguageState;
  price: (cents: number) => string;
  disabled: boolean;
  mode: PayMode | null;
  onModeChange: (mode: PayMode) => void;
  /** LINES: line id -> how many of its pieces. */
  pieces: ReadonlyMap<number, number>;
  /** LINES: pick `quantity` pieces of a line, or drop it (null). */
  onPick: (lineId: number, quantity: number | null) => void;
  /** SHARE: into how many equal shares the bill is split. */
  parts: number;
  onPartsChange: (parts: number) => void;
  /** SHARE: the shares not paid yet, and how many of them the guest pays. */
  left: number;
  count: number;
  onCountChange: (count: number) => void;
  /** AMOUNT: the euros as typed. */
  amountText: string;
  onAmountTextChange: (text: string) => void;
}

export function PayWhatFieldset({
  groupName,
  bill,
  language,
  price,
  disabled,
  mode,
  onModeChange,
  pieces,
  onPick,
  parts,
  onPartsChange,
  left,
  count,
  onCountChange,
  amountText,
  onAmountTextChange,
}: PayWhatFieldsetProps) {
  const { t } = useLingui();
  const payable = bill.lines.filter(isPayableLine);

  return (
    <fieldset className="bill-fieldset" disabled={disabled}>
      <legend className="bill-fieldset__legend">
        <Trans>What do you pay?</Trans>
      </legend>
      <ModeRadio name={groupName} value="EVERYTHING" mode={mode} onChange={onModeChange}>
        <Trans>Everything left ({price(bill.owedCents)})</Trans>
      </ModeRadio>
      {payable.length > 0 && (
        <ModeRadio name={groupName} value="LINES" mode={mode} onChange={onModeChange}>
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
                    onChange={(event) => onPick(line.id, event.target.checked ? line.quantity : null)}
                  />
                  <span>
                    {name} · {price(line.amountCents)}
                  </span>
                </label>
                {chosen !== undefined && piecesOf(line) > 1 && (
                  <label className="bill-pick__pieces">
                    <Trans>How many of them</Trans>
                    <select value={chosen} onChange={(event) => onPick(line.id, Number(event.target.value))}>
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
      <ModeRadio name={groupName} value="SHARE" mode={mode} onChange={onModeChange}>
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
                if (Number.isInteger(value)) onPartsChange(Math.min(Math.max(value, MIN_PARTS), MAX_SHARES));
              }}
            />
          </label>
          <label className="bill-field">
            <Trans>I pay for</Trans>
            <select value={count} onChange={(event) => onCountChange(Number(event.target.value))}>
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
      <ModeRadio name={groupName} value="AMOUNT" mode={mode} onChange={onModeChange}>
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
            onChange={(event) => onAmountTextChange(event.target.value)}
          />
        </label>
      )}
    </fieldset>
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
  value: PayMode;
  mode: PayMode | null;
  onChange: (mode: PayMode) => void;
  children: ReactNode;
}) {
  return (
    <label className="bill-choice">
      <input type="radio" name={name} checked={mode === value} onChange={() => onChange(value)} />
      <span>{children}</span>
    </label>
  );
}
