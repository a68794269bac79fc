/**
 * Payments (design.md "Outside parts"): the sandbox provider's card
 * form, card orders authorized at placement, a declined card ending in PAYMENT_FAILED with nothing
 * ordered, saved cards, capture on accept and void on reject; only a token, brand and last four
 * digits stored anywhere.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderDto } from "../../../domain/orders-api";
import { bumpCatalogueVersion } from "../../db/repositories/orders.repository";
import type { Database } from "../../db/schema";
import { SandboxPaymentProvider } from "../../payments/sandbox-provider";
import { capturePayment, voidPayment } from "../../payments/settle";
import { greekMobile, type SignedInGuest, signInGuest } from "../../test-support/accounts";
import { testClock } from "../../test-support/clock";
import {
  FIXTURE,
  nextTokenizingAddress,
  postOrder,
  sandboxCardToken,
  testOrderRequest,
} from "../../test-support/orders";
import { importFixture } from "../../test-support/seed";
import { buildTestApp, setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const clock = testClock("2026-07-01T09:00:00.000Z");
const server = setUpTestApp(() => ctx.db, { now: clock.now });

let guest: SignedInGuest;
let other: SignedInGuest;

beforeAll(async () => {
  await importFixture(ctx.db);
  guest = await signInGuest(server.app, ctx.db, greekMobile(1));
  other = await signInGuest(server.app, ctx.db, greekMobile(2));
});

function tokenize(number: string, overrides: Record<string, unknown> = {}) {
  return server.app.inject({
    method: "POST",
    url: "/api/payments/sandbox/cards",
    remoteAddress: nextTokenizingAddress(),
    payload: { number, expiryMonth: 12, expiryYear: 2030, cvc: "123", ...overrides },
  });
}

/** Freddo x1 + Greek coffee x2 (stock counted): 8.50. */
const cardOrder = (cardToken: string, saveCard = false) =>
  testOrderRequest({
    lines: [
      {
        itemId: FIXTURE.freddo,
        quantity: 1,
        kilos: null,
        comment: "",
        selection: { [FIXTURE.sugarGroup]: [FIXTURE.noSugar] },
      },
      { itemId: FIXTURE.greekCoffee, quantity: 2, kilos: null, comment: "", selection: {} },
    ],
    expectedTotalCents: 850,
    payment: { type: "CARD", cardToken, saveCard },
  });

async function stockOfGreekCoffee(): Promise<number | null> {
  const row = await ctx.db
    .selectFrom("items")
    .select("stock_amount")
    .where("id", "=", FIXTURE.greekCoffee)
    .executeTakeFirstOrThrow();
  return row.stock_amount;
}

