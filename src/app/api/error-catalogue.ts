/**
 * The one error catalogue of the app (spec §8): every API error code to guest-facing Greek and
 * English text, plus the success texts the account screens show. Unknown codes get the default
 * text; no answer at all gets "try again later"; `CUSTOM_MESSAGE: x` shows x as the server wrote it.
 * Every screen goes through errorText(), so a code reads the same everywhere.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CUSTOM_MESSAGE_PREFIX, type ErrorBody, type ErrorCode } from "../../domain/error-codes";
import { NETWORK_ERROR } from "./api-error";

export const DEFAULT_MESSAGE = msg`Something went wrong, try again`;
export const NO_ANSWER_MESSAGE = msg`Something went wrong, try again later`;
const INVALID_EMAIL = msg`Invalid email address`;
const INVALID_STATUS = msg`Invalid status to change order`;
const NOT_FOUND = msg`We could not find what you asked for`;

/** Record, not Partial: adding a code to src/domain/error-codes.ts fails the type check until it has text. */
export const ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  EMPTY_PHONE: msg`Phone number or country code cannot be empty`,
  INVALID_PHONE: msg`Invalid phone number, check the country code via the flag icon`,
  INVALID_PASSWORD: msg`Password must contain at least 6 characters`,
  EMPTY_EMAIL: msg`Email cannot be empty`,
  INVALID_EMAIL,
  INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING: INVALID_EMAIL,
  EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING: INVALID_EMAIL,
  EMAIL_ALREADY_USED: msg`This email address is already registered`,
  INVALID_CREDENTIALS: msg`Invalid email or password`,
  INVALID_PIN: msg`Invalid pin`,
  // Never raised, deliberately: see NEVER_RAISED below.
  USER_NOT_FOUND: msg`There is no user with that email`,
  SEND_VERIFICATION_CODE_ERROR: msg`We could not send a message to your number`,
  INVALID_VERIFICATION_CODE: msg`The verification code is invalid or has expired`,
  USER_ALREADY_VERIFIED: msg`User is already verified`,
  // Spec §8: an expired or revoked session reads as a generic failure; the app signs the user out.
  INVALID_AUTH_TOKEN: NO_ANSWER_MESSAGE,
  VERIFICATIONS_CODES_LIMIT_REACHED: msg`Too many verification codes sent`,
  PHONE_ALREADY_USED: msg`This phone is already used`,
  INVALID_TIME_TO_BE_DELIVERED_FOR_SCHEDULED_ORDER: msg`The delivery time you selected is not supported`,
  INVALID_DATA_FOR_ORDER: msg`Invalid data to change status for order`,
  INVALID_STATUS_FOR_ORDER: INVALID_STATUS,
  ORDER_NOT_PENDING_STATUS: INVALID_STATUS,
  ORDER_CANNOT_BE_REJECTED: INVALID_STATUS,
  INVALID_STATUS_FOR_ORDER_EXECUTION: msg`Cannot accept the order, it has been declined or has expired`,
  ENDING_DATE_MUST_BE_AFTER_PICK_UP_DATE: msg`The return date must be after the pick-up date`,
  MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY: msg`This table/room has reached the maximum number of orders for today`,
  MAX_ORDERS_REACHED_FOR_SPOT_FOR_DELIVERY_DATE: msg`This table/room has reached the maximum number of orders for the chosen delivery date`,
  VALIDATION_FAILED: msg`Please check the details you entered`,
  NOT_FOUND,
  TABLE_NOT_FOUND: msg`We could not find this table`,
  SERVICE_NOT_FOUND: msg`We could not find this service`,
  STORE_NOT_FOUND: msg`We could not find this store`,
  RATE_LIMITED: msg`Too many attempts, please wait a moment and try again`,
  FORBIDDEN: msg`You are not allowed to do this`,
  INTERNAL_ERROR: DEFAULT_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED: DEFAULT_MESSAGE,
  IDEMPOTENCY_KEY_REUSED: DEFAULT_MESSAGE,
  REQUEST_IN_PROGRESS: msg`Your order is still being sent, please wait`,
  ORDER_NOT_FOUND: msg`We could not find this order`,
  ITEM_NOT_AVAILABLE: msg`An item in your cart is no longer available`,
  SERVICE_CLOSED: msg`This service is closed right now`,
  SERVICE_PAUSED: msg`This service has paused orders for a while; your order was not sent. Please try again later`,
  READ_ONLY_STORE: msg`This menu is for viewing only`,
  PRICE_CHANGED: msg`Prices have changed, please check your cart and send again`,
  MAX_ITEMS_PER_ORDER_EXCEEDED: msg`Your cart has more products than one order allows`,
  MAX_ITEMS_PER_CATEGORY_EXCEEDED: msg`Your cart has more products of one category than an order allows`,
  OUT_OF_STOCK: msg`A product in your cart is out of stock`,
  MANDATORY_OPTION_MISSING: msg`Please choose the required options`,
  TOO_MANY_OPTIONS: msg`You chose more options than allowed`,
  INVALID_OPTION: msg`An option in your cart is no longer available`,
  INVALID_KILOS: msg`Please type a weight above 0`,
  INVALID_RENTAL_PERIOD: msg`Please check the pick-up and return dates and times`,
  MINIMUM_ORDER_NOT_REACHED: msg`The minimum order value has not been reached`,
  TABLE_SELECTION_REQUIRED: msg`Please select a table`,
  WAITER_NOT_FOUND: msg`Please choose a waiter of this store`,
  ROOM_SELECTION_REQUIRED: msg`Please select a room`,
  DELIVERY_DETAILS_REQUIRED: msg`Please fill in your delivery details`,
  LOCATION_REQUIRED: msg`Please allow access to your location to order`,
  LOCATION_TOO_FAR: msg`You need to be at the store to order`,
  PAYMENT_TYPE_NOT_AVAILABLE: msg`This payment method is not available here`,
  CARD_NOT_FOUND: msg`We could not find this card`,
  TOO_MANY_NEW_NUMBERS: msg`Too many codes were sent to different numbers from this network; please try again later`,
  CODE_SENDING_PAUSED: msg`We cannot send codes right now; please try again in a while`,
  VOICE_CALL_COUNTRY_NOT_ALLOWED: msg`We cannot call numbers of this country; please ask for the code by SMS`,
  INVALID_CARD: msg`Please check the card number, expiry date and CVC`,
  REVIEW_NOT_ALLOWED: msg`You can review only your own accepted orders`,
  REVIEW_ALREADY_EXISTS: msg`You have already reviewed this order`,
  OPENING_NOT_FOUND: msg`We could not find this table`,
  RECEIPT_NOT_FOUND: msg`We could not find this receipt`,
  // With details (who, when) the staff screens word it themselves (openings/opening-conflicts.ts).
  OPENING_CLOSED: msg`This table has already been closed`,
  OPENING_CHANGED: msg`This table changed meanwhile; check it and try again`,
  LINE_ALREADY_SETTLED: msg`An item was already settled by someone else; check the table again`,
  OPENING_HAS_REMAINING: msg`This table still owes an amount: choose how it is paid`,
  SPOT_HAS_OPEN_OPENING: msg`This spot has another open table; settle or transfer it first`,
  ROOM_NOT_OPEN: msg`This room has no open tab to charge to`,
  SETTLE_NOT_ALLOWED: msg`Only an admin can treat or cancel items in this store`,
  REOPEN_NOT_ALLOWED: msg`Only an admin can reopen a table, on the day it was closed`,
  INVALID_QUANTITY: msg`That quantity cannot be settled separately`,
  TRANSFER_TARGET_INVALID: msg`The table cannot be moved there`,
  CARD_TERMINAL_NOT_FOUND: msg`Choose one of the store's card terminals`,
  STATION_NOT_FOUND: msg`We could not find this station`,
  TICKET_NOT_FOUND: msg`We could not find this ticket`,
  ITEM_CHANGED: msg`Someone else changed this item meanwhile: look at it again before you change it`,
  SERVICE_CHANGED: msg`Someone else changed this service meanwhile: look at it again before you change it`,
  CATEGORY_CHANGED: msg`Someone else changed this category meanwhile: look at it again before you change it`,
  SPOT_CHANGED: msg`Someone else changed this spot meanwhile: look at it again before you change it`,
  SPOT_ID_TAKEN: msg`This number is already a spot's: choose another or leave it empty`,
  ORDER_INCOMPLETE: msg`The list changed meanwhile: reload it and arrange it again`,
  STAFF_CHANGED: msg`Someone else changed this staff member meanwhile: look again before you change them`,
  PIN_TAKEN: msg`Another member of the store (a deactivated one too) already has this PIN: choose another`,
  OWN_ACCESS_UNCHANGEABLE: msg`You cannot deactivate yourself or make yourself a waiter; another admin can`,
  UNSUPPORTED_IMAGE: msg`This file is not a photo we can use: send a JPEG, PNG or WebP image`,
  PHOTO_TOO_LARGE: msg`This photo is too large: send one of at most 8 MB`,
  TICKET_CHANGED: msg`Someone else already changed this ticket; the screen shows it as it is now`,
  INVALID_ORDER_LINK: msg`This order link is not valid or has expired; ask the store for a new one`,
  // The guest's bill (domain/bill-api.ts): the bill screen re-reads the bill after each of these.
  NOT_AT_THIS_TABLE: msg`You can see this bill only from a spot where you ordered lately`,
  BILL_SETTLED: msg`This bill is already paid in full; nothing was charged`,
  AMOUNT_OVER_OWED: msg`The amount is more than the table owes now; nothing was charged`,
  BILL_CHANGED: msg`The bill changed meanwhile; check the amount and pay again. Nothing was charged`,
  TIP_TOO_HIGH: msg`The tip can be at most as much as the amount`,
  CARD_DECLINED: msg`The card was declined; nothing was charged. Try another card`,
  PAYMENT_NOT_FOUND: msg`We could not find this payment`,
  ON_ACCOUNT_EXCEEDS_OPEN: msg`Guests already paid more towards this table than would be left open`,
  CALL_NOT_FOUND: msg`We could not find this call`,
  CALL_ALREADY_ANSWERED: msg`Another waiter already answered this call`,
};

