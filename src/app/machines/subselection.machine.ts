/**
 * The item modal's state (spec §2 "Item modal", §4 "Subselection toggle", "Edit mode", §5
 * quantity, kilos and limits), built on the pure rules of src/domain: this machine only decides
 * when each rule runs and keeps the result.
 *
 * - TOGGLE_OPTION applies the group rules (subselections.ts). A checkbox pick beyond the group's
 *   maximumSelected is ignored and shows `maxWarning` for MAX_WARNING_MS (2.2 s); another ignored
 *   pick while it shows starts the 2.2 s again.
 * - INCREMENT / SET_QUANTITY are checked against the order, category and stock limits
 *   (limits.ts); a refused change keeps the quantity and records why in `limitVerdict`, so the UI
 *   shows "You can add up to N ...". DECREMENT stops at 1, or at 0 in edit mode (0 = remove).
 * - SET_KILOS keeps a valid, capped weight, or null while the entry is not a weight above 0.
 * - SET_COMMENT keeps the text as typed; it is cleaned when it goes into the cart (cart.ts).
 * The selectors below the machine give the UI what it renders from the context.
 */
import { assign, setup } from "xstate";
import type { CartItem, CartLine, CartLineChanges, CartLineDraft } from "../../domain/cart";
import { MAX_WARNING_MS } from "../../domain/constants";
import {
  checkAddButton,
  checkIncrement,
  checkQuantity,
  decrementQuantity,
  type EditMode,
  type LimitedLine,
  type LimitVerdict,
  minimumQuantity,
  normalizeKilos,
} from "../../domain/limits";
import {
  initialSelection,
  isSelectionComplete,
  missingMandatoryGroups,
  type Selection,
  toggleOption,
} from "../../domain/subselections";

export interface SubselectionInput {
  item: CartItem;
  mode: EditMode;
  /** Edit mode: the cart line the modal opened with. */
  line?: Pick<CartLine, "id" | "quantity" | "kilos" | "comment" | "selection"> | undefined;
  /** The cart as it is, for the limits. */
  cartLines: readonly LimitedLine[];
  maxItemsPerOrder: number | null;
}

export interface SubselectionContext {
  item: CartItem;
  groups: CartItem["subselections"];
  selection: Selection;
  quantity: number;
  /** Per-kg items: a valid weight, or null until one is entered. Always null for other items. */
  kilos: number | null;
  comment: string;
  mode: EditMode;
  editingLineId: number | null;
  cartLines: readonly LimitedLine[];
  maxItemsPerOrder: number | null;
  /** Why the last quantity increase was refused; { ok: true } when it was not. */
  limitVerdict: LimitVerdict;
  /** The group whose maximum the last ignored pick hit, while the warning shows. */
  maxWarningGroupId: number | null;
}

export type SubselectionEvent =
  | { type: "TOGGLE_OPTION"; groupId: number; optionId: number }
  | { type: "SET_QUANTITY"; quantity: number }
  | { type: "INCREMENT" }
  | { type: "DECREMENT" }
  | { type: "SET_KILOS"; kilos: number }
  | { type: "SET_COMMENT"; comment: string };

const ALLOWED: LimitVerdict = { ok: true };

