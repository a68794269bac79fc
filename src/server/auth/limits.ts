/**
 * The numbers of sign-in, in one place (design.md "Sign-in numbers", after NIST SP 800-63B, OWASP
 * ASVS and Twilio Verify practice). Every limit is kept in the database (./throttle.ts), so it
 * holds across API processes and restarts.
 */
import { VERIFICATION_CODE_LENGTH } from "../../domain/auth-api";
import type { GuestOrderLimits } from "../config";
import type { EscalatingDelay, RateLimit } from "./rate-limit-rules";

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
 * Login-token guesses: 5 failures per 15 minutes per staff account and per store. A login token
 * is 256 random bits, so these only keep the log quiet; they cannot lock a PIN pad.
 */
export const STAFF_SIGN_IN_LIMITS: readonly RateLimit[] = [{ max: 5, windowMs: 15 * MINUTE }];

/**
 * Wrong PINs from one enrolled device (./staff-devices.ts), or from all requests of a store that
 * name no device, together: 5 per 15 minutes and 20 per day. Only that device waits.
 */
export const PIN_DEVICE_LIMITS: readonly RateLimit[] = [
  { max: 5, windowMs: 15 * MINUTE },
  { max: 20, windowMs: DAY },
];

/**
 * Wrong PINs at a store, from every device: 30 a day go through, then each one waits for a gap
 * after the last that doubles from 30 s to at most 30 minutes. The gap holds back devices on
 * which nobody has signed in yet; trusted devices (a right PIN, token or password was used on
 * them) only keep their own limit, so a guesser cannot stop the venue's PDAs. The numbers are
 * worked out in ./README.md ("PIN guessing").
 */
export const PIN_STORE_ESCALATION: EscalatingDelay = {
  windowMs: DAY,
  freeEvents: 30,
  firstDelayMs: 30 * SECOND,
  maxDelayMs: 30 * MINUTE,
};

/** The store's admins are told (e-mail, alert row, log) when its wrong PINs in a day reach this. */
export const PIN_ALERT_THRESHOLD = PIN_STORE_ESCALATION.freeEvents;
/** After an alert, no other for the same store for this long. */
export const PIN_ALERT_QUIET_MS = 6 * HOUR;

/**
 * New device enrolments: per client address enough for a venue setting up its PDAs behind one
 * router, and a ceiling per store, so devices cannot be minted in bulk to spread guesses over
 * (the store's escalating delay bounds the guesses whatever the number of devices).
 */
export const DEVICE_ENROLMENT_LIMITS_PER_ADDRESS: readonly RateLimit[] = [
  { max: 20, windowMs: HOUR },
  { max: 50, windowMs: DAY },
];
export const DEVICE_ENROLMENT_LIMITS_PER_STORE: readonly RateLimit[] = [{ max: 50, windowMs: DAY }];
/**
 * Enrolments made with a staff session of the store (after a login link or an admin's password):
 * outside the anonymous limits above, which anyone can use up; per staff account, as many as
 * an admin setting up a venue's PDAs needs.
 */
export const DEVICE_ENROLMENT_LIMITS_PER_ACCOUNT: readonly RateLimit[] = [
  { max: 20, windowMs: HOUR },
  { max: 50, windowMs: DAY },
];

/**
 * Admins' e-mail and password sign-in: failures per address sent (10 per 15 minutes, 50 a day) and
 * per client address (30 per 15 minutes). Passwords have 6 characters at least and are stored
 * as scrypt.
 */
export const PASSWORD_SIGN_IN_LIMITS_PER_EMAIL: readonly RateLimit[] = [
  { max: 10, windowMs: 15 * MINUTE },
  { max: 50, windowMs: DAY },
];
export const PASSWORD_SIGN_IN_LIMITS_PER_ADDRESS: readonly RateLimit[] = [{ max: 30, windowMs: 15 * MINUTE }];

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

/**
 * Contact-form messages from one client address: enough for a guest who writes again, too few
 * to turn a venue's inbox into a spam target.
 */
export const CONTACT_LIMITS_PER_ADDRESS: readonly RateLimit[] = [
  { max: 5, windowMs: 10 * MINUTE },
  { max: 20, windowMs: DAY },
];

/**
 * Calls that write a row per request are limited, so that a script cannot fill a table with
 * them; each limit is generous for a person and bounds a script. The sandbox card form is open to anyone (like a provider's): per client address, and a
 * ceiling for everyone together, so the sandbox_cards table cannot be flooded.
 */
export const CARD_TOKENIZE_LIMITS_PER_ADDRESS: readonly RateLimit[] = [
  { max: 10, windowMs: 10 * MINUTE },
  { max: 50, windowMs: DAY },
];
export const CARD_TOKENIZE_LIMITS_OF_SYSTEM: readonly RateLimit[] = [{ max: 2000, windowMs: HOUR }];

/**
 * A guest's (or visitor's) order placements: each writes an order, its lines and a stored answer.
 * A table orders a few rounds an hour (defaults 20 in 10 minutes, 100 a day: GUEST_ORDERS_* in
 * config.ts, raised by load tests); staff orders from PDAs are not limited.
 */
export function guestOrderRateLimits(limits: GuestOrderLimits): readonly RateLimit[] {
  return [
    { max: limits.per10Minutes, windowMs: 10 * MINUTE },
    { max: limits.perDay, windowMs: DAY },
  ];
}

/**
 * Session refreshes: each writes a new authToken row. The app refreshes at start and every 20
 * minutes; a few tabs and restarts stay far below this.
 */
export const SESSION_REFRESH_LIMITS: readonly RateLimit[] = [{ max: 60, windowMs: HOUR }];

/** Admins issuing staff login tokens: a slip of a script should not fill the table. */
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
