import { describe, expect, it } from "vitest";
import {
  type CheckoutForm,
  type CheckoutProblem,
  checkoutProblems,
  initialCheckoutForm,
  orderRequestLinesOf,
  orderRequestOf,
} from "./checkout";
import type { CheckoutOptions } from "./orders-api";
import { line } from "./test-support";

const options = (overrides: Partial<CheckoutOptions> = {}): CheckoutOptions => ({
  availableTables: [],
  tableSelectionRequired: false,
  availableChargingRooms: [],
  paymentTypes: ["CASH", "CARD"],
  deliveryDetailsRequired: false,
  locationRequired: false,
  scheduledOrdersEnabled: false,
  acceptanceMinutes: 10,
  ...overrides,
});
const form = (overrides: Partial<CheckoutForm> = {}): CheckoutForm => ({ ...initialCheckoutForm(), ...overrides });
const address = { address: "Odos 1", area: "Glyfada", postalCode: "16675", floor: "", doorbell: "" };

describe("§5 what must be chosen before Send", () => {
  const cases: [string, CheckoutForm, CheckoutOptions, boolean, CheckoutProblem[]][] = [
    ["§9 default: cash, now, nothing missing", form(), options(), true, []],
    ["§5 minimum order value must be reached", form(), options(), false, ["MINIMUM_ORDER_NOT_REACHED"]],
    [
      "§5 table selection mandatory (PDA)",
      form(),
      options({ tableSelectionRequired: true }),
      true,
      ["TABLE_SELECTION_REQUIRED"],
    ],
    ["a picked table is enough", form({ selectedTableId: 3 }), options({ tableSelectionRequired: true }), true, []],
    [
      "§5 room selection mandatory when charging to a room",
      form({ payment: { type: "CHARGE_TO_ROOM", chargingRoomId: null } }),
      options(),
      true,
      ["ROOM_SELECTION_REQUIRED"],
    ],
    [
      "a card payment needs a card",
      form({ payment: { type: "CARD", cardToken: null, saveCard: false, newCard: true } }),
      options(),
      true,
      ["CARD_REQUIRED"],
    ],
    [
      "§5 delivery details required",
      form(),
      options({ deliveryDetailsRequired: true }),
      true,
      ["DELIVERY_DETAILS_REQUIRED"],
    ],
    [
      "floor and doorbell may stay empty",
      form({ deliveryInfo: address }),
      options({ deliveryDetailsRequired: true }),
      true,
      [],
    ],
    [
      "blank address counts as missing",
      form({ deliveryInfo: { ...address, address: "   " } }),
      options({ deliveryDetailsRequired: true }),
      true,
      ["DELIVERY_DETAILS_REQUIRED"],
    ],
    [
      "§5 date selection mandatory for a scheduled order",
      form({ when: { kind: "later", scheduledFor: null } }),
      options({ scheduledOrdersEnabled: true }),
      true,
      ["SCHEDULED_TIME_REQUIRED"],
    ],
    [
      "spec §8 E7: the outcome by e-mail asked for with no address",
      form({ outcomeEmail: { wanted: true, address: " " } }),
      options(),
      true,
      ["EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"],
    ],
    [
      "spec §8 E6: the outcome by e-mail asked for with a malformed address",
      form({ outcomeEmail: { wanted: true, address: "eleni@" } }),
      options(),
      true,
      ["INVALID_EMAIL_TO_NOTIFY_WHEN_ORDER_EXECUTED_MISSING"],
    ],
    [
      "an address typed but not asked for is no problem",
      form({ outcomeEmail: { wanted: false, address: "eleni@" } }),
      options(),
      true,
      [],
    ],
  ];
  it.each(cases)("%s", (_name, value, checkout, minimumReached, expected) => {
    expect(checkoutProblems(value, checkout, minimumReached)).toEqual(expected);
  });
});

