/**
 * The bill's live stream: /topic/tables/{tableId}/bill with the guest's session; every message (a
 * BillChangedEvent: someone paid, a waiter settled, a new order was accepted) calls `onChange` and
 * the screen re-reads the bill; `connected` tells it to poll often while the stream is down.
 */
import { tableBillDestination } from "../../../domain/order-topics";
import { useSessionTopics } from "../../orders/status/use-session-topics";

export function useBillStream(tableId: number, enabled: boolean, onChange: () => void): { connected: boolean } {
  return useSessionTopics([tableBillDestination(tableId)], enabled, () => onChange());
}
