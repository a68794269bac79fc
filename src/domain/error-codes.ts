/**
 * Error codes of the API (spec §8 plus the ones the product's own calls need). The server answers
 * every error as `{ code, message }`; the client maps the code to Greek and English text.
 */
export const SPEC_ERROR_CODES = [
  "EMPTY_PHONE",
  "INVALID_PHONE",
  "INVALID_PASSWORD",
  "EMPTY_EMAIL",
  "INVALID_EMAIL",
  "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
  "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
  "EMAIL_ALREADY_USED",
  "INVALID_CREDENTIALS",
  "INVALID_PIN",
  "USER_NOT_FOUND",
  "SEND_VERIFICATION_CODE_ERROR",
  "INVALID_VERIFICATION_CODE",
  "USER_ALREADY_VERIFIED",
  "INVALID_AUTH_TOKEN",
  "VERIFICATIONS_CODES_LIMIT_REACHED",
  "PHONE_ALREADY_USED",
  "INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER",
  "INVALID_DATA_FOR_ORDER",
  "INVALID_STATUS_FOR_ORDER",
  "ORDER_NOT_PENDING_STATUS",
  "ORDER_CANNOT_BE_REJECTED",
  "INVALID_STATUS_FOR_ORDER_EXECUTION",
  "ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE",
  "MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY",
  "MAX_ORDERS_REACHED_FOR_SPOT_FOR_DELIVERY_DATE",
] as const;