describe("sandbox card form (POST /api/payments/sandbox/cards)", () => {
  it("tokenizes a valid test card: token, brand from the number, last four", async () => {
    const response = await tokenize("4242 4242 4242 4242");
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      cardToken: expect.stringMatching(/^sbx_card_/),
      brand: "visa",
      lastFourDigits: "4242",
    });
    expect((await tokenize("5555555555554444")).json()).toMatchObject({ brand: "mastercard", lastFourDigits: "4444" });
  });

  it("refuses a bad check digit, a past expiry and a wrong-length CVC with 400 INVALID_CARD", async () => {
    for (const response of [
      await tokenize("4242 4242 4242 4241"),
      await tokenize("4242424242424242", { expiryMonth: 6, expiryYear: 2026 }),
      await tokenize("378282246310005", { cvc: "123" }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "INVALID_CARD" });
    }
  });

  it("design: the card number is in no table after tokenizing (only token, brand, last four)", async () => {
    await tokenize("4000 0566 5566 5556", { cvc: "987" });
    const tables = Object.keys({
      stores: 0,
      services: 0,
      spots: 0,
      categories: 0,
      items: 0,
      subselection_groups: 0,
      subselection_options: 0,
      staff: 0,
      users: 0,
      outbox: 0,
      sessions: 0,
      session_tokens: 0,
      verification_codes: 0,
      rate_limit_keys: 0,
      rate_limit_events: 0,
      staff_login_tokens: 0,
      saved_cards: 0,
      memberships: 0,
      server_secrets: 0,
      orders: 0,
      order_lines: 0,
      order_daily_counters: 0,
      order_requests: 0,
      sandbox_cards: 0,
      payments: 0,
      reviews: 0,
      table_openings: 0,
      table_opening_lines: 0,
      table_opening_payments: 0,
      receipt_daily_counters: 0,
      receipts: 0,
      staff_devices: 0,
      staff_sign_in_alerts: 0,
      card_tokens: 0,
      jobs: 0,
      stations: 0,
      tickets: 0,
      printer_states: 0,
      bill_payment_attempts: 0,
      sandbox_authorizations: 0,
      waiter_calls: 0,
      audit_entries: 0,
    } satisfies Record<keyof Database, 0>) as (keyof Database)[];
    for (const table of tables) {
      const rows = await ctx.db.selectFrom(table).selectAll().execute();
      const text = JSON.stringify(rows);
      expect(text, table).not.toContain("4000056655665556");
      expect(text, table).not.toContain("056655665");
    }
    const card = await ctx.db
      .selectFrom("sandbox_cards")
      .selectAll()
      .where("last_four", "=", "5556")
      .executeTakeFirstOrThrow();
    expect(Object.keys(card).sort()).toEqual(["brand", "created_at", "last_four", "outcome", "token"]);
  });
});

