import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { listOutboxMessages } from "../db/repositories/outbox.repository";
import { greekMobile } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { type FakeTwilio, startFakeTwilio } from "../test-support/fake-twilio";
import { buildTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { MessengerError } from "./messenger";
import { twilioMessenger } from "./twilio";

const ctx = setUpTestDatabase();
let fake: FakeTwilio;
const settings = { accountSid: "AC0123456789abcdef", authToken: "twilio-secret", from: "+302310000000" };

beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(async () => {
  await fake?.close();
});

describe("the Twilio-shaped SMS and voice provider (design.md outside parts), against a local fake of the API", () => {
  it("an SMS is a form POST to Messages.json with Basic auth, To, From and Body", async () => {
    const messenger = twilioMessenger({ baseUrl: fake.baseUrl, ...settings });
    await messenger.send({
      channel: "sms",
      to: "+306940000001",
      text: "Κωδικός 123456. Your code: 123456",
      storeId: null,
    });
    const request = fake.requests.at(-1);
    expect(request).toEqual({
      method: "POST",
      path: "/2010-04-01/Accounts/AC0123456789abcdef/Messages.json",
      authorization: `Basic ${Buffer.from("AC0123456789abcdef:twilio-secret").toString("base64")}`,
      contentType: "application/x-www-form-urlencoded",
      form: { To: "+306940000001", From: "+302310000000", Body: "Κωδικός 123456. Your code: 123456" },
    });
  });

  it("a voice code is a POST to Calls.json whose TwiML says it in Greek and English (<Say language>)", async () => {
    const messenger = twilioMessenger({ baseUrl: `${fake.baseUrl}/`, ...settings });
    await messenger.send({
      channel: "call",
      to: "+306940000002",
      say: [
        { language: "el-GR", text: "Ο κωδικός σας είναι: 1, 2, 3" },
        { language: "en-US", text: "Your code is: 1, 2, 3 <&>" },
      ],
      storeId: 7,
    });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe("/2010-04-01/Accounts/AC0123456789abcdef/Calls.json");
    expect(request?.form).toEqual({
      To: "+306940000002",
      From: "+302310000000",
      Twiml:
        '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="el-GR">Ο κωδικός σας είναι: 1, 2, 3</Say><Say language="en-US">Your code is: 1, 2, 3 &#60;&#38;&#62;</Say></Response>',
    });
  });

  it("a refusal (HTTP 400, Twilio error code) and an unreachable API both become a MessengerError without the message text", async () => {
    fake.answerWith(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    const messenger = twilioMessenger({ baseUrl: fake.baseUrl, ...settings });
    const refused = messenger.send({ channel: "sms", to: "+306940000003", text: "Κωδικός 654321", storeId: null });
    await expect(refused).rejects.toThrow(MessengerError);
    await expect(refused).rejects.toThrow("the SMS provider refused the Messages request: HTTP 400 code 21211");
    await expect(refused).rejects.not.toThrow(/654321/);
    fake.answerWith(201, { sid: "SM1" });

    const unreachable = twilioMessenger({ baseUrl: "http://127.0.0.1:9", ...settings });
    await expect(unreachable.send({ channel: "sms", to: "+306940000003", text: "x", storeId: null })).rejects.toThrow(
      "the SMS provider could not be reached (Messages)",
    );
  });

  it("it sends no e-mail", async () => {
    const messenger = twilioMessenger({ baseUrl: fake.baseUrl, ...settings });
    await expect(
      messenger.send({ channel: "email", to: "a@example.gr", subject: "s", text: "t", storeId: null }),
    ).rejects.toThrow(MessengerError);
  });
});

describe("SMS_PROVIDER=twilio in the server: sign-in codes go through the API, never into the outbox", () => {
  const clock = testClock();
  let app: App;
  beforeAll(() => {
    app = buildTestApp(ctx.db, {
      now: clock.now,
      messaging: { sms: { provider: "twilio", baseUrl: fake.baseUrl, ...settings }, email: { provider: "outbox" } },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("entrance sends the code by the provider and that code signs in (spec §7)", async () => {
    const phone = greekMobile(10);
    const sent = await app.inject({
      method: "POST",
      url: "/api/entrance",
      payload: { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode },
    });
    expect(sent.statusCode).toBe(200);
    const request = fake.requests.at(-1);
    expect(request?.form.To).toBe(phone.e164);
    const code = request?.form.Body?.match(/\b\d{6}\b/)?.[0] ?? "";
    expect(await listOutboxMessages(ctx.db)).toEqual([]);
    const login = await app.inject({
      method: "POST",
      url: "/api/authenticate/v2/login",
      payload: { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode, password: code },
    });
    expect(login.statusCode).toBe(200);
  });

  it("spec §8: when the provider fails, entrance answers 502 SEND_VERIFICATION_CODE_ERROR", async () => {
    fake.answerWith(500, { code: 20500, message: "Internal Server Error", status: 500 });
    try {
      const phone = greekMobile(11);
      const response = await app.inject({
        method: "POST",
        url: "/api/sms/v2/send?channel=call",
        payload: { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe("SEND_VERIFICATION_CODE_ERROR");
    } finally {
      fake.answerWith(201, { sid: "SM1" });
    }
  });
});
