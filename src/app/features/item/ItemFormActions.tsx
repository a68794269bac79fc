/**
 * The item modal's buttons (spec §2 "an add/update/remove button"): "Add to cart", or "Add to
 * order" in stores whose wording is "order" (store 132, spec §9), with the line's price; "Update"
 * in edit mode, "Remove" once the quantity is 0; and in edit mode a separate "Remove" (a per-kg
 * line has no stepper to bring to 0).
 */
import { Trans } from "@lingui/react/macro";
import type { UiLanguage } from "../../../domain/languages";
import { formatPrice } from "../../i18n/money";
import type { SubmitIntent } from "../../machines/subselection.machine";

interface ItemFormActionsProps {
  intent: SubmitIntent;
  byOrder: boolean;
  enabled: boolean;
  saving: boolean;
  /** The line's total, when known (a per-kg line needs its weight first). */
  totalCents: number | null;
  language: UiLanguage;
  /** Edit mode: removes the line at once. */
  onRemove?: (() => void) | undefined;
}

export function ItemFormActions({
  intent,
  byOrder,
  enabled,
  saving,
  totalCents,
  language,
  onRemove,
}: ItemFormActionsProps) {
  return (
    <div className="item-form__actions">
      {onRemove && (
        <button type="button" className="button button--quiet item-form__remove" disabled={saving} onClick={onRemove}>
          <Trans>Remove</Trans>
        </button>
      )}
      <button type="submit" className="button item-form__submit" disabled={!enabled}>
        <span>
          {intent === "add" && (byOrder ? <Trans>Add to order</Trans> : <Trans>Add to cart</Trans>)}
          {intent === "update" && <Trans>Update</Trans>}
          {intent === "remove" && (byOrder ? <Trans>Remove from order</Trans> : <Trans>Remove from cart</Trans>)}
        </span>
        {intent !== "remove" && totalCents !== null && (
          <span className="item-form__total">{formatPrice(totalCents, language)}</span>
        )}
      </button>
    </div>
  );
}