describe("card orders", () => {
  it("an approved card: the order waits for acceptance, the payment is AUTHORIZED, stock is taken, the card saved when asked", async () => {
    const token = await sandboxCardToken(server.app);
    const stock = await stockOfGreekCoffee();
    const response = await postOrder(server.app, guest, cardOrder(token, true));
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDto>();
    expect(order.status).toBe("WAITING_FOR_ACCEPTANCE");
    expect(order.payment).toEqual({ type: "CARD", cardBrand: "visa", cardLastFour: "4242" });
    expect(await stockOfGreekCoffee()).toBe((stock ?? 0) - 2);
    const payment = await ctx.db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ state: "AUTHORIZED", amount_cents: 850, brand: "visa", last_four: "4242" });
    const saved = await ctx.db.selectFrom("saved_cards").selectAll().where("user_id", "=", guest.userId).execute();
    expect(saved.map((c) => [c.provider_token, c.brand, c.last_four])).toEqual([[token, "visa", "4242"]]);
    // A saved card pays again; saving it twice keeps one row.
    expect((await postOrder(server.app, guest, cardOrder(token, true))).statusCode).toBe(201);
    expect(
      await ctx.db.selectFrom("saved_cards").selectAll().where("user_id", "=", guest.userId).execute(),
    ).toHaveLength(1);
  });

  it("a declined card (4000 0000 0000 0002): 201 with PAYMENT_FAILED and the reason, no stock taken; a retry gets the same answer", async () => {
    const token = await sandboxCardToken(server.app, "4000 0000 0000 0002");
    const stock = await stockOfGreekCoffee();
    const key = randomUUID();
    const response = await postOrder(server.app, guest, cardOrder(token), key);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<OrderDto>();
    expect(order.status).toBe("PAYMENT_FAILED");
    expect(order.errorMessage).toBe("Your card was declined.");
    expect(order.acceptanceDeadline).toBeNull();
    expect(await stockOfGreekCoffee()).toBe(stock);
    const payment = await ctx.db
      .selectFrom("payments")
      .selectAll()
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(payment.state).toBe("DECLINED");
    const retry = await postOrder(server.app, guest, cardOrder(token), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(response.body);
  });

  it("5 concurrent sends of a card order with one key: one authorization, one payment, identical answers", async () => {
    const token = await sandboxCardToken(server.app);
    const key = randomUUID();
    const before = await ctx.db.selectFrom("payments").select("id").execute();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postOrder(server.app, guest, cardOrder(token), key)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await ctx.db.selectFrom("payments").select("id").execute()).toHaveLength(before.length + 1);
  });

  it("another guest's saved card, or an unknown token → 422 CARD_NOT_FOUND, nothing authorized", async () => {
    const saved = await ctx.db
      .selectFrom("saved_cards")
      .select("provider_token")
      .where("user_id", "=", guest.userId)
      .executeTakeFirstOrThrow();
    const before = await ctx.db.selectFrom("payments").selectAll().execute();
    for (const token of [saved.provider_token, "sbx_card_unknown_token"]) {
      const response = await postOrder(server.app, other, cardOrder(token));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: "CARD_NOT_FOUND" });
    }
    expect(await ctx.db.selectFrom("payments").selectAll().execute()).toEqual(before);
  });

  it("a store without card payments → 422 PAYMENT_TYPE_NOT_AVAILABLE", async () => {
    await ctx.db.updateTable("stores").set({ card_payments_enabled: 0 }).execute();
    await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    try {
      const response = await postOrder(server.app, guest, cardOrder(await sandboxCardToken(server.app)));
      expect(response.json()).toMatchObject({ code: "PAYMENT_TYPE_NOT_AVAILABLE" });
    } finally {
      await ctx.db.updateTable("stores").set({ card_payments_enabled: 1 }).execute();
      await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    }
  });

  it("an authorized card refused in the transaction (out of stock) is voided at the provider", async () => {
    const voided: string[] = [];
    const payments = new SandboxPaymentProvider(ctx.db, clock.now);
    const original = payments.void.bind(payments);
    payments.void = async (reference: string) => {
      voided.push(reference);
      await original(reference);
    };
    const app = buildTestApp(ctx.db, { now: clock.now, payments });
    try {
      const token = await sandboxCardToken(app);
      // Stock runs out between the authorization and the transaction.
      const authorize = payments.authorize.bind(payments);
      payments.authorize = async (...args) => {
        const result = await authorize(...args);
        await ctx.db.updateTable("items").set({ stock_amount: 0 }).where("id", "=", FIXTURE.greekCoffee).execute();
        await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
        return result;
      };
      const response = await postOrder(app, guest, cardOrder(token));
      expect(response.json()).toMatchObject({ code: "OUT_OF_STOCK" });
      expect(voided).toHaveLength(1);
    } finally {
      await app.close();
      await ctx.db.updateTable("items").set({ stock_amount: 12 }).where("id", "=", FIXTURE.greekCoffee).execute();
      await bumpCatalogueVersion(ctx.db, FIXTURE.storeId); // as an import, or an order taking stock, does
    }
  });
});

describe("capturePayment / voidPayment (for the accept and reject/timeout status changes)", () => {
  async function authorizedOrder(): Promise<number> {
    const response = await postOrder(server.app, guest, cardOrder(await sandboxCardToken(server.app)));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<OrderDto>().id;
  }
  const paymentState = async (orderId: number) =>
    (await ctx.db.selectFrom("payments").select("state").where("order_id", "=", orderId).executeTakeFirstOrThrow())
      .state;
  const settleCtx = () => ({ db: ctx.db, now: clock.now, payments: new SandboxPaymentProvider(ctx.db, clock.now) });

  it("capture moves AUTHORIZED to CAPTURED; a second capture or a void afterwards changes nothing", async () => {
    const orderId = await authorizedOrder();
    await capturePayment(settleCtx(), orderId);
    expect(await paymentState(orderId)).toBe("CAPTURED");
    await capturePayment(settleCtx(), orderId);
    await voidPayment(settleCtx(), orderId);
    expect(await paymentState(orderId)).toBe("CAPTURED");
  });

  it("void moves AUTHORIZED to VOIDED; cash orders have no payment and are left alone", async () => {
    const orderId = await authorizedOrder();
    await voidPayment(settleCtx(), orderId);
    expect(await paymentState(orderId)).toBe("VOIDED");
    await expect(voidPayment(settleCtx(), 999_999)).resolves.toBeUndefined();
  });
});