/**
 * Codes of spec §8 that keep their text here but that the server deliberately never answers with,
 * and why. The text stays so an answer from an older or outside server still reads well.
 */
export const NEVER_RAISED: Partial<Record<ErrorCode, string>> = {
  USER_NOT_FOUND:
    "No account enumeration: sign-in (entrance, resend, login) and password reset answer an unknown " +
    "number or address exactly as a known one (design.md 'Sign-in numbers'), so nobody can learn who has " +
    "an account. Proved by src/server/routes/sign-in/sign-in.test.ts 'same answer for known and unknown " +
    "numbers' and src/server/routes/password-reset/password-reset.test.ts 'an address without an account " +
    "gets the same answer, and no e-mail'.",
};

/** Success texts of spec §8, in the product's own wording (the spec's list keeps the old typos). */
export const SUCCESS_MESSAGES = {
  entrance: msg`Successful entrance`,
  newCodeSent: msg`Successfully sent new code`,
  changed: msg`Successful change`,
  verificationCodeSent: msg`New verification code was sent successfully`,
  passwordChanged: msg`Password changed successfully`,
  // Spec §8 says 4 digits; the product's codes have 6 (design.md "Sign-in numbers", VERIFICATION_CODE_LENGTH).
  resetCodeSent: msg`New 6-digit number was sent successfully`,
} as const satisfies Record<string, MessageDescriptor>;

