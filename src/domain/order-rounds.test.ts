import { describe, expect, test } from "vitest";
import { addLine, type Cart, EMPTY_CART } from "./cart";
import { orderRequestLinesOf } from "./checkout";
import { linesOfRequest, type OrderEnd, returnLines, returnsLines, takeLines } from "./order-rounds";
import { draft } from "./test-support";

const freddo = draft({ id: 1 }, { comment: "no sugar" });
const frappe = draft({ id: 2 });
const cartOf = (...drafts: Parameters<typeof addLine>[1][]): Cart => drafts.reduce(addLine, EMPTY_CART);

describe("takeLines: a send takes its lines out of the cart, so the next round starts empty", () => {
  test("sending the whole cart leaves an empty cart whose line ids start again (§4 emptying resets the next item id)", () => {
    const cart = cartOf(freddo, frappe);
    expect(takeLines(cart, cart.lines)).toEqual(EMPTY_CART);
  });

  test("lines added while the send was prepared stay for the next round", () => {
    const shown = cartOf(freddo);
    const now = addLine(shown, frappe);
    const left = takeLines(now, shown.lines);
    expect(left?.lines.map((line) => line.item.id)).toEqual([2]);
    expect(left?.nextItemId).toBe(now.nextItemId);
  });

  test("a line changed since it was shown (another tab) takes nothing: the guest looks again", () => {
    const shown = cartOf(freddo);
    const changed = addLine(shown, freddo);
    expect(changed.lines[0]?.quantity).toBe(2);
    expect(takeLines(changed, shown.lines)).toBeNull();
  });

  test("a second send of lines already taken (a double tap) takes nothing", () => {
    const shown = cartOf(freddo);
    const afterFirst = takeLines(shown, shown.lines) as Cart;
    expect(takeLines(afterFirst, shown.lines)).toBeNull();
  });

  test("nothing to send takes nothing", () => {
    expect(takeLines(cartOf(freddo), [])).toBeNull();
  });
});

describe("returnLines: an order that was not made gives its lines back, merged with the next round", () => {
  test("into an empty cart: the same items, quantities, comments and options", () => {
    const sent = cartOf(freddo, frappe).lines;
    const back = returnLines(EMPTY_CART, sent);
    expect(back.lines.map(({ id: _id, ...line }) => line)).toEqual(sent.map(({ id: _id, ...line }) => line));
  });

  test("into a cart with a new round: equal lines merge (quantities add), others are added after", () => {
    const sent = cartOf(freddo).lines;
    const nextRound = cartOf(frappe, freddo);
    const back = returnLines(nextRound, sent);
    expect(back.lines.map((line) => [line.item.id, line.quantity])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });
});

describe("returnsLines: only an accepted order keeps its lines", () => {
  test.each<[OrderEnd, boolean]>([
    [{ status: "ACCEPTED", dailyNumber: 3, errorMessage: null }, false],
    [{ status: "REJECTED", dailyNumber: 3, errorMessage: "closed" }, true],
    [{ status: "TIMED_OUT", dailyNumber: 3, errorMessage: null }, true],
    [{ status: "PAYMENT_FAILED", dailyNumber: 3, errorMessage: "declined" }, true],
    [{ status: "EXPIRED" }, true],
  ])("%o -> returns lines: %s", (end, expected) => {
    expect(returnsLines(end)).toBe(expected);
  });
});

describe("linesOfRequest: the cart lines an order of an earlier app version sent", () => {
  test("matches each request line to one cart line; lines added after the send are not taken", () => {
    const cart = cartOf(freddo, frappe);
    const sent = cartOf(freddo).lines;
    const found = linesOfRequest(cart.lines, orderRequestLinesOf(sent));
    expect(found.map((line) => line.item.id)).toEqual([1]);
  });

  test("a request line the cart no longer holds is skipped", () => {
    const request = orderRequestLinesOf(cartOf(freddo).lines);
    expect(linesOfRequest(cartOf(frappe).lines, request)).toEqual([]);
  });

  test("options picked in another order still match", () => {
    const withOptions = draft({ id: 3 }, { selection: { 2: [22, 21] } });
    const cart = cartOf(withOptions);
    const request = orderRequestLinesOf(cart.lines).map((line) => ({ ...line, selection: { 2: [21, 22] } }));
    expect(linesOfRequest(cart.lines, request)).toHaveLength(1);
  });
});
