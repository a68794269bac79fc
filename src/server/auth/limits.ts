/**
 * The numbers of sign-in, in one place (design.md "Sign-in numbers", after NIST SP 800-63B, OWASP
 * ASVS and Twilio Verify practice). Every limit is kept in the database (./throttle.ts), so it
 * holds across API processes and restarts.
 */
import { VERIFICATION_CODE_LENGTH } from "../../domain/auth-api";
import type { RateLimit } from "./throttle";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One-time codes: 6 random digits, valid 10 minutes, single use, at most 5 checks each. */
export const CODE_DIGITS = VERIFICATION_CODE_LENGTH;
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_CHECKS = 5;

/**
 * Codes sent to one phone number or e-mail address, whatever asked for them (sign-in, resend,
 * change of phone, password reset): 60 s apart, at most 5 per 10 minutes and 10 per day.
 * Refused sends do not count.
 */
export const SEND_LIMITS: readonly RateLimit[] = [
  { max: 1, windowMs: MINUTE },
  { max: 5, windowMs: 10 * MINUTE },
  { max: 10, windowMs: DAY },
];

/**
 * Staff sign-in guesses (a PIN of a store; a login token of a staff account): 5 failures per 15
 * minutes per store, and per account where the request names one. Counted per store and account,
 * not per client address: PDAs of a venue share one address, and an attacker has many.
 */
export const STAFF_SIGN_IN_LIMITS: readonly RateLimit[] = [{ max: 5, windowMs: 15 * MINUTE }];

/**
 * Temporary visitor accounts (authenticate/login/tmp) create rows without any credential: per
 * client address enough for a venue's PDAs behind one router, per store a ceiling for the rest.
 */
export const VISITOR_LIMITS_PER_ADDRESS: readonly RateLimit[] = [{ max: 30, windowMs: HOUR }];
export const VISITOR_LIMITS_PER_STORE: readonly RateLimit[] = [{ max: 300, windowMs: HOUR }];

/**
 * A signed-in guest asking for a new phone or e-mail learns whether another account holds it
 * (PHONE_ALREADY_USED, EMAIL_ALREADY_USED, as the spec wants); this keeps that from becoming a
 * directory of the product's users. Generous for a person, useless for a script.
 */
export const IDENTITY_CHANGE_LIMITS: readonly RateLimit[] = [
  { max: 10, windowMs: HOUR },
  { max: 30, windowMs: DAY },
];

/** Admins issuing staff login tokens: a slip of a script should not fill the table. */
/**
 * Contact-form messages from one client address: enough for a guest who writes again, too few
 * to turn a venue's inbox into a spam target.
 */
export const CONTACT_LIMITS_PER_ADDRESS: readonly RateLimit[] = [
  { max: 5, windowMs: 10 * MINUTE },
  { max: 20, windowMs: DAY },
];

export const LOGIN_TOKEN_ISSUE_LIMITS: readonly RateLimit[] = [{ max: 30, windowMs: HOUR }];

/**
 * jwt lifetime. Longer than the spec's 20-minute refresh interval (§9), so a jwt is still valid
 * until the next scheduled refresh; short enough that a copied jwt is useless soon (and it is
 * useless alone: every call needs the authToken too).
 */
export const JWT_TTL_MS = 30 * MINUTE;

/** A guest or staff session ends after this long without a refresh (each refresh moves it on). */
export const SESSION_IDLE_TTL_MS = 30 * DAY;

/** A visitor session (authenticate/login/tmp) lasts this long from sign-in, refreshes or not. */
export const VISITOR_SESSION_TTL_MS = 12 * HOUR;

/**
 * After a refresh, the authToken it was given may refresh once more for this long, so an answer
 * lost on the beach Wi-Fi does not sign the guest out; later, presenting it revokes the session.
 */
export const REFRESH_GRACE_MS = MINUTE;

/** Superseded authTokens are kept this long to recognise a copied one, then dropped. */
export const SUPERSEDED_TOKEN_RETENTION_MS = 7 * DAY;

/** A staff login token must be used within this time. */
export const STAFF_LOGIN_TOKEN_TTL_MS = DAY;

/** Rate-limit events older than this are deleted; no limit above looks further back. */
export const RATE_LIMIT_RETENTION_MS = DAY;
