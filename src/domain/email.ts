/**
 * E-mail addresses as the product accepts them (spec §5 "valid e-mail", errors EMPTY_EMAIL and
 * INVALID_EMAIL). The rule is the browser's own (WHATWG `input type=email`) plus a dot in the
 * domain, so the app's field and the server agree, and an address that could never receive a
 * code from the internet is refused up front.
 */

/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254;

const WHATWG_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export type EmailCheck = { ok: true; email: string } | { ok: false; code: "EMPTY_EMAIL" | "INVALID_EMAIL" };

/**
 * Trims and lower-cases the address (addresses are compared case-insensitively everywhere in the
 * product, so one person cannot hold two accounts as Eleni@x.gr and eleni@x.gr).
 */
export function checkEmail(raw: string | null | undefined): EmailCheck {
  const trimmed = (raw ?? "").trim();
  if (trimmed === "") return { ok: false, code: "EMPTY_EMAIL" };
  if (trimmed.length > EMAIL_MAX_LENGTH || !WHATWG_EMAIL.test(trimmed)) return { ok: false, code: "INVALID_EMAIL" };
  return { ok: true, email: trimmed.toLowerCase() };
}

export type OutcomeEmailCode =
  | "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"
  | "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING";

export type OutcomeEmailCheck = { ok: true; email: string | null } | { ok: false; code: OutcomeEmailCode };

/**
 * The checkout's optional "send me the outcome by e-mail" (spec §1 "the outcome arrives by SMS or
 * e-mail"; §8 E6, E7): not asked for is fine whatever the field holds; asked for with nothing typed
 * is EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING; asked for with a malformed address is
 * INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING. The same rule as every other address.
 */
export function checkOutcomeEmail(wanted: boolean, raw: string | null | undefined): OutcomeEmailCheck {
  if (!wanted) return { ok: true, email: null };
  const checked = checkEmail(raw);
  if (checked.ok) return checked;
  return {
    ok: false,
    code:
      checked.code === "EMPTY_EMAIL"
        ? "EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"
        : "INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING",
  };
}
