import { fc, test as propTest } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import {
  happyHourPrice,
  isHappyHourActive,
  isRequest,
  itemUnitPriceCents,
  lineTotalCents,
  memberPriceApplies,
  memberPricesApplied,
  optionPriceCents,
  optionsUnitPriceCents,
  type PriceRules,
  percentOfCents,
  priceCart,
  priceRulesAt,
  REGULAR_PRICES,
  roundHalfUp,
} from "./prices";
import type { SpotKind } from "./spots";
import { group, line, option, service } from "./test-support";

const MEMBER: PriceRules = { memberPrices: true, happyHourDiscountPercentage: 0 };
const happyHour = (discountPercentage: number): PriceRules => ({
  memberPrices: false,
  happyHourDiscountPercentage: discountPercentage,
});

describe("rounding rule: one rounding, half up, to a whole cent", () => {
  test.each([
    [5, 2, 3, "2.5 rounds up"],
    [7, 2, 4, "3.5 rounds up"],
    [4, 2, 2, "exact"],
    [1, 3, 0, "0.33 rounds down"],
    [2, 3, 1, "0.67 rounds up"],
    [0, 7, 0, "zero"],
    [100_499, 1000, 100, "100.499 rounds down"],
    [100_500, 1000, 101, "100.5 rounds up"],
  ])("roundHalfUp(%i, %i) = %i (%s)", (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected);
  });

  test.each([
    [1000, 10, 100],
    [25, 10, 3],
    [15, 10, 2],
    [14, 10, 1],
    [0, 50, 0],
  ])("percentOfCents(%i, %i%%) = %i", (cents, percent, expected) => {
    expect(percentOfCents(cents, percent)).toBe(expected);
  });
});

describe("happyHourPrice: §9 price x (100 - discountPercentage) / 100", () => {
  test.each([
    [1000, 20, 800],
    [25, 10, 23],
    [999, 15, 849],
    [333, 50, 167],
    [450, 100, 0],
    [450, 0, 450],
  ])("%i cents at %i%% off -> %i", (cents, pct, expected) => {
    expect(happyHourPrice(cents, pct)).toBe(expected);
  });
});

describe("isHappyHourActive: the happy-hour window, start inclusive, end exclusive", () => {
  const window = { discountPercentage: 20, startTime: "17:00", endTime: "19:00" };
  test.each([
    ["before start", "16:59", false],
    ["start minute", "17:00", true],
    ["last minute", "18:59", true],
    ["end minute", "19:00", false],
  ])("%s (%s) -> %s", (_title, hhmm, expected) => {
    const [hour, minute] = hhmm.split(":").map(Number) as [number, number];
    expect(isHappyHourActive(window, { hour, minute })).toBe(expected);
  });

  test("overnight happy hour 23:00-01:00 is active at 00:30", () => {
    expect(
      isHappyHourActive({ discountPercentage: 10, startTime: "23:00", endTime: "01:00" }, { hour: 0, minute: 30 }),
    ).toBe(true);
  });

  test("no happy hour configured: never active", () => {
    expect(isHappyHourActive(null, { hour: 18, minute: 0 })).toBe(false);
  });
});

describe("priceRulesAt: member prices and happy hour for this guest now", () => {
  const happy = { discountPercentage: 20, startTime: "17:00", endTime: "19:00" };
  test.each([
    ["guest, no happy hour", service(), false, 18, { memberPrices: false, happyHourDiscountPercentage: 0 }],
    [
      "member of a service with membership",
      service({ membershipEnabled: true }),
      true,
      12,
      { memberPrices: true, happyHourDiscountPercentage: 0 },
    ],
    [
      "member of a service without membership",
      service({ membershipEnabled: false }),
      true,
      12,
      { memberPrices: false, happyHourDiscountPercentage: 0 },
    ],
    [
      "non-member of a service with membership",
      service({ membershipEnabled: true }),
      false,
      12,
      { memberPrices: false, happyHourDiscountPercentage: 0 },
    ],
    [
      "inside the happy hour",
      service({ happyHour: happy }),
      false,
      18,
      { memberPrices: false, happyHourDiscountPercentage: 20 },
    ],
    [
      "outside the happy hour",
      service({ happyHour: happy }),
      false,
      19,
      { memberPrices: false, happyHourDiscountPercentage: 0 },
    ],
  ])("%s", (_title, svc, isMember, hour, expected) => {
    expect(priceRulesAt(svc, { isMember }, { hour, minute: 0 })).toEqual(expected);
  });
});

