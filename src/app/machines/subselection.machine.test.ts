import { describe, expect, test } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import type { ItemDto } from "../../domain/api";
import { cartItemOf } from "../../domain/cart";
import { MAX_WARNING_MS } from "../../domain/constants";
import { group, item, line, option } from "../../domain/test-support";
import {
  addButtonVerdict,
  canSubmit,
  cartLineChanges,
  cartLineDraft,
  missingGroups,
  type SubselectionInput,
  submitIntent,
  subselectionMachine,
} from "./subselection.machine";

// Group 1: mandatory radio (11, 12 default-selected, 13). Group 2: checkbox up to 2 (21, 22, 23).
const coffee = item(1, {
  subselections: [
    group(1, {
      type: "RADIO_BUTTON",
      mandatory: true,
      options: [option(11), option(12, { isSelected: true }), option(13)],
    }),
    group(2, { type: "CHECKBOX", maximumSelected: 2 }),
  ],
});

function start(overrides: Partial<SubselectionInput> = {}, itemDto: ItemDto = coffee) {
  const clock = new SimulatedClock();
  const input: SubselectionInput = {
    item: cartItemOf(itemDto),
    mode: "add",
    cartLines: [],
    maxItemsPerOrder: null,
    ...overrides,
  };
  const actor = createActor(subselectionMachine, { input, clock });
  actor.start();
  return { actor, clock, context: () => actor.getSnapshot().context };
}

const fillCheckboxes = (actor: ReturnType<typeof start>["actor"]) => {
  actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 21 });
  actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 22 });
};

describe("subselection machine: opening the modal", () => {
  test("add mode starts from the options' isSelected defaults, quantity 1, no comment", () => {
    const { actor, context } = start();
    expect(actor.getSnapshot().value).toBe("idle");
    expect(context()).toMatchObject({
      selection: { 1: [12], 2: [] },
      quantity: 1,
      kilos: null,
      comment: "",
      mode: "add",
    });
  });

  test("edit mode starts from the cart line", () => {
    const existing = line(7, coffee, { quantity: 3, comment: "hot", selection: { 1: [13], 2: [21] } });
    const { context } = start({ mode: "edit", line: existing, cartLines: [existing] });
    expect(context()).toMatchObject({ selection: { 1: [13], 2: [21] }, quantity: 3, comment: "hot", editingLineId: 7 });
  });
});

describe("subselection machine: §4 subselection toggle", () => {
  test("radio deselects others", () => {
    const { actor, context } = start();
    actor.send({ type: "TOGGLE_OPTION", groupId: 1, optionId: 11 });
    expect(context().selection[1]).toEqual([11]);
  });

  test("a mandatory group keeps at least one option selected", () => {
    const { actor, context } = start();
    actor.send({ type: "TOGGLE_OPTION", groupId: 1, optionId: 12 });
    expect(context().selection[1]).toEqual([12]);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  test("checkbox ignores a selection beyond maximumSelected and shows the warning", () => {
    const { actor, context } = start();
    fillCheckboxes(actor);
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 23 });
    expect(context().selection[2]).toEqual([21, 22]);
    expect(actor.getSnapshot().value).toBe("maxWarning");
    expect(context().maxWarningGroupId).toBe(2);
  });

  test("§9 maximum-selection warning 2.2 s: still shown at 2199 ms, hidden at 2200 ms", () => {
    const { actor, clock, context } = start();
    fillCheckboxes(actor);
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 23 });
    clock.increment(MAX_WARNING_MS - 1);
    expect(actor.getSnapshot().value).toBe("maxWarning");
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("idle");
    expect(context().maxWarningGroupId).toBeNull();
  });

  test("another ignored pick while the warning shows starts the 2.2 s again", () => {
    const { actor, clock } = start();
    fillCheckboxes(actor);
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 23 });
    clock.increment(1000);
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 23 });
    clock.increment(MAX_WARNING_MS - 1);
    expect(actor.getSnapshot().value).toBe("maxWarning");
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  test("toggles that are not ignored keep working while the warning shows", () => {
    const { actor, context } = start();
    fillCheckboxes(actor);
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 23 });
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 21 });
    expect(context().selection[2]).toEqual([22]);
    expect(actor.getSnapshot().value).toBe("maxWarning");
  });

  test("the warning delay is named and can be provided (machine.provide)", () => {
    const clock = new SimulatedClock();
    const quick = subselectionMachine.provide({ delays: { MAX_WARNING: 100 } });
    const actor = createActor(quick, {
      input: { item: cartItemOf(coffee), mode: "add", cartLines: [], maxItemsPerOrder: null },
      clock,
    }).start();
    fillCheckboxes(actor);
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 23 });
    clock.increment(100);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  test("mandatory groups missing a selection are reported and block submitting", () => {
    const noDefault = item(2, { subselections: [group(1, { type: "RADIO_BUTTON", mandatory: true })] });
    const { actor, context } = start({}, noDefault);
    expect(missingGroups(context())).toEqual([1]);
    expect(canSubmit(context())).toBe(false);
    actor.send({ type: "TOGGLE_OPTION", groupId: 1, optionId: 11 });
    expect(missingGroups(context())).toEqual([]);
    expect(canSubmit(context())).toBe(true);
  });
});

