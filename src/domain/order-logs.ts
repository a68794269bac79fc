/**
 * The log calls of spec §7 (POST /api/log/{event}, fire and forget, errors swallowed): which
 * events exist and which fields each carries. The app queues them in Dexie while offline; the
 * server validates the event name and the fields and writes one structured log line.
 */
import { type Static, Type } from "typebox";
import { MAX_ID } from "./ids";
import { type ItemLogEvent, itemIdOfLogEvent } from "./item-log-events";

/** Events about one order's live status: they carry orderId. */
export const ORDER_LOG_EVENTS = [
  "stomp-client-connected",
  "stomp-client-disconnected",
  "message-received-in-subscription",
  "unhandled-message-received",
  "error-at-message-receipt-in-subscription",
  "stomp-error",
  "websocket-error",
  "polling-enabled-at-stomp-error",
  "polling-enabled-at-websocket-error",
  "backup-polling-enabled",
  "cart-screen-closed-while-pending",
] as const;

/** Events that report a status and where it came from: they carry orderId and status. */
export const ORDER_STATUS_LOG_EVENTS = [
  "order-status-returned-in-subscription",
  "order-status-returned-from-api-call",
  "order-status-returned-from-backup-call",
  "order-status-returned-from-stomp-error-polling",
  "order-status-returned-from-websocket-error-polling",
] as const;

/** Events of the send button: they carry storeId. */
export const STORE_LOG_EVENTS = ["send-order-clicked", "send-order-clicked-without-room"] as const;

/**
 * The close-table screen's events (spec §7 "with tableOpeningId and the auth token"): they carry
 * tableOpeningId; close-table-button-pressed also paymentType, close-table-not-correctly-inputs-filled
 * also reason. Staff-only: the server requires a valid staff session in the auth headers (never a
 * token in the URL, whatever the spec's old client did).
 */
export const TABLE_OPENING_LOG_EVENTS = [
  "close-table-screen-initialized",
  "close-table-button-pressed",
  "close-table-confirmed",
  "close-table-cancelled",
  "table-closed-successfully",
  "close-table-not-correctly-inputs-filled",
  "error-at-close-table",
] as const;

export const LOG_EVENTS = [
  ...ORDER_LOG_EVENTS,
  ...ORDER_STATUS_LOG_EVENTS,
  ...STORE_LOG_EVENTS,
  ...TABLE_OPENING_LOG_EVENTS,
] as const;
/** Every event the server takes: the closed list, plus one enter-{id}-clicked per item. */
export type LogEvent = (typeof LOG_EVENTS)[number] | ItemLogEvent;
export type OrderLogEvent = (typeof ORDER_LOG_EVENTS)[number];
export type OrderStatusLogEvent = (typeof ORDER_STATUS_LOG_EVENTS)[number];
export type StoreLogEvent = (typeof STORE_LOG_EVENTS)[number];
export type TableOpeningLogEvent = (typeof TABLE_OPENING_LOG_EVENTS)[number];

export const LogRequestSchema = Type.Object(
  {
    // Ids within the database's integer, so a lookup by one never fails in the database itself.
    orderId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
    status: Type.Optional(Type.String({ maxLength: 40, pattern: "^[A-Z_]+$" })),
    storeId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
    tableOpeningId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
    /** close-table-button-pressed: the payment type chosen (SETTLEMENT_TYPES). */
    paymentType: Type.Optional(Type.String({ maxLength: 40, pattern: "^[A-Z_]+$" })),
    /** close-table-not-correctly-inputs-filled: what was missing, e.g. CARD_TERMINAL_REQUIRED. */
    reason: Type.Optional(Type.String({ maxLength: 80, pattern: "^[A-Z_]+$" })),
    /** When the app recorded the event (it may be sent much later from the offline queue). */
    at: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);
export type LogRequest = Static<typeof LogRequestSchema>;

/** The fields an event must carry. */
export function requiredLogFields(
  event: LogEvent,
): ReadonlyArray<"orderId" | "status" | "storeId" | "tableOpeningId" | "paymentType" | "reason"> {
  if (itemIdOfLogEvent(event) !== null) return [];
  if (event === "close-table-button-pressed") return ["tableOpeningId", "paymentType"];
  if (event === "close-table-not-correctly-inputs-filled") return ["tableOpeningId", "reason"];
  if ((TABLE_OPENING_LOG_EVENTS as readonly string[]).includes(event)) return ["tableOpeningId"];
  if ((ORDER_STATUS_LOG_EVENTS as readonly string[]).includes(event)) return ["orderId", "status"];
  if ((ORDER_LOG_EVENTS as readonly string[]).includes(event)) return ["orderId"];
  return ["storeId"];
}
