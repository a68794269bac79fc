/**
 * Against SMS and voice pumping: codes to new numbers limited per client address, hourly
 * ceilings per store and for the whole system, voice calls only to the countries the venue calls
 * (Greece and the EU by default). The apps here run readConfig's defaults unless a test says
 * otherwise; each scenario uses an hour of its own on the test clock, so their counts never meet.
 */
import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { type CodeSendConfig, defaultCodeSends } from "../config";
import type { Database } from "../db/schema";
import { greekMobile } from "../test-support/accounts";
import { HOUR, MINUTE, testClock } from "../test-support/clock";
import { importFixture } from "../test-support/seed";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const appWith = (codeSends: CodeSendConfig) => setUpTestApp(() => database.db, { now: clock.now, codeSends });
const defaults = appWith(defaultCodeSends());
const smallStoreCeiling = appWith({ ...defaultCodeSends(), newNumbersPerAddressPerHour: 100, perStorePerHour: 3 });
const smallSystemCeiling = appWith({ ...defaultCodeSends(), newNumbersPerAddressPerHour: 100, perSystemPerHour: 4 });
const greeceOnly = appWith({ ...defaultCodeSends(), voiceCallCountries: ["GR"] });

beforeAll(async () => {
  await importFixture(database.db);
});

interface Send {
  phoneNumber: number | string;
  countryCode: number;
  from: string;
  channel?: "sms" | "call";
  storeId?: number;
}

function send(server: { readonly app: App }, request: Send) {
  const url =
    request.storeId !== undefined
      ? `/api/entrance?storeId=${request.storeId}`
      : `/api/sms/v2/send?channel=${request.channel ?? "sms"}`;
  return server.app.inject({
    method: "POST",
    url,
    remoteAddress: request.from,
    payload: { phoneNumber: request.phoneNumber, countryCode: request.countryCode },
  });
}

async function outboxCount(db: Kysely<Database>): Promise<number> {
  return (await db.selectFrom("outbox").select("id").execute()).length;
}

