import { describe, expect, it } from "vitest";
import { hasErrors, validateContactForm } from "./contact-form-rules";

const valid = { name: "Μαρία", email: "maria@example.gr", message: "Καλησπέρα!" };

describe("contact form (spec §5: contact form all fields mandatory with valid e-mail)", () => {
  it("accepts a complete form", () => {
    expect(validateContactForm(valid)).toEqual({});
    expect(hasErrors(validateContactForm(valid))).toBe(false);
  });

  it("requires every field, ignoring blank space", () => {
    expect(validateContactForm({ name: " ", email: "", message: "\n" })).toEqual({
      name: "required",
      email: "required",
      message: "required",
    });
  });

  it.each(["maria", "maria@", "maria@example", "ma ria@example.gr", "@example.gr"])("rejects e-mail %j", (email) => {
    expect(validateContactForm({ ...valid, email })).toEqual({ email: "invalid-email" });
  });

  it("accepts an e-mail with spaces around it", () => {
    expect(validateContactForm({ ...valid, email: " maria@example.gr " })).toEqual({});
  });
});
