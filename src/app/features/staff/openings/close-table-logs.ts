/**
 * The close-table log calls of spec §7, each with the table opening's id (and the payment type or
 * what was missing where the spec says), through the app's queued log calls, which send the staff
 * session's tokens as headers.
 */
import type { TableOpeningLogEvent } from "../../../../domain/order-logs";
import { logEvent } from "../../../orders/logs";

export function logCloseTable(
  event: TableOpeningLogEvent,
  tableOpeningId: number,
  extra: { paymentType?: string; reason?: string } = {},
): void {
  logEvent(event, { tableOpeningId, ...extra });
}