export type SuccessKey = keyof typeof SUCCESS_MESSAGES;

/**
 * Spec §8 "Other messages": "cannot reject order (accepted or expired)", what the waiter's screen
 * says for ORDER_CANNOT_BE_REJECTED (the code's row in the table keeps the generic status text).
 */
export const CANNOT_REJECT_MESSAGE = msg`Cannot reject the order, it has been accepted or has expired`;

/** Either a catalog message or text the server asked to show verbatim. */
export type ErrorText = { descriptor: MessageDescriptor } | { verbatim: string };

function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, code);
}

export function errorText(error: ErrorBody): ErrorText {
  if (error.code === NETWORK_ERROR) return { descriptor: NO_ANSWER_MESSAGE };
  const custom = [error.code, error.message].find((text) => text.startsWith(CUSTOM_MESSAGE_PREFIX));
  if (custom) return { verbatim: custom.slice(CUSTOM_MESSAGE_PREFIX.length) };
  return { descriptor: isKnownCode(error.code) ? ERROR_MESSAGES[error.code] : DEFAULT_MESSAGE };
}

/** Anything a call threw (ApiError or not) to its text; a non-API throw is the default text. */
export function errorTextOf(error: unknown): ErrorText {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    const message = "message" in error && typeof error.message === "string" ? error.message : "";
    return errorText({ code: error.code, message });
  }
  return { descriptor: DEFAULT_MESSAGE };
}

/** Renders an ErrorText with the active language's translate function (Lingui's `i18n._`). */
export function renderErrorText(text: ErrorText, translate: (descriptor: MessageDescriptor) => string): string {
  return "verbatim" in text ? text.verbatim : translate(text.descriptor);
}