describe("memberPriceApplies: §6/§9 member price conditions", () => {
  const memberItem = { priceCents: 500, memberPriceEnabled: true, membershipPriceCents: 0 };
  test.each([
    ["all conditions hold", memberItem, MEMBER, true],
    ["guest is not a member (or membership disabled)", memberItem, REGULAR_PRICES, false],
    ["item has memberPriceEnabled false", { ...memberItem, memberPriceEnabled: false }, MEMBER, false],
    ["item has no member price", { ...memberItem, membershipPriceCents: null }, MEMBER, false],
    ["member price equal to price", { ...memberItem, membershipPriceCents: 500 }, MEMBER, false],
  ])("%s -> %s", (_title, item, rules, expected) => {
    expect(memberPriceApplies(item, rules)).toBe(expected);
  });
});

describe("memberPricesApplied: F28 an order records whether member prices applied", () => {
  const memberLine = line(1, { memberPriceEnabled: true, membershipPriceCents: 300 });
  test.each([
    ["a member's line at its member price", [memberLine, line(2)], MEMBER, true],
    ["the same lines for a guest who is no member", [memberLine, line(2)], REGULAR_PRICES, false],
    ["a member whose lines have no member price", [line(1), line(2)], MEMBER, false],
    [
      "a member's request line only (requests are never priced)",
      [line(1, { memberPriceEnabled: true, membershipPriceCents: 0, request: true })],
      MEMBER,
      false,
    ],
  ])("%s -> %s", (_title, lines, rules, expected) => {
    expect(memberPricesApplied(lines, rules)).toBe(expected);
  });
});

describe("F7 request items cost nothing whatever their price (spec §3 item request)", () => {
  const towels = line(1, { priceCents: 250, request: true }, { quantity: 3 });
  const withOption = line(
    2,
    { priceCents: 250, request: true, subselections: [group(10, { options: [option(11, { priceCents: 80 })] })] },
    { selection: { 10: [11] }, quantity: 2 },
  );

  test("a request line totals 0, its unit price is 0, options included; the cart total ignores it", () => {
    expect(isRequest(towels.item)).toBe(true);
    expect(itemUnitPriceCents(towels.item, REGULAR_PRICES)).toBe(0);
    expect(lineTotalCents(towels, REGULAR_PRICES)).toBe(0);
    expect(lineTotalCents(withOption, happyHour(20))).toBe(0);
    const breakdown = priceCart([towels, withOption, line(3, {}, { quantity: 2 })], {
      rules: REGULAR_PRICES,
      spotKind: "table",
      service: service(),
    });
    expect(breakdown.totalCents).toBe(1000);
  });

  test("a cart line kept from before the flag existed (no request field) is priced as before", () => {
    const { request: _dropped, ...older } = line(1).item;
    expect(isRequest(older as typeof towels.item)).toBe(false);
    expect(lineTotalCents({ ...line(1), item: older as typeof towels.item }, REGULAR_PRICES)).toBe(500);
  });
});

describe("itemUnitPriceCents: the unit price in effect", () => {
  test.each([
    ["regular price", {}, REGULAR_PRICES, 500],
    ["member price", { memberPriceEnabled: true, membershipPriceCents: 300 }, MEMBER, 300],
    [
      "member price plus membershipAdditionCents",
      { memberPriceEnabled: true, membershipPriceCents: 0, membershipAdditionCents: 150 },
      MEMBER,
      150,
    ],
    [
      "addition not charged when the member price does not apply",
      { memberPriceEnabled: false, membershipPriceCents: 0, membershipAdditionCents: 150 },
      MEMBER,
      500,
    ],
    [
      "addition not charged to non-members",
      { memberPriceEnabled: true, membershipPriceCents: 0, membershipAdditionCents: 150 },
      REGULAR_PRICES,
      500,
    ],
    ["happy hour on the regular price", {}, happyHour(20), 400],
    [
      "happy hour on the member price",
      { memberPriceEnabled: true, membershipPriceCents: 300 },
      { memberPrices: true, happyHourDiscountPercentage: 10 },
      270,
    ],
    ["non-priceable item has no price of its own", { priceable: false }, REGULAR_PRICES, 0],
  ])("%s", (_title, overrides, rules, expected) => {
    expect(itemUnitPriceCents(line(1, overrides).item, rules)).toBe(expected);
  });
});