export const subselectionMachine = setup({
  types: {
    context: {} as SubselectionContext,
    events: {} as SubselectionEvent,
    input: {} as SubselectionInput,
  },
  delays: {
    MAX_WARNING: MAX_WARNING_MS,
  },
  guards: {
    pickExceedsMaximum: ({ context }, params: { groupId: number; optionId: number }) =>
      toggleOption(context.groups, context.selection, params.groupId, params.optionId).effect === "ignored-max-reached",
  },
  actions: {
    toggleOption: assign(({ context }, params: { groupId: number; optionId: number }) => ({
      selection: toggleOption(context.groups, context.selection, params.groupId, params.optionId).selection,
    })),
    showMaxWarningFor: assign((_, params: { groupId: number }) => ({ maxWarningGroupId: params.groupId })),
    clearMaxWarning: assign({ maxWarningGroupId: null }),
    increment: assign(({ context }) => {
      const verdict = checkIncrement(context.cartLines, limitCheck(context), context.maxItemsPerOrder);
      return verdict.ok ? { quantity: context.quantity + 1, limitVerdict: ALLOWED } : { limitVerdict: verdict };
    }),
    decrement: assign(({ context }) => ({
      quantity: decrementQuantity(context.quantity, context.mode),
      limitVerdict: ALLOWED,
    })),
    setQuantity: assign(({ context }, params: { quantity: number }) => {
      if (!Number.isSafeInteger(params.quantity)) return {};
      const quantity = Math.max(minimumQuantity(context.mode), params.quantity);
      if (quantity <= context.quantity) return { quantity, limitVerdict: ALLOWED };
      const verdict = checkQuantity(context.cartLines, { ...limitCheck(context), quantity }, context.maxItemsPerOrder);
      return verdict.ok ? { quantity, limitVerdict: ALLOWED } : { limitVerdict: verdict };
    }),
    setKilos: assign((_, params: { kilos: number }) => {
      const verdict = normalizeKilos(params.kilos);
      return { kilos: verdict.ok ? verdict.kilos : null };
    }),
    setComment: assign((_, params: { comment: string }) => ({ comment: params.comment })),
  },
}).createMachine({
  id: "subselection",
  context: ({ input }) => ({
    item: input.item,
    groups: input.item.subselections,
    selection: input.line?.selection ?? initialSelection(input.item.subselections),
    quantity: input.line?.quantity ?? 1,
    kilos: input.item.perKg ? (input.line?.kilos ?? null) : null,
    comment: input.line?.comment ?? "",
    mode: input.mode,
    editingLineId: input.mode === "edit" ? (input.line?.id ?? null) : null,
    cartLines: input.cartLines,
    maxItemsPerOrder: input.maxItemsPerOrder,
    limitVerdict: ALLOWED,
    maxWarningGroupId: null,
  }),
  initial: "idle",
  on: {
    TOGGLE_OPTION: [
      {
        guard: { type: "pickExceedsMaximum", params: ({ event }) => event },
        target: ".maxWarning",
        actions: { type: "showMaxWarningFor", params: ({ event }) => event },
      },
      { actions: { type: "toggleOption", params: ({ event }) => event } },
    ],
    INCREMENT: { actions: "increment" },
    DECREMENT: { actions: "decrement" },
    SET_QUANTITY: { actions: { type: "setQuantity", params: ({ event }) => event } },
    SET_KILOS: { actions: { type: "setKilos", params: ({ event }) => event } },
    SET_COMMENT: { actions: { type: "setComment", params: ({ event }) => event } },
  },
  states: {
    idle: {},
    /** The "up to N options" warning is showing. */
    maxWarning: {
      exit: "clearMaxWarning",
      after: { MAX_WARNING: "idle" },
    },
  },
});

/** What the add/update/remove button does. */
export type SubmitIntent = "add" | "update" | "remove";

export function submitIntent(context: SubselectionContext): SubmitIntent {
  if (context.mode === "add") return "add";
  return context.quantity === 0 ? "remove" : "update";
}

/** Mandatory groups still without a selection (marked * in the modal). */
export function missingGroups(context: SubselectionContext): number[] {
  return missingMandatoryGroups(context.groups, context.selection);
}

/** The add button's banner: the limits as the button counts them (max per order not in edit mode). */
export function addButtonVerdict(context: SubselectionContext): LimitVerdict {
  return checkAddButton(context.cartLines, limitCheck(context), context.maxItemsPerOrder, context.mode);
}

/** Whether the button may act: options complete, a weight for per-kg items, within the limits. */
export function canSubmit(context: SubselectionContext): boolean {
  if (submitIntent(context) === "remove") return true;
  return (
    isSelectionComplete(context.groups, context.selection) &&
    (!context.item.perKg || context.kilos !== null) &&
    context.quantity >= 1 &&
    addButtonVerdict(context).ok
  );
}

/** The new cart line (add mode). */
export function cartLineDraft(context: SubselectionContext, at: { storeId: number; serviceId: number }): CartLineDraft {
  return {
    storeId: at.storeId,
    serviceId: at.serviceId,
    item: context.item,
    quantity: context.quantity,
    kilos: context.kilos,
    comment: context.comment,
    selection: context.selection,
  };
}

/** The changes to the edited line (edit mode; quantity 0 removes it). */
export function cartLineChanges(context: SubselectionContext): CartLineChanges {
  return { quantity: context.quantity, kilos: context.kilos, comment: context.comment, selection: context.selection };
}

function limitCheck(context: SubselectionContext) {
  return { item: context.item, quantity: context.quantity, editingLineId: context.editingLineId };
}
