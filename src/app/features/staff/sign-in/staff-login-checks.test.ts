import { describe, expect, it } from "vitest";
import { checkReset, checkResetRequest, checkSignIn } from "./staff-login-checks";

describe("admin sign-in and reset checks (spec §5, §8)", () => {
  it("sign-in: a valid e-mail (EMPTY_EMAIL, INVALID_EMAIL) and a password of at least 6 (INVALID_PASSWORD)", () => {
    expect(checkSignIn("", "secret-1")).toEqual({ ok: false, problem: "EMPTY_EMAIL" });
    expect(checkSignIn("admin@", "secret-1")).toEqual({ ok: false, problem: "INVALID_EMAIL" });
    expect(checkSignIn("admin@ammoudia.example", "12345")).toEqual({ ok: false, problem: "INVALID_PASSWORD" });
    expect(checkSignIn(" Admin@Ammoudia.example ", "123456")).toEqual({
      ok: true,
      value: { email: "admin@ammoudia.example", password: "123456" },
    });
  });

  it("asking for a reset code needs a valid e-mail", () => {
    expect(checkResetRequest(" ")).toEqual({ ok: false, problem: "EMPTY_EMAIL" });
    expect(checkResetRequest("a@b.gr")).toEqual({ ok: true, value: "a@b.gr" });
  });

  it("reset: the 6-digit code, a password of at least 6, and the two passwords must match", () => {
    const email = "admin@ammoudia.example";
    expect(checkReset(email, "1234", "secret-1", "secret-1")).toEqual({
      ok: false,
      problem: "INVALID_VERIFICATION_CODE",
    });
    expect(checkReset(email, "123456", "12345", "12345")).toEqual({ ok: false, problem: "INVALID_PASSWORD" });
    expect(checkReset(email, "123456", "secret-1", "secret-2")).toEqual({ ok: false, problem: "PASSWORDS_DIFFER" });
    expect(checkReset(email, "123 456", "secret-1", "secret-1")).toEqual({
      ok: true,
      value: { email, verificationCode: "123456", password: "secret-1" },
    });
  });
});
