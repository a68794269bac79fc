import { describe, expect, it } from "vitest";
import { checkProfile } from "./profile-rules";

describe("profile form rules (spec §5 valid e-mail)", () => {
  it("sends trimmed values", () => {
    expect(checkProfile({ name: "  Eleni ", email: " eleni@example.gr ", optedInForNewsletter: true })).toEqual({
      ok: true,
      update: { name: "Eleni", email: "eleni@example.gr", optedInForNewsletter: true },
    });
  });

  it("removes an emptied name or e-mail with null", () => {
    expect(checkProfile({ name: " ", email: "", optedInForNewsletter: false })).toEqual({
      ok: true,
      update: { name: null, email: null, optedInForNewsletter: false },
    });
  });

  it.each(["eleni", "eleni@", "eleni@example", "ele ni@example.gr"])("refuses the e-mail %s", (email) => {
    expect(checkProfile({ name: "Eleni", email, optedInForNewsletter: false })).toEqual({
      ok: false,
      field: "email",
      error: "invalid-email",
    });
  });
});