/** Codes of the calls the spec leaves to us (§7 "not shown"). */
export const PRODUCT_ERROR_CODES = [
  "VALIDATION_FAILED",
  "NOT_FOUND",
  "TABLE_NOT_FOUND",
  "SERVICE_NOT_FOUND",
  "STORE_NOT_FOUND",
  "RATE_LIMITED",
  /** A signed-in account that may not make this call (e.g. a staff or visitor session on a guest's profile). */
  "FORBIDDEN",
  "INTERNAL_ERROR",
  // Orders: placement, its idempotency, payments, status and reviews.
  /** POST /api/orders without an Idempotency-Key header (400). */
  "IDEMPOTENCY_KEY_REQUIRED",
  /** The same Idempotency-Key with another body (422). */
  "IDEMPOTENCY_KEY_REUSED",
  /** The same Idempotency-Key while its first request is still being processed (409). */
  "REQUEST_IN_PROGRESS",
  "ORDER_NOT_FOUND",
  "ITEM_NOT_AVAILABLE",
  "SERVICE_CLOSED",
  /** The venue paused the service now (for a while or until resumed): it takes no orders meanwhile (422). */
  "SERVICE_PAUSED",
  "READ_ONLY_STORE",
  /** The server's total differs from the one the app showed (a changed menu or a tampered price). */
  "PRICE_CHANGED",
  "MAX_ITEMS_PER_ORDER_EXCEEDED",
  "MAX_ITEMS_PER_CATEGORY_EXCEEDED",
  "OUT_OF_STOCK",
  "MANDATORY_OPTION_MISSING",
  "TOO_MANY_OPTIONS",
  "INVALID_OPTION",
  "INVALID_KILOS",
  /** 400: a rental line's dates break a rule other than the return's order (missing, past, outside hours, too long, on an item not rented). */
  "INVALID_RENTAL_PERIOD",
  "MINIMUM_ORDER_NOT_REACHED",
  "TABLE_SELECTION_REQUIRED",
  "WAITER_NOT_FOUND",
  "ROOM_SELECTION_REQUIRED",
  "DELIVERY_DETAILS_REQUIRED",
  "LOCATION_REQUIRED",
  "LOCATION_TOO_FAR",
  "PAYMENT_TYPE_NOT_AVAILABLE",
  "CARD_NOT_FOUND",
  /** The sandbox provider refused a card number, expiry or CVC when tokenizing. */
  "INVALID_CARD",
  "REVIEW_NOT_ALLOWED",
  "REVIEW_ALREADY_EXISTS",
  // Table openings (src/domain/table-openings-api.ts says when each is sent).
  "OPENING_NOT_FOUND",
  "RECEIPT_NOT_FOUND",
  /** 409: the opening was closed (or merged into another) by someone else; details: byName, at. */
  "OPENING_CLOSED",
  /** 409: the opening changed since the waiter looked (a payment, a new order); details: version. */
  "OPENING_CHANGED",
  /** 409: a picked line is no longer open (paid, treated or canceled by someone else); details: lineId, state, byName, at. */
  "LINE_ALREADY_SETTLED",
  /** 409: closing with an amount still owed and no payment for it. */
  "OPENING_HAS_REMAINING",
  /** 409: reopening, or moving a whole opening, onto a spot that has an open opening of its own where that is not allowed. */
  "SPOT_HAS_OPEN_OPENING",
  /** 409: charge to a room that has no open opening. */
  "ROOM_NOT_OPEN",
  /** 403: treating or canceling needs an admin, or a waiter where the venue allows it. */
  "SETTLE_NOT_ALLOWED",
  /** 403: reopening needs an admin, on the day the opening was closed. */
  "REOPEN_NOT_ALLOWED",
  /** 400: a quantity of a line that is not between 1 and its pieces, or part of a per-kg line. */
  "INVALID_QUANTITY",
  /** 400: a transfer to the same spot, to a delivery spot or to a spot of another store. */
  "TRANSFER_TARGET_INVALID",
  "CARD_TERMINAL_NOT_FOUND",
  // The guest's bill (src/domain/bill-api.ts says when each is sent).
  /** 403: the account has no order at this spot lately (and is not its store's staff). */
  "NOT_AT_THIS_TABLE",
  /** 409: the bill has nothing left to pay. */
  "BILL_SETTLED",
  /** 409: the amount is more than the table owes now; details: owedCents. */
  "AMOUNT_OVER_OWED",
  /** 409: the share or the lines chosen no longer cost what the phone showed; details: owedCents. */
  "BILL_CHANGED",
  /** 400: a tip over 100 % of the amount. */
  "TIP_TOO_HIGH",
  /** 402: the card was declined; details: reason. Nothing was charged. */
  "CARD_DECLINED",
  /** 404: no such payment of this guest at this spot. */
  "PAYMENT_NOT_FOUND",
  /** 409: a waiter's change would leave less open on the table than guests already paid towards it; details: onAccountCents. */
  "ON_ACCOUNT_EXCEEDS_OPEN",
  /** 404: no such waiter call in the staff member's store. */
  "CALL_NOT_FOUND",
  /** 409: another waiter answered this call first; details: byName, at. */
  "CALL_ALREADY_ANSWERED",
  // Kitchen and bar (src/domain/kitchen-api.ts).
  /** 404: no such station in the staff member's store. */
  "STATION_NOT_FOUND",
  /** 404: no such ticket at that station. */
  "TICKET_NOT_FOUND",
  /** 409: the ticket is no longer in a state this write applies to (another screen got there first); details: state, byName?, at?. */
  "TICKET_CHANGED",
  // The venue's own catalogue changes (src/domain/staff-catalogue-api.ts).
  /** 409: another admin changed the item since the version this edit names; details: version (the current one). */
  "ITEM_CHANGED",
  /** 409: another admin changed the service's settings since the version this edit names; details: version (the current one). */
  "SERVICE_CHANGED",
  /** 409: another admin changed the category (or its items' order) since the version this edit names; details: version (the current one). */
  "CATEGORY_CHANGED",
  /** 409: another admin changed the spot since the version this edit names; details: version (the current one). */
  "SPOT_CHANGED",
  /** 409: a new spot's id is already a spot's (of this or another store): ids are printed in QR codes and never reused. */
  "SPOT_ID_TAKEN",
  /** 400: a new order of a category's items or a service's categories that does not list each of them exactly once (the message names the ids missing or unknown). */
  "ORDER_INCOMPLETE",
  // A store's administration by its admins (src/domain/staff-admin-api.ts).
  /** 409: another admin changed the staff member since the version this change names; details: version (the current one). */
  "STAFF_CHANGED",
  /** 409: another active member of the store signs in with this PIN (PINs name the member at sign-in). */
  "PIN_TAKEN",
  /** 403: an admin cannot deactivate themself or make themself a waiter (the store could be left without an admin). */
  "OWN_ACCESS_UNCHANGEABLE",
  /** 400: an uploaded photo that is not a JPEG, PNG or WebP image (an SVG never is). */
  "UNSUPPORTED_IMAGE",
  /** 413: an uploaded photo over 8 MB. */
  "PHOTO_TOO_LARGE",
  /** 404: an order-details link whose token is missing, wrong, expired, tampered or for another order or store (one answer for all). */
  "INVALID_ORDER_LINK",
  // Abuse limits.
  /** 429: codes were sent to too many different numbers from this client address lately (SMS and voice pumping). */
  "TOO_MANY_NEW_NUMBERS",
  /** 429: the store's or the whole system's hourly ceiling of codes is reached. */
  "CODE_SENDING_PAUSED",
  /** 400: a voice call to a country the venue does not call (VOICE_CALL_COUNTRIES); an SMS still works. */
  "VOICE_CALL_COUNTRY_NOT_ALLOWED",
] as const;

export type SpecErrorCode = (typeof SPEC_ERROR_CODES)[number];
export type ProductErrorCode = (typeof PRODUCT_ERROR_CODES)[number];
export type ErrorCode = SpecErrorCode | ProductErrorCode;

/** A server message of the form `CUSTOM_MESSAGE: text` is shown as `text` (spec §8). */
export const CUSTOM_MESSAGE_PREFIX = "CUSTOM_MESSAGE: ";

export interface ErrorBody {
  code: string;
  message: string;
  /** Facts the client words its own message with (e.g. who closed a table and when: byName, at). */
  details?: Record<string, string | number>;
}
