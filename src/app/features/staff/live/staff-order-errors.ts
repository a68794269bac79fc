/**
 * The words for a refused accept or reject (spec §8): the catalogue's, except ORDER_CANNOT_BE_REJECTED,
 * which the waiter reads as the spec's "cannot reject order (accepted or expired)".
 */
import type { I18n } from "@lingui/core";
import { CANNOT_REJECT_MESSAGE, errorTextOf, renderErrorText } from "../../../api/error-catalogue";

export function staffOrderErrorText(error: unknown, i18n: I18n): string {
  if ((error as { code?: unknown } | null)?.code === "ORDER_CANNOT_BE_REJECTED") return i18n._(CANNOT_REJECT_MESSAGE);
  return renderErrorText(errorTextOf(error), (descriptor) => i18n._(descriptor));
}