describe("the POST /api/orders body", () => {
  const context = {
    serviceId: 2,
    tableId: 9,
    expectedTotalCents: 1234,
    language: "ENG" as const,
    location: { latitude: 37.9, longitude: 23.7 },
  };
  const lines = [
    line(1, { id: 10 }, { quantity: 2, comment: "no ice", selection: { 1: [11, 12], 2: [] } }),
    line(2, { id: 20, perKg: true }, { kilos: 0.8 }),
  ];

  it("maps lines (empty groups left out, kilos only for per-kg), cleans the §5 comment, cash by default", () => {
    const body = orderRequestOf(lines, form({ comment: " extra napkins 🙏 " }), { ...context, options: options() });
    expect(body).toEqual({
      serviceId: 2,
      tableId: 9,
      lines: [
        { itemId: 10, quantity: 2, kilos: null, comment: "no ice", selection: { 1: [11, 12] } },
        { itemId: 20, quantity: 1, kilos: 0.8, comment: "", selection: {} },
      ],
      comment: "extra napkins",
      expectedTotalCents: 1234,
      scheduledFor: null,
      payment: { type: "CASH" },
      selectedTableId: null,
      deliveryInfo: null,
      location: null,
      language: "ENG",
    });
  });

  it("sends the table, delivery details, location and time only where the checkout asks for them", () => {
    const checkout = options({ tableSelectionRequired: true, deliveryDetailsRequired: true, locationRequired: true });
    const value = form({
      selectedTableId: 4,
      deliveryInfo: { ...address, doorbell: " Papadopoulos " },
      when: { kind: "later", scheduledFor: "2026-07-15T15:00:00Z" },
    });
    const body = orderRequestOf(lines, value, { ...context, options: checkout });
    expect(body).toMatchObject({
      selectedTableId: 4,
      deliveryInfo: { ...address, doorbell: "Papadopoulos" },
      location: { latitude: 37.9, longitude: 23.7 },
      scheduledFor: "2026-07-15T15:00:00Z",
    });
  });

  it("asks to save only a new card; a saved card is never saved again", () => {
    const newCard = orderRequestOf(
      lines,
      form({ payment: { type: "CARD", cardToken: "tok_123456789", saveCard: true, newCard: true } }),
      { ...context, options: options() },
    );
    expect(newCard.payment).toEqual({ type: "CARD", cardToken: "tok_123456789", saveCard: true });
    const saved = orderRequestOf(
      lines,
      form({ payment: { type: "CARD", cardToken: "tok_saved0001", saveCard: true, newCard: false } }),
      { ...context, options: options() },
    );
    expect(saved.payment).toEqual({ type: "CARD", cardToken: "tok_saved0001", saveCard: false });
  });

  it("sends the outcome's e-mail (trimmed, lower-cased) only when the guest asked for it", () => {
    const asked = orderRequestOf(lines, form({ outcomeEmail: { wanted: true, address: " Eleni@Example.GR " } }), {
      ...context,
      options: options(),
    });
    expect(asked.notifyEmail).toBe("eleni@example.gr");
    const notAsked = orderRequestOf(lines, form({ outcomeEmail: { wanted: false, address: "eleni@example.gr" } }), {
      ...context,
      options: options(),
    });
    expect("notifyEmail" in notAsked).toBe(false);
  });

  it("F13.2 names the waiter serving the order only where the checkout holds the store's waiters", () => {
    const waiters = [{ id: 301, name: "Nikos", role: "WAITER" as const }];
    const onPda = orderRequestOf(lines, form({ servedByStaffId: 301 }), { ...context, options: options({ waiters }) });
    expect(onPda.servedByStaffId).toBe(301);
    // The signed-in waiter by default: nothing named, the server takes the session's.
    const byDefault = orderRequestOf(lines, form(), { ...context, options: options({ waiters }) });
    expect(byDefault).not.toHaveProperty("servedByStaffId");
    // A guest's checkout holds no waiters: a choice left in a draft is never sent.
    const guest = orderRequestOf(lines, form({ servedByStaffId: 301 }), { ...context, options: options() });
    expect(guest).not.toHaveProperty("servedByStaffId");
  });

  it("charges to the chosen room", () => {
    const body = orderRequestOf(lines, form({ payment: { type: "CHARGE_TO_ROOM", chargingRoomId: 301 } }), {
      ...context,
      options: options(),
    });
    expect(body.payment).toEqual({ type: "CHARGE_TO_ROOM", chargingRoomId: 301 });
  });
});

describe("orderRequestLinesOf: a rental line sends its dates (spec §5 V22)", () => {
  it("sends the pick-up and return, not the units (the server counts them); other lines send no rental", () => {
    const rental = { pickUpAt: "2026-07-01T07:00:00Z", returnAt: "2026-07-03T07:00:00Z", units: 2 };
    const [rented, plain] = orderRequestLinesOf([
      line(1, { rental: { unit: "day", maxUnits: 7 } }, { rental }),
      line(2, { id: 2 }),
    ]);
    expect(rented?.rental).toEqual({ pickUpAt: rental.pickUpAt, returnAt: rental.returnAt });
    expect(plain).not.toHaveProperty("rental");
  });
});
