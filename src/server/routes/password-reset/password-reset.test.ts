import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "../../../domain/auth-api";
import type { App } from "../../app";
import { verifyPassword } from "../../auth/passwords";
import { authHeaders, greekMobile, signInGuest } from "../../test-support/accounts";
import { MINUTE, testClock } from "../../test-support/clock";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink";
import { buildTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock();
let sink: SmtpSink;
let app: App;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = buildTestApp(ctx.db, {
    now: clock.now,
    messaging: {
      sms: { provider: "outbox" },
      email: { provider: "smtp", url: sink.url, from: "Κύμα <no-reply@kyma.example>" },
    },
  });
});

afterAll(async () => {
  await app?.close();
  await sink?.close();
});

let serial = 0;
/** A guest with this e-mail on the profile. */
async function guestWithEmail(email: string): Promise<number> {
  serial += 1;
  const guest = await signInGuest(app, ctx.db, greekMobile(serial));
  const updated = await app.inject({
    method: "POST",
    url: "/api/user/v2/update",
    headers: authHeaders(guest),
    payload: { email },
  });
  expect(updated.statusCode).toBe(200);
  return updated.json<SessionResponse>().authToken.user.id;
}

function askReset(email: unknown) {
  return app.inject({ method: "POST", url: "/api/email/send/reset", payload: { email } });
}

function reset(payload: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/api/user/reset-password", payload });
}

function codeIn(text: string): string {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (code === undefined) throw new Error(`no code in: ${text}`);
  return code;
}

async function passwordHashOf(userId: number): Promise<string | null> {
  const row = await ctx.db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

describe("password reset by e-mail through a real SMTP server (spec §3 reset-password payload, §7, §9)", () => {
  it("the reset e-mail arrives at the SMTP sink, and its code sets the new password (stored as scrypt)", async () => {
    const userId = await guestWithEmail("eleni@example.gr");
    const asked = await askReset("Eleni@Example.gr");
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ channel: "email", expiresInSeconds: 600, resendAfterSeconds: 60 });

    const mail = await sink.waitFor((m) => m.envelopeTo.includes("eleni@example.gr"));
    expect(mail.envelopeFrom).toBe("no-reply@kyma.example");
    expect(mail.from).toContain("Κύμα");
    expect(mail.subject).toBe("Κωδικός επαναφοράς / Password reset code");
    expect(mail.text).toContain("Your password reset code is");
    const code = codeIn(mail.text);

    const response = await reset({ email: "eleni@example.gr", password: "θάλασσα-2026", verificationCode: code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const hash = await passwordHashOf(userId);
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("θάλασσα-2026", hash ?? "")).toBe(true);
    expect(await verifyPassword("wrong-password", hash ?? "")).toBe(false);

    const reused = await reset({ email: "eleni@example.gr", password: "another-one", verificationCode: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("INVALID_VERIFICATION_CODE");
  });

  it("an address without an account gets the same answer, and no e-mail", async () => {
    await guestWithEmail("known@example.gr");
    clock.advance(MINUTE);
    const unknown = await askReset("nobody@example.gr");
    const known = await askReset("known@example.gr");
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: known.statusCode,
      body: known.json(),
    });
    await sink.waitFor((m) => m.envelopeTo.includes("known@example.gr"));
    expect(sink.messages.filter((m) => m.envelopeTo.includes("nobody@example.gr"))).toEqual([]);
    // A code exists for the unknown address too (same work either way), but it resets nothing.
    const wrongAnswer = await reset({ email: "nobody@example.gr", password: "secret-1", verificationCode: "123456" });
    expect(wrongAnswer.json().code).toBe("INVALID_VERIFICATION_CODE");
  });

  it.each([
    ["no e-mail", { password: "secret-1", verificationCode: "123456" }, "EMPTY_EMAIL"],
    ["an invalid e-mail", { email: "x@", password: "secret-1", verificationCode: "123456" }, "INVALID_EMAIL"],
    [
      "a 5-character password",
      { email: "a@example.gr", password: "12345", verificationCode: "123456" },
      "INVALID_PASSWORD",
    ],
    [
      "a blank password",
      { email: "a@example.gr", password: "       ", verificationCode: "123456" },
      "INVALID_PASSWORD",
    ],
    ["no password", { email: "a@example.gr", verificationCode: "123456" }, "INVALID_PASSWORD"],
    ["no code", { email: "a@example.gr", password: "secret-1" }, "INVALID_VERIFICATION_CODE"],
  ])("spec §5/§8: %s is refused with %s (400)", async (_case, payload, code) => {
    const response = await reset(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it("spec §8: asking without an e-mail or with an invalid one: EMPTY_EMAIL / INVALID_EMAIL", async () => {
    expect((await askReset("")).json().code).toBe("EMPTY_EMAIL");
    expect((await askReset(null)).json().code).toBe("EMPTY_EMAIL");
    expect((await askReset("not an address")).json().code).toBe("INVALID_EMAIL");
  });

  it("e-mail codes follow the sign-in rules: a too-short password spends no check; the 6th check is refused even when right", async () => {
    await guestWithEmail("nikos@example.gr");
    clock.advance(MINUTE);
    await askReset("nikos@example.gr");
    const code = codeIn((await sink.waitFor((m) => m.envelopeTo.includes("nikos@example.gr"))).text);
    const wrong = code === "000000" ? "000001" : "000000";
    expect((await reset({ email: "nikos@example.gr", password: "short", verificationCode: code })).statusCode).toBe(
      400,
    );
    for (let check = 1; check <= 5; check++) {
      const response = await reset({ email: "nikos@example.gr", password: "secret-1", verificationCode: wrong });
      expect(response.json().code).toBe("INVALID_VERIFICATION_CODE");
    }
    const sixth = await reset({ email: "nikos@example.gr", password: "secret-1", verificationCode: code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe("INVALID_VERIFICATION_CODE");
  });

  it("e-mail codes follow the send limits: a second one within 60 s gets VERIFICATIONS_CODES_LIMIT_REACHED", async () => {
    clock.advance(MINUTE);
    expect((await askReset("limits@example.gr")).statusCode).toBe(200);
    const again = await askReset("limits@example.gr");
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe("VERIFICATIONS_CODES_LIMIT_REACHED");
  });

  it("contact-form e-mail goes by SMTP too when SMTP_URL is set", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/info/contact",
      payload: { name: "Eleni", email: "eleni@example.gr", message: "Καλησπέρα!" },
    });
    expect(response.statusCode).toBe(202);
    const mail = await sink.waitFor((m) => m.subject === "Contact form: Eleni");
    expect(mail.envelopeTo).toEqual(["team@example.com"]);
    expect(mail.text).toContain("Καλησπέρα!");
  });
});
