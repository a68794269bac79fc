/** The spec's phone errors (§8) as API errors, one message per code. */
import { invalidInput } from "../http/api-error";
import { checkPhone, type Phone, type PhoneDigits } from "./phone";

const MESSAGES = {
  EMPTY_PHONE: "Phone number or country code cannot be empty",
  INVALID_PHONE: "Invalid phone number; check the country code",
} as const;

/** The phone of a request body, or 400 EMPTY_PHONE / INVALID_PHONE. */
export function requirePhone(phoneNumber: PhoneDigits, countryCode: PhoneDigits): Phone {
  const check = checkPhone(phoneNumber, countryCode);
  if (!check.ok) throw invalidInput(check.code, MESSAGES[check.code]);
  return check.phone;
}
