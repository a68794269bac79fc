import { describe, expect, test } from "vitest";
import {
  ATHENS_TIME_ZONE,
  CATEGORY_ALL_ID,
  CHUNK_LOAD_TIMEOUT_MS,
  COOKIE_AUTO_ACCEPT_MS,
  COOKIE_NOTICE_DELAY_MS,
  DEALS_CATEGORY_NAME,
  DESCRIPTION_CLAMP_LINES,
  DESKTOP_TERMINAL_MIN_WIDTH,
  DIALOG_RESET_MS,
  KILOS_CAP,
  MAX_WARNING_MS,
  PASSWORD_MIN,
  PIN_FOCUS_DELAY_MS,
  SUBSELECTION_COLLAPSE_MAX_WIDTH,
  SUCCESS_CLOSE_PHONE_MS,
  SUCCESS_CLOSE_PIN_MS,
  TOKEN_REFRESH_MS,
} from "./constants";

// Each constant against the spec text it comes from, so a change to one is a visible decision.
const SPEC_VALUES: [string, unknown, number | string, string][] = [
  ["KILOS_CAP", KILOS_CAP, 1000, "§5/§9 kilos cap 1000"],
  ["MAX_WARNING_MS", MAX_WARNING_MS, 2200, "§9 maximum-selection warning 2.2 s"],
  ["DESCRIPTION_CLAMP_LINES", DESCRIPTION_CLAMP_LINES, 3, "§9 description clamp 3 lines"],
  [
    "SUBSELECTION_COLLAPSE_MAX_WIDTH",
    SUBSELECTION_COLLAPSE_MAX_WIDTH,
    885,
    "§9 subselection collapse at 885px or less",
  ],
  ["DESKTOP_TERMINAL_MIN_WIDTH", DESKTOP_TERMINAL_MIN_WIDTH, 1018, "§9 desktop-terminal photo hiding above 1018px"],
  ["COOKIE_NOTICE_DELAY_MS", COOKIE_NOTICE_DELAY_MS, 1000, "§9 cookie banner appears after 1 s"],
  ["COOKIE_AUTO_ACCEPT_MS", COOKIE_AUTO_ACCEPT_MS, 4000, "§9 cookie banner auto-accepts after 4 s"],
  ["TOKEN_REFRESH_MS", TOKEN_REFRESH_MS, 1_200_000, "§9 token refresh every 20 minutes"],
  ["DIALOG_RESET_MS", DIALOG_RESET_MS, 850, "§9 dialog reset 850 ms"],
  ["SUCCESS_CLOSE_PHONE_MS", SUCCESS_CLOSE_PHONE_MS, 500, "§9 success close 500 ms (phone)"],
  ["SUCCESS_CLOSE_PIN_MS", SUCCESS_CLOSE_PIN_MS, 200, "§9 success close 200 ms (pin)"],
  ["PIN_FOCUS_DELAY_MS", PIN_FOCUS_DELAY_MS, 250, "§9 pin focus delay 250 ms"],
  ["CHUNK_LOAD_TIMEOUT_MS", CHUNK_LOAD_TIMEOUT_MS, 120_000, "§9 chunk load time-out 120 s"],
  ["ATHENS_TIME_ZONE", ATHENS_TIME_ZONE, "Europe/Athens", "§9 service hours time zone"],
  ["CATEGORY_ALL_ID", CATEGORY_ALL_ID, -1, "§3 category id -1 is the All option"],
  ["PASSWORD_MIN", PASSWORD_MIN, 6, "§9 password minimum 6"],
  ["DEALS_CATEGORY_NAME", DEALS_CATEGORY_NAME, "Deals", "§3 productCategoryName 'Deals' is special"],
];

describe("constants: §9 business constants and limits", () => {
  test.each(SPEC_VALUES)("%s: %s, expected %s (%s)", (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  test("TOKEN_REFRESH_MS is 20 minutes", () => {
    expect(TOKEN_REFRESH_MS).toBe(20 * 60 * 1000);
  });
});
