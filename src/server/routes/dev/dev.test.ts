import { describe, expect, it } from "vitest";
import type { OutboxMessagesResponse } from "../../../domain/auth-api";
import { greekMobile } from "../../test-support/accounts";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const withApi = setUpTestApp(() => ctx.db, { devOutboxApi: true });
const withoutApi = setUpTestApp(() => ctx.db);

describe("GET /api/dev/outbox (DEV_OUTBOX_API: the e2e tests' way to read a sent code)", () => {
  it("is off by default: 404, as if it did not exist", async () => {
    const response = await withoutApi.app.inject({ method: "GET", url: "/api/dev/outbox?to=%2B306940000001" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("NOT_FOUND");
  });

  it("with DEV_OUTBOX_API=on lists a recipient's messages newest first; an unencoded + in the number is accepted", async () => {
    const phone = greekMobile(1);
    const sent = await withApi.app.inject({
      method: "POST",
      url: "/api/sms/v2/send?channel=sms",
      payload: { phoneNumber: phone.phoneNumber, countryCode: phone.countryCode },
    });
    expect(sent.statusCode).toBe(200);
    for (const to of ["%2B306940000001", "+306940000001", "306940000001"]) {
      const response = await withApi.app.inject({ method: "GET", url: `/api/dev/outbox?to=${to}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const { messages } = response.json<OutboxMessagesResponse>();
      expect(messages.map((m) => [m.channel, m.to])).toEqual([["sms", "+306940000001"]]);
      expect(messages[0]?.body).toMatch(/\b\d{6}\b/);
    }
    const nobody = await withApi.app.inject({ method: "GET", url: "/api/dev/outbox?to=nobody@example.gr" });
    expect(nobody.json()).toEqual({ messages: [] });
    expect((await withApi.app.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(400);
  });
});
