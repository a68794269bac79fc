/**
 * Business constants of spec §9 (and the few special values of §3/§4), in one place so the app,
 * the server and the tests agree. Durations are milliseconds, widths CSS pixels.
 */

/** Kilos entered for a per-kg item are capped to this (spec §5 "above 1000 is capped to 1000"). */
export const KILOS_CAP = 1000;

/** How long the "up to N options" warning stays after an ignored checkbox selection. */
export const MAX_WARNING_MS = 2200;

/** Item descriptions are clamped to this many lines, with read more/less. */
export const DESCRIPTION_CLAMP_LINES = 3;

/** At this width or less, subselection groups in the item modal are collapsible. */
export const SUBSELECTION_COLLAPSE_MAX_WIDTH = 885;

/** A terminal (PDA) wider than this hides item photos. */
export const DESKTOP_TERMINAL_MIN_WIDTH = 1018;

/** The cookie notice (landing only) appears after this delay ... */
export const COOKIE_NOTICE_DELAY_MS = 1000;
/** ... and accepts itself after this one. */
export const COOKIE_AUTO_ACCEPT_MS = 4000;

/** Tokens are refreshed at start and then at this interval while logged in (20 minutes). */
export const TOKEN_REFRESH_MS = 1_200_000;

/** After the entrance dialog slides out, its messages, step and phone reset after this delay. */
export const DIALOG_RESET_MS = 850;
/** A successful phone sign-in closes the entrance dialog after this delay. */
export const SUCCESS_CLOSE_PHONE_MS = 500;
/** A successful pin sign-in closes the entrance dialog after this delay. */
export const SUCCESS_CLOSE_PIN_MS = 200;
/** The pin field takes focus after this delay (lets the dialog's transition finish). */
export const PIN_FOCUS_DELAY_MS = 250;

/** A lazily loaded chunk that has not arrived after this long is reported as a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Service hours, happy hours and scheduled-order windows are wall-clock times in this zone. */
export const ATHENS_TIME_ZONE = "Europe/Athens";

/** The id of the "All" category chip. */
export const CATEGORY_ALL_ID = -1;

/** Minimum password length (spec §5, error INVALID_PASSWORD). */
export const PASSWORD_MIN = 6;

/** Items of this category (productCategoryName, the English name) never merge in the cart. */
export const DEALS_CATEGORY_NAME = "Deals";