describe("optionsUnitPriceCents: a selected option adds its priceCents", () => {
  const priced = (priceAggregated: boolean) =>
    group(2, {
      priceAggregated,
      options: [option(21, { priceCents: 50 }), option(22, { priceCents: 120 }), option(23, { priceCents: 25 })],
    });

  test.each([
    ["nothing selected", priced(true), [], REGULAR_PRICES, 0],
    ["priceAggregated: sum of selected options", priced(true), [21, 22, 23], REGULAR_PRICES, 195],
    [
      "not aggregated: only the most expensive selected option counts",
      priced(false),
      [21, 22, 23],
      REGULAR_PRICES,
      120,
    ],
    ["not aggregated with one option: that option", priced(false), [23], REGULAR_PRICES, 25],
    ["§9 happy hour applied to subselection prices, each rounded", priced(true), [23, 21], happyHour(10), 23 + 45],
  ])("%s", (_title, rules, selected, priceRules, expected) => {
    expect(optionsUnitPriceCents([rules], { 2: selected }, priceRules)).toBe(expected);
  });

  test("groups add up; a selection of a group the item does not have costs nothing", () => {
    const groups = [priced(true), group(3, { options: [option(31, { priceCents: 70 })] })];
    expect(optionsUnitPriceCents(groups, { 2: [21], 3: [31], 9: [91] }, REGULAR_PRICES)).toBe(120);
  });

  test("optionPriceCents shows one option's current price", () => {
    expect(optionPriceCents(25, happyHour(10))).toBe(23);
    expect(optionPriceCents(25, REGULAR_PRICES)).toBe(25);
  });
});

describe("lineTotalCents: §9 cart total per line", () => {
  const withOption = (priceCents: number) => ({
    subselections: [group(2, { options: [option(21, { priceCents })] })],
  });

  test.each([
    [
      "others: (price + options) x quantity",
      line(1, withOption(100), { quantity: 3, selection: { 2: [21] } }),
      REGULAR_PRICES,
      1800,
    ],
    [
      "per-kg: price x kilos + options x quantity",
      line(1, { perKg: true, priceCents: 2000, ...withOption(50) }, { kilos: 0.35, selection: { 2: [21] } }),
      REGULAR_PRICES,
      750,
    ],
    [
      "per-kg with quantity 2: weight once, options twice",
      line(
        1,
        { perKg: true, priceCents: 2000, ...withOption(50) },
        { kilos: 0.35, quantity: 2, selection: { 2: [21] } },
      ),
      REGULAR_PRICES,
      800,
    ],
    [
      "per-kg weight amount rounds half up (999.5 -> 1000)",
      line(1, { perKg: true, priceCents: 1999 }, { kilos: 0.5 }),
      REGULAR_PRICES,
      1000,
    ],
    [
      "per-kg counts whole grams, free of float error (1.005 kg x 100 = 100.5 -> 101)",
      line(1, { perKg: true, priceCents: 100 }, { kilos: 1.005 }),
      REGULAR_PRICES,
      101,
    ],
    [
      "per-kg in happy hour: the per-kg price is discounted first",
      line(1, { perKg: true, priceCents: 2000 }, { kilos: 0.35 }),
      happyHour(10),
      630,
    ],
    [
      "happy hour: item and options discounted, then x quantity",
      line(1, { priceCents: 25, ...withOption(25) }, { quantity: 2, selection: { 2: [21] } }),
      happyHour(10),
      92,
    ],
    [
      "non-priceable item with a priced option",
      line(1, { priceable: false, ...withOption(80) }, { quantity: 2, selection: { 2: [21] } }),
      REGULAR_PRICES,
      160,
    ],
  ])("%s", (_title, pricedLine, rules, expected) => {
    expect(lineTotalCents(pricedLine, rules)).toBe(expected);
  });

  test("a per-kg line without kilos is rejected, never priced as free", () => {
    expect(() => lineTotalCents(line(1, { perKg: true }, { kilos: null }), REGULAR_PRICES)).toThrow(RangeError);
  });
});

