import { beforeAll, describe, expect, it } from "vitest";
import { listOutboxMessages } from "../../db/repositories/outbox.repository";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp, TEST_CONTACT_EMAIL } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

beforeAll(async () => {
  await importFixture(ctx.db);
});

const form = { name: "Eleni", email: "eleni@example.com", message: "Do you have gluten-free bread?" };

describe("POST /api/info/contact (spec §2 contact-us, §5: all fields mandatory, valid e-mail)", () => {
  it("202 { ok: true } and an e-mail in the outbox addressed to the store's contact e-mail", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/info/contact",
      payload: { ...form, storeId: 1 },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ ok: true });
    const [message] = (await listOutboxMessages(ctx.db)).slice(-1);
    expect(message).toMatchObject({
      channel: "email",
      recipient: "venue1@example.com",
      subject: "Contact form: Eleni",
      store_id: 1,
    });
    expect(message?.body).toContain("From: Eleni <eleni@example.com>");
    expect(message?.body).toContain("Store: Sample Beach 1 (1)");
    expect(message?.body).toContain("Do you have gluten-free bread?");
  });

  it("without a storeId the e-mail goes to the configured default address", async () => {
    const response = await server.app.inject({ method: "POST", url: "/api/info/contact", payload: form });
    expect(response.statusCode).toBe(202);
    const [message] = (await listOutboxMessages(ctx.db)).slice(-1);
    expect(message).toMatchObject({ recipient: TEST_CONTACT_EMAIL, store_id: null });
  });

  it("a line break in the name cannot add mail headers: 400, and nothing is stored", async () => {
    const count = (await listOutboxMessages(ctx.db)).length;
    const response = await server.app.inject({
      method: "POST",
      url: "/api/info/contact",
      payload: { ...form, name: "Eve\r\nBcc: all@example.com" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(await listOutboxMessages(ctx.db)).toHaveLength(count);
  });

  it("404 STORE_NOT_FOUND for a store that does not exist, and nothing is stored", async () => {
    const count = (await listOutboxMessages(ctx.db)).length;
    const response = await server.app.inject({
      method: "POST",
      url: "/api/info/contact",
      payload: { ...form, storeId: 77 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "STORE_NOT_FOUND", message: "There is no store 77" });
    expect(await listOutboxMessages(ctx.db)).toHaveLength(count);
  });

  it.each([
    ["an invalid e-mail", { ...form, email: "not-an-email" }, "body.email: must match format"],
    ["a missing message", { name: form.name, email: form.email }, "body.message: is required"],
    ["an empty name", { ...form, name: "" }, "body.name: must not have fewer than 1 characters"],
    ["a blank message", { ...form, message: "   " }, "body.message: must not be blank"],
    ["a NUL character in the message", { ...form, message: "hi\u0000there" }, "body.message: must match pattern"],
    ["a control character in the name", { ...form, name: "Eve\u0007" }, "body.name: must match pattern"],
  ])("400 VALIDATION_FAILED for %s", async (_case, payload, expected) => {
    const response = await server.app.inject({ method: "POST", url: "/api/info/contact", payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toContain(expected);
  });

  it("400 VALIDATION_FAILED for a body that is not JSON", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/info/contact",
      headers: { "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
  });
});