describe("codes to new numbers per client address (60 numbers from one address must not all go out)", () => {
  it("60 sends to 60 different numbers from one address: the first 5 go out, the other 55 are refused with 429 TOO_MANY_NEW_NUMBERS", async () => {
    clock.set("2026-07-01T09:00:00.000Z");
    const before = await outboxCount(database.db);
    const codes: string[] = [];
    for (let n = 0; n < 60; n++) {
      const response = await send(defaults, { ...greekMobile(100 + n), from: "203.0.113.7" });
      codes.push(response.statusCode === 200 ? "sent" : `${response.statusCode} ${response.json().code}`);
      if (response.statusCode === 429) expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill("sent"));
    expect(codes.slice(5)).toEqual(Array(55).fill("429 TOO_MANY_NEW_NUMBERS"));
    expect(await outboxCount(database.db)).toBe(before + 5);
  });

  it("a number the address already had a code sent to is not new: asking again after a minute still works", async () => {
    clock.advance(MINUTE + 1);
    const response = await send(defaults, { ...greekMobile(100), from: "203.0.113.7" });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("another address is not held back by the first one's numbers", async () => {
    const response = await send(defaults, { ...greekMobile(200), from: "198.51.100.9" });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("an hour later the address may reach new numbers again", async () => {
    clock.advance(HOUR);
    const response = await send(defaults, { ...greekMobile(160), from: "203.0.113.7" });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("a refused send does not count against the number itself: once allowed, it gets its code at once", async () => {
    clock.set("2026-07-02T09:00:00.000Z");
    for (let n = 0; n < 5; n++) await send(defaults, { ...greekMobile(300 + n), from: "203.0.113.8" });
    const refused = await send(defaults, { ...greekMobile(399), from: "203.0.113.8" });
    expect(refused.json().code).toBe("TOO_MANY_NEW_NUMBERS");
    const elsewhere = await send(defaults, { ...greekMobile(399), from: "203.0.113.9" });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it("the limit tables keep no phone number, only keyed hashes of them", async () => {
    const keys = await database.db.selectFrom("rate_limit_keys").select("key").execute();
    const events = await database.db.selectFrom("rate_limit_events").select("key").execute();
    const text = JSON.stringify([keys, events]);
    expect(text).not.toContain("694000");
    expect(text).toContain("send:new-numbers:203.0.113.7");
  });
});

describe("hourly ceilings of a store and of the whole system", () => {
  it("a store's sign-ins stop at its ceiling, whatever the addresses: 429 CODE_SENDING_PAUSED, nothing sent", async () => {
    clock.set("2026-07-03T09:00:00.000Z");
    const before = await outboxCount(database.db);
    const answers: (string | number)[] = [];
    for (let n = 0; n < 5; n++) {
      const response = await send(smallStoreCeiling, { ...greekMobile(400 + n), from: `192.0.2.${n + 1}`, storeId: 1 });
      answers.push(response.statusCode === 200 ? 200 : response.json().code);
    }
    expect(answers).toEqual([200, 200, 200, "CODE_SENDING_PAUSED", "CODE_SENDING_PAUSED"]);
    expect(await outboxCount(database.db)).toBe(before + 3);
    // Sign-ins that name no store are not held back by that store's ceiling.
    const noStore = await send(smallStoreCeiling, { ...greekMobile(409), from: "192.0.2.77" });
    expect(noStore.statusCode, noStore.body).toBe(200);
  });

  it("the whole system stops at its ceiling, whatever the store and address", async () => {
    clock.set("2026-07-04T09:00:00.000Z");
    const answers: (string | number)[] = [];
    for (let n = 0; n < 6; n++) {
      const response = await send(smallSystemCeiling, { ...greekMobile(500 + n), from: `192.0.2.${n + 20}` });
      answers.push(response.statusCode === 200 ? 200 : response.json().code);
    }
    expect(answers).toEqual([200, 200, 200, 200, "CODE_SENDING_PAUSED", "CODE_SENDING_PAUSED"]);
    clock.advance(HOUR);
    expect((await send(smallSystemCeiling, { ...greekMobile(510), from: "192.0.2.40" })).statusCode).toBe(200);
  });
});

describe("voice calls only to the countries the venue calls (VOICE_CALL_COUNTRIES)", () => {
  it("by default Greece and the EU: a call to a Greek or German mobile goes out, to a US or Cuban number 400 VOICE_CALL_COUNTRY_NOT_ALLOWED and nothing is sent", async () => {
    clock.set("2026-07-05T09:00:00.000Z");
    const greek = await send(defaults, { ...greekMobile(600), from: "192.0.2.60", channel: "call" });
    expect(greek.statusCode, greek.body).toBe(200);
    const german = await send(defaults, {
      phoneNumber: "15123456789",
      countryCode: 49,
      from: "192.0.2.61",
      channel: "call",
    });
    expect(german.statusCode, german.body).toBe(200);
    const before = await outboxCount(database.db);
    for (const [phoneNumber, countryCode] of [
      ["2015550123", 1],
      ["52123456", 53],
    ] as const) {
      const response = await send(defaults, { phoneNumber, countryCode, from: "192.0.2.62", channel: "call" });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        code: "VOICE_CALL_COUNTRY_NOT_ALLOWED",
        message: "Voice calls do not go to this country; ask for the code by SMS",
      });
    }
    expect(await outboxCount(database.db)).toBe(before);
  });

  it("the refused call counted nothing: the same number gets its code by SMS at once", async () => {
    const sms = await send(defaults, { phoneNumber: "2015550123", countryCode: 1, from: "192.0.2.62", channel: "sms" });
    expect(sms.statusCode, sms.body).toBe(200);
  });

  it("a venue that calls only Greece refuses a call to Germany", async () => {
    const german = await send(greeceOnly, {
      phoneNumber: "15123456780",
      countryCode: 49,
      from: "192.0.2.63",
      channel: "call",
    });
    expect(german.json().code).toBe("VOICE_CALL_COUNTRY_NOT_ALLOWED");
    const greek = await send(greeceOnly, { ...greekMobile(601), from: "192.0.2.63", channel: "call" });
    expect(greek.statusCode, greek.body).toBe(200);
  });
});