describe("priceCart: the breakdown shared by the cart screen and the server", () => {
  const lines = [line(1, { priceCents: 1000 }, { quantity: 2 }), line(2, { id: 2, priceCents: 550 })];

  test("table: subtotal is the sum of lines, no charge or discount", () => {
    expect(priceCart(lines, { rules: REGULAR_PRICES, spotKind: "table", service: service() })).toEqual({
      lines: [
        { id: 1, totalCents: 2000 },
        { id: 2, totalCents: 550 },
      ],
      subtotalCents: 2550,
      happyHourSavingsCents: 0,
      roomChargeCents: 0,
      deliveryDiscountCents: 0,
      totalCents: 2550,
      minimumOrderCents: 0,
      minimumOrderReached: true,
    });
  });

  test.each([
    [
      "room-service charge percentage on room spots",
      "room",
      service({ roomServiceChargePercentage: 10 }),
      { roomChargeCents: 255, totalCents: 2805 },
    ],
    [
      "room charge rounds half up (2550 x 15% = 382.5 -> 383)",
      "room",
      service({ roomServiceChargePercentage: 15 }),
      { roomChargeCents: 383, totalCents: 2933 },
    ],
    [
      "no room charge on a table",
      "table",
      service({ roomServiceChargePercentage: 10 }),
      { roomChargeCents: 0, totalCents: 2550 },
    ],
    [
      "delivery discount when subtotal >= minimum (equal)",
      "delivery",
      service({ deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2550 } }),
      { deliveryDiscountCents: 255, totalCents: 2295 },
    ],
    [
      "no delivery discount below the minimum",
      "delivery",
      service({ deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2551 } }),
      { deliveryDiscountCents: 0, totalCents: 2550 },
    ],
    [
      "no delivery discount for a room",
      "room",
      service({ deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 0 } }),
      { deliveryDiscountCents: 0, totalCents: 2550 },
    ],
    [
      "§5 minimum order value reached (equal)",
      "table",
      service({ minimumOrderCents: 2550 }),
      { minimumOrderCents: 2550, minimumOrderReached: true },
    ],
    [
      "§5 minimum order value not reached",
      "table",
      service({ minimumOrderCents: 2551 }),
      { minimumOrderCents: 2551, minimumOrderReached: false },
    ],
  ] as const)("%s", (_title, spotKind, svc, expected) => {
    expect(priceCart(lines, { rules: REGULAR_PRICES, spotKind, service: svc })).toMatchObject(expected);
  });

  test("happy-hour savings: regular subtotal minus the discounted subtotal", () => {
    const breakdown = priceCart(lines, { rules: happyHour(20), spotKind: "table", service: service() });
    expect(breakdown).toMatchObject({ subtotalCents: 2040, happyHourSavingsCents: 510, totalCents: 2040 });
  });

  test("the minimum order is checked against the subtotal after happy hour", () => {
    const breakdown = priceCart(lines, {
      rules: happyHour(20),
      spotKind: "table",
      service: service({ minimumOrderCents: 2100 }),
    });
    expect(breakdown.minimumOrderReached).toBe(false);
  });

  test("an empty cart costs nothing and misses any positive minimum", () => {
    expect(
      priceCart([], { rules: REGULAR_PRICES, spotKind: "table", service: service({ minimumOrderCents: 1 }) }),
    ).toMatchObject({
      subtotalCents: 0,
      totalCents: 0,
      minimumOrderReached: false,
    });
  });
});

