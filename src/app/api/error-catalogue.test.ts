import { describe, expect, it } from "vitest";
import { PRODUCT_ERROR_CODES, SPEC_ERROR_CODES } from "../../domain/error-codes";
import { ApiError, NETWORK_ERROR } from "./api-error";
import {
  ERROR_MESSAGES,
  errorText,
  errorTextOf,
  NEVER_RAISED,
  renderErrorText,
  SUCCESS_MESSAGES,
} from "./error-catalogue";

const message = (text: string) => ({ descriptor: expect.objectContaining({ message: text }) });

describe("error catalogue (spec §8)", () => {
  it("has its own text for every code the API answers with", () => {
    for (const code of [...SPEC_ERROR_CODES, ...PRODUCT_ERROR_CODES]) {
      expect(ERROR_MESSAGES[code]?.message, code).toMatch(/\S/);
    }
  });

  it.each([
    ["INVALID_PIN", "Invalid pin"],
    ["INVALID_PHONE", "Invalid phone number, check the country code via the flag icon"],
    ["INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING", "Invalid email address"],
    ["ORDER_CANNOT_BE_REJECTED", "Invalid status to change order"],
    ["INVALID_AUTH_TOKEN", "Something went wrong, try again later"],
    ["FORBIDDEN", "You are not allowed to do this"],
    ["RATE_LIMITED", "Too many attempts, please wait a moment and try again"],
    ["VALIDATION_FAILED", "Please check the details you entered"],
  ])("maps %s to its text", (code, text) => {
    expect(errorText({ code, message: "" })).toEqual(message(text));
  });

  it("spec §8 E11: USER_NOT_FOUND is documented as never raised (no account enumeration), citing the tests that prove it", () => {
    expect(NEVER_RAISED.USER_NOT_FOUND).toMatch(/No account enumeration/);
    expect(NEVER_RAISED.USER_NOT_FOUND).toContain("same answer for known and unknown numbers");
    // Its text stays for an answer from elsewhere.
    expect(errorText({ code: "USER_NOT_FOUND", message: "" })).toEqual(message("There is no user with that email"));
  });

  it("gives an unknown code, including inherited object keys, the default text", () => {
    expect(errorText({ code: "SOMETHING_NEW", message: "" })).toEqual(message("Something went wrong, try again"));
    expect(errorText({ code: "toString", message: "" })).toEqual(message("Something went wrong, try again"));
  });

  it("says 'try again later' when there was no server answer", () => {
    expect(errorText({ code: NETWORK_ERROR, message: "Failed to fetch" })).toEqual(
      message("Something went wrong, try again later"),
    );
    expect(errorTextOf(new ApiError(NETWORK_ERROR, "offline", null))).toEqual(
      message("Something went wrong, try again later"),
    );
  });

  it("shows the rest of a CUSTOM_MESSAGE as the message, from the code or the message", () => {
    expect(errorText({ code: "CUSTOM_MESSAGE: Η κουζίνα κλείνει στις 23:00", message: "" })).toEqual({
      verbatim: "Η κουζίνα κλείνει στις 23:00",
    });
    expect(errorText({ code: "VALIDATION_FAILED", message: "CUSTOM_MESSAGE: Closed today" })).toEqual({
      verbatim: "Closed today",
    });
  });

  it("treats a throw that is not an API error as the default text", () => {
    expect(errorTextOf(new Error("boom"))).toEqual(message("Something went wrong, try again"));
    expect(errorTextOf(undefined)).toEqual(message("Something went wrong, try again"));
  });

  it("renders catalog texts through the translator and verbatim texts as they are", () => {
    const translate = (descriptor: { message?: string }) => `[${descriptor.message}]`;
    expect(renderErrorText(errorText({ code: "INVALID_PIN", message: "" }), translate)).toBe("[Invalid pin]");
    expect(renderErrorText({ verbatim: "as written" }, translate)).toBe("as written");
  });

  it("has the success texts", () => {
    expect(SUCCESS_MESSAGES.entrance.message).toBe("Successful entrance");
    expect(SUCCESS_MESSAGES.newCodeSent.message).toBe("Successfully sent new code");
    expect(Object.keys(SUCCESS_MESSAGES)).toHaveLength(6);
  });
});