describe("subselection machine: §5 quantity", () => {
  test("INCREMENT and DECREMENT; decrement stops at 1 in add mode", () => {
    const { actor, context } = start();
    actor.send({ type: "INCREMENT" });
    actor.send({ type: "INCREMENT" });
    expect(context().quantity).toBe(3);
    for (let i = 0; i < 5; i++) actor.send({ type: "DECREMENT" });
    expect(context().quantity).toBe(1);
  });

  test("§4 edit mode allows quantity 0, which means remove", () => {
    const existing = line(7, coffee, { quantity: 1, selection: { 1: [12] } });
    const { actor, context } = start({ mode: "edit", line: existing, cartLines: [existing] });
    actor.send({ type: "DECREMENT" });
    expect(context().quantity).toBe(0);
    expect(submitIntent(context())).toBe("remove");
    expect(canSubmit(context())).toBe(true);
    expect(cartLineChanges(context())).toMatchObject({ quantity: 0 });
  });

  test("§5 max items per order blocks increments once reached and says why", () => {
    const { actor, context } = start({ cartLines: [line(1, { id: 5 }, { quantity: 3 })], maxItemsPerOrder: 5 });
    actor.send({ type: "INCREMENT" });
    actor.send({ type: "INCREMENT" });
    expect(context()).toMatchObject({ quantity: 2, limitVerdict: { ok: false, reason: "MAX_PER_ORDER", limit: 5 } });
    actor.send({ type: "DECREMENT" });
    expect(context().limitVerdict).toEqual({ ok: true });
  });

  test("§5 low stock blocks increments", () => {
    const stocked = item(3, { stockEnabled: true, stockAlignedToCartAddition: true, stockAmount: 2 });
    const { actor, context } = start({}, stocked);
    actor.send({ type: "INCREMENT" });
    actor.send({ type: "INCREMENT" });
    expect(context()).toMatchObject({ quantity: 2, limitVerdict: { reason: "LOW_STOCK", limit: 2 } });
  });

  test.each([
    ["a quantity within the limits", 4, 4, { ok: true }],
    ["below the minimum is raised to 1", 0, 1, { ok: true }],
    ["above the limit is refused and explained", 9, 1, { ok: false, reason: "MAX_PER_ORDER", limit: 5 }],
    ["a fraction is ignored", 2.5, 1, { ok: true }],
  ])("SET_QUANTITY: %s", (_title, typed, expected, verdict) => {
    const { actor, context } = start({ maxItemsPerOrder: 5 });
    actor.send({ type: "SET_QUANTITY", quantity: typed });
    expect(context().quantity).toBe(expected);
    expect(context().limitVerdict).toEqual(verdict);
  });

  test("§5 the add button banner shows a full cart in add mode but not in edit mode", () => {
    const existing = line(7, coffee, { quantity: 5, selection: { 1: [12] } });
    const adding = start({ cartLines: [existing], maxItemsPerOrder: 5 });
    expect(addButtonVerdict(adding.context())).toMatchObject({ reason: "MAX_PER_ORDER" });
    expect(canSubmit(adding.context())).toBe(false);
    const editing = start({ mode: "edit", line: existing, cartLines: [existing], maxItemsPerOrder: 4 });
    expect(addButtonVerdict(editing.context())).toEqual({ ok: true });
  });
});

describe("subselection machine: §5 kilos and comment", () => {
  const fish = item(4, { perKg: true, priceCents: 4500 });

  test.each([
    [0.35, 0.35],
    [1000.5, 1000],
    [0, null],
    [-2, null],
    [Number.NaN, null],
  ])("SET_KILOS %s keeps %s", (typed, kept) => {
    const { actor, context } = start({}, fish);
    actor.send({ type: "SET_KILOS", kilos: typed });
    expect(context().kilos).toBe(kept);
    expect(canSubmit(context())).toBe(kept !== null);
  });

  test("the comment is kept as typed and cleaned by the cart; the draft carries the modal's state", () => {
    const { actor, context } = start();
    actor.send({ type: "SET_COMMENT", comment: " no sugar 🙏 " });
    actor.send({ type: "TOGGLE_OPTION", groupId: 2, optionId: 23 });
    expect(context().comment).toBe(" no sugar 🙏 ");
    expect(cartLineDraft(context(), { storeId: 3, serviceId: 4 })).toMatchObject({
      storeId: 3,
      serviceId: 4,
      quantity: 1,
      kilos: null,
      selection: { 1: [12], 2: [23] },
    });
    expect(submitIntent(context())).toBe("add");
  });
});
