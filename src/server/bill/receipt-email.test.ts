/**
 * A guest's payment receipt reaches their mailbox through a real SMTP server (a sink on loopback),
 * in the language asked for, with the amount, the tip and the card's last four digits; a payment's
 * receipt is sent a few times at most.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillPaymentAnswer } from "../../domain/bill-api";
import { insertOrder, SAMPLE } from "../orders/status-changes.test-support";
import { signInStaff } from "../realtime/test-orders";
import { sampleVenue } from "../test-fixtures/venue";
import { authHeaders, greekMobile, signInGuest } from "../test-support/accounts";
import { testClock } from "../test-support/clock";
import { insertOrderLineRow } from "../test-support/order-rows";
import { sandboxCardToken } from "../test-support/orders";
import { importFixture } from "../test-support/seed";
import { type SmtpSink, startSmtpSink } from "../test-support/smtp-sink";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const database = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
let sink: SmtpSink;
const server = setUpTestApp(() => database.db, {
  now: clock.now,
  get messaging() {
    return {
      sms: { provider: "outbox" as const },
      email: { provider: "smtp" as const, url: sink.url, from: "Κύμα <no-reply@kyma.example>" },
    };
  },
});

beforeAll(async () => {
  sink = await startSmtpSink();
  await importFixture(database.db, sampleVenue());
});

afterAll(async () => {
  await sink?.close();
});

describe("the receipt by e-mail", () => {
  it("bill: the guest's receipt goes out by SMTP in Greek with amount, tip and card; a fourth send of one receipt is refused", async () => {
    const waiter = authHeaders(await signInStaff(server.app, SAMPLE.storeId, "1357"));
    const signedIn = await signInGuest(server.app, database.db, greekMobile(71));
    const guest = authHeaders(signedIn);
    const orderId = await insertOrder(database.db, {
      userId: signedIn.userId,
      storeId: SAMPLE.storeId,
      spotId: SAMPLE.spotId,
      serviceId: SAMPLE.serviceId,
      paymentType: "CASH",
      createdAt: clock.now().toISOString(),
    });
    await database.db
      .updateTable("orders")
      .set({ subtotal_cents: 1250, total_cents: 1250 })
      .where("id", "=", orderId)
      .execute();
    await insertOrderLineRow(database.db, {
      order_id: orderId,
      item_id: 1000,
      unit_price_cents: 1250,
      total_cents: 1250,
    });
    const accepted = await server.app.inject({
      method: "POST",
      url: `/api/staff/orders/${orderId}/accept`,
      headers: { ...waiter, "idempotency-key": randomUUID() },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const paid = await server.app.inject({
      method: "POST",
      url: `/api/tables/${SAMPLE.spotId}/bill/payments`,
      headers: { ...guest, "idempotency-key": randomUUID() },
      payload: {
        amountCents: 1250,
        tipCents: 125,
        everything: true,
        payment: { type: "CARD", cardToken: await sandboxCardToken(server.app) },
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { payment } = paid.json<BillPaymentAnswer>();
    const send = () =>
      server.app.inject({
        method: "POST",
        url: `/api/tables/${SAMPLE.spotId}/bill/payments/${payment.id}/email`,
        headers: guest,
        payload: { email: "Eleni@Example.gr", language: "GRE" },
      });
    expect((await send()).statusCode).toBe(202);
    const mail = await sink.waitFor((received) => received.envelopeTo.includes("eleni@example.gr"));
    expect(mail.subject).toContain("απόδειξη πληρωμής");
    expect(mail.text).toContain("Φιλοδώρημα: 1,25");
    expect(mail.text).toContain("Χρεώθηκαν: 13,75");
    expect(mail.text).toContain("•••• 4242");
    expect((await send()).statusCode).toBe(202);
    expect((await send()).statusCode).toBe(202);
    const fourth = await send();
    expect(fourth.statusCode).toBe(429);
    const invalid = await server.app.inject({
      method: "POST",
      url: `/api/tables/${SAMPLE.spotId}/bill/payments/${payment.id}/email`,
      headers: guest,
      payload: { email: "not-an-address", language: "GRE" },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
