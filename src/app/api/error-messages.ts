/**
 * Error codes to guest-facing text (spec §8). Unknown codes get the default text; no answer at
 * all gets "try again later"; `CUSTOM_MESSAGE: x` shows x as the server wrote it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CUSTOM_MESSAGE_PREFIX, type ErrorBody, type ErrorCode } from "../../domain/error-codes";
import { NETWORK_ERROR } from "./api-error";

const DEFAULT_MESSAGE = msg`Something went wrong, try again`;
const NO_ANSWER_MESSAGE = msg`Something went wrong, try again later`;
const INVALID_EMAIL = msg`Invalid email address`;
const INVALID_STATUS = msg`Invalid status to change order`;
const MAX_ORDERS = msg`This table/room has reached the maximum number of orders for today`;

const MESSAGES: Partial<Record<ErrorCode, MessageDescriptor>> = {
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
  USER_NOT_FOUND: msg`There is no user with that email`,
  SEND_VERIFICATION_CODE_ERROR: msg`We could not send a message to your number`,
  INVALID_VERIFICATION_CODE: msg`The verification code is invalid or has expired`,
  USER_ALREADY_VERIFIED: msg`User is already verified`,
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
  MAX_ORDERS_REACHED_FOR_SPOT_FOR_THIS_DAY: MAX_ORDERS,
  MAX_ORDERS_REACHED_FOR_SPOT_FOR_DELIVERY_DATE: msg`This table/room has reached the maximum number of orders for the chosen delivery date`,
  RATE_LIMITED: msg`Too many attempts, please wait a moment and try again`,
};

/** Either a catalog message or text the server asked to show verbatim. */
export type ErrorText = { descriptor: MessageDescriptor } | { verbatim: string };

export function errorText(error: ErrorBody): ErrorText {
  if (error.code === NETWORK_ERROR) return { descriptor: NO_ANSWER_MESSAGE };
  const custom = [error.code, error.message].find((text) => text.startsWith(CUSTOM_MESSAGE_PREFIX));
  if (custom) return { verbatim: custom.slice(CUSTOM_MESSAGE_PREFIX.length) };
  return { descriptor: MESSAGES[error.code as ErrorCode] ?? DEFAULT_MESSAGE };
}
