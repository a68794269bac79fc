import type { PhoneDigits } from "../../api/accounts";

/**
 * The national digits of a typed phone (spec §5: "phone sent as digits only, with the dial code of
 * the selected country"): all digits after the country's dial code.
 */
export function phoneDigits(typed: { phoneValue: string; countryCode: string }): PhoneDigits {
  const digits = typed.phoneValue.replace(/\D/g, "");
  const national = digits.startsWith(typed.countryCode) ? digits.slice(typed.countryCode.length) : digits;
  return { phoneNumber: national, countryCode: typed.countryCode };
}