describe("price properties", () => {
  const pricedLine = fc
    .record({
      priceCents: fc.integer({ min: 0, max: 100_000 }),
      optionCents: fc.integer({ min: 0, max: 10_000 }),
      perKg: fc.boolean(),
      grams: fc.integer({ min: 1, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      member: fc.boolean(),
      membershipPriceCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
      membershipAdditionCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
    })
    .map((v) =>
      line(
        1,
        {
          priceCents: v.priceCents,
          perKg: v.perKg,
          memberPriceEnabled: v.member,
          membershipPriceCents: v.membershipPriceCents,
          membershipAdditionCents: v.membershipAdditionCents,
          subselections: [group(2, { options: [option(21, { priceCents: v.optionCents })] })],
        },
        { quantity: v.quantity, kilos: v.perKg ? v.grams / 1000 : null, selection: { 2: [21] } },
      ),
    );
  const rules = fc.record({
    memberPrices: fc.boolean(),
    happyHourDiscountPercentage: fc.integer({ min: 0, max: 100 }),
  });

  propTest.prop([pricedLine, rules])("line totals are never negative and always whole cents", (l, r) => {
    const total = lineTotalCents(l, r);
    expect(Number.isSafeInteger(total)).toBe(true);
    expect(total).toBeGreaterThanOrEqual(0);
  });

  propTest.prop([pricedLine, fc.integer({ min: 0, max: 100 })])("happy hour never raises a line's total", (l, pct) => {
    expect(lineTotalCents(l, happyHour(pct))).toBeLessThanOrEqual(lineTotalCents(l, REGULAR_PRICES));
  });

  propTest.prop([
    fc.array(pricedLine, { maxLength: 8 }),
    rules,
    fc.constantFrom<SpotKind>("table", "room", "delivery"),
  ])("the breakdown adds up whatever the line order", (someLines, r, spotKind) => {
    const withIds = someLines.map((l, index) => ({ ...l, id: index + 1 }));
    const svc = service({
      roomServiceChargePercentage: 12,
      deliveryDiscount: { discountPercentage: 15, minimumPriceForDeliveryDiscountCents: 1000 },
    });
    const forward = priceCart(withIds, { rules: r, spotKind, service: svc });
    const backward = priceCart([...withIds].reverse(), { rules: r, spotKind, service: svc });
    expect(backward.totalCents).toBe(forward.totalCents);
    expect(forward.subtotalCents).toBe(forward.lines.reduce((s, l) => s + l.totalCents, 0));
    expect(forward.totalCents).toBe(forward.subtotalCents + forward.roomChargeCents - forward.deliveryDiscountCents);
    expect(forward.totalCents).toBeGreaterThanOrEqual(0);
    expect(forward.happyHourSavingsCents).toBeGreaterThanOrEqual(0);
  });
});

describe("rentals: the rate times the started days or hours (rentals.ts)", () => {
  const rented = { pickUpAt: "2026-07-01T07:00:00Z", returnAt: "2026-07-03T07:00:00Z", units: 2 };
  test("spec §5 V22: a SUP board at 35.00 a day for two started days costs 70.00", () => {
    const board = line(1, { priceCents: 3500, rental: { unit: "day", maxUnits: 7 } }, { rental: rented });
    expect(lineTotalCents(board, REGULAR_PRICES)).toBe(7000);
  });
  test("quantity and options multiply with the units: 2 boards with a 5.00 paddle option for 2 days", () => {
    const board = line(
      1,
      {
        priceCents: 3500,
        rental: { unit: "day", maxUnits: 7 },
        subselections: [group(2, { options: [option(21, { priceCents: 500 })] })],
      },
      { rental: rented, quantity: 2, selection: { 2: [21] } },
    );
    expect(lineTotalCents(board, REGULAR_PRICES)).toBe((3500 + 500) * 2 * 2);
  });
  test("a line without rental dates, or an item that is not rented, counts one unit", () => {
    expect(lineTotalCents(line(1, { priceCents: 3500 }, { rental: rented }), REGULAR_PRICES)).toBe(3500);
    expect(lineTotalCents(line(1, { priceCents: 3500, rental: { unit: "hour", maxUnits: 8 } }), REGULAR_PRICES)).toBe(
      3500,
    );
  });
});
