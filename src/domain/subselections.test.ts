import { describe, expect, test } from "vitest";
import {
  initialSelection,
  isOptionSelected,
  isSelectionComplete,
  missingMandatoryGroups,
  sameSelection,
  selectionKey,
  toggleOption,
} from "./subselections";
import { group, option } from "./test-support";

// Group 1: radio, options 11 12 13. Group 2: checkbox, up to 2, options 21 22 23.
const radio = group(1, { type: "RADIO_BUTTON" });
const mandatoryRadio = group(1, { type: "RADIO_BUTTON", mandatory: true });
const checkboxUpTo2 = group(2, { type: "CHECKBOX", maximumSelected: 2 });
const mandatoryCheckbox = group(2, { type: "CHECKBOX", mandatory: true, maximumSelected: null });

describe("toggleOption: §4 subselection toggle", () => {
  test.each([
    ["radio: picking selects it", radio, [], 11, [11], "selected"],
    ["radio deselects others", radio, [11], 12, [12], "selected"],
    ["radio, optional: picking the selected option again deselects it", radio, [11], 11, [], "deselected"],
    ["mandatory radio keeps at least one option selected", mandatoryRadio, [11], 11, [11], "ignored-mandatory"],
    ["mandatory radio still switches to another option", mandatoryRadio, [11], 13, [13], "selected"],
    ["checkbox: adds below the maximum", checkboxUpTo2, [21], 22, [21, 22], "selected"],
    [
      "checkbox ignores a selection beyond maximumSelected",
      checkboxUpTo2,
      [21, 22],
      23,
      [21, 22],
      "ignored-max-reached",
    ],
    ["checkbox: deselecting at the maximum is allowed", checkboxUpTo2, [21, 22], 21, [22], "deselected"],
    ["checkbox without a maximum takes every option", mandatoryCheckbox, [21, 22], 23, [21, 22, 23], "selected"],
    ["mandatory checkbox keeps at least one option selected", mandatoryCheckbox, [22], 22, [22], "ignored-mandatory"],
    ["mandatory checkbox: deselecting one of two is allowed", mandatoryCheckbox, [21, 22], 21, [22], "deselected"],
  ] as const)("%s", (_title, rules, before, optionId, after, effect) => {
    const result = toggleOption([rules], { [rules.id]: before }, rules.id, optionId);
    expect(result).toEqual({ selection: { [rules.id]: after }, effect });
  });

  test("checkbox with maximumSelected 1 does not swap: the second pick is ignored", () => {
    const upTo1 = group(2, { maximumSelected: 1 });
    expect(toggleOption([upTo1], { 2: [21] }, 2, 22).effect).toBe("ignored-max-reached");
  });

  test("an ignored toggle returns the very same selection object (nothing to re-render)", () => {
    const selection = { 2: [21, 22] };
    expect(toggleOption([checkboxUpTo2], selection, 2, 23).selection).toBe(selection);
  });

  test("toggling never mutates the given selection and leaves other groups alone", () => {
    const selection = Object.freeze({ 1: Object.freeze([11]), 2: Object.freeze([21]) });
    const result = toggleOption([radio, checkboxUpTo2], selection, 2, 22);
    expect(result.selection).toEqual({ 1: [11], 2: [21, 22] });
    expect(selection).toEqual({ 1: [11], 2: [21] });
  });

  test.each([
    ["unknown group", 9, 11],
    ["option of another group", 1, 21],
  ])("%s is ignored", (_title, groupId, optionId) => {
    const selection = { 1: [11] };
    expect(toggleOption([radio, checkboxUpTo2], selection, groupId, optionId)).toEqual({
      selection,
      effect: "ignored-unknown",
    });
  });
});

describe("initialSelection: §3 option.isSelected is the default", () => {
  test.each([
    ["nothing preselected", group(2, {}), []],
    [
      "checkbox defaults kept in order",
      group(2, { options: [option(21, { isSelected: true }), option(22), option(23, { isSelected: true })] }),
      [21, 23],
    ],
    [
      "radio with two defaults keeps the first",
      group(2, {
        type: "RADIO_BUTTON",
        options: [option(21), option(22, { isSelected: true }), option(23, { isSelected: true })],
      }),
      [22],
    ],
    [
      "checkbox defaults beyond maximumSelected are trimmed",
      group(2, { maximumSelected: 1, options: [option(21, { isSelected: true }), option(22, { isSelected: true })] }),
      [21],
    ],
  ])("%s", (_title, rules, expected) => {
    expect(initialSelection([rules])).toEqual({ 2: expected });
  });
});

describe("missingMandatoryGroups / isSelectionComplete: §5 mandatory groups need a selection", () => {
  const groups = [mandatoryRadio, checkboxUpTo2, group(3, { mandatory: true })];

  test.each([
    ["nothing selected: both mandatory groups missing", {}, [1, 3]],
    ["optional group does not count", { 2: [21] }, [1, 3]],
    ["one mandatory group filled", { 1: [12] }, [3]],
    ["empty array counts as missing", { 1: [12], 3: [] }, [3]],
    ["all mandatory groups filled", { 1: [12], 3: [31, 32] }, []],
  ])("%s", (_title, selection, missing) => {
    expect(missingMandatoryGroups(groups, selection)).toEqual(missing);
    expect(isSelectionComplete(groups, selection)).toBe(missing.length === 0);
  });
});

describe("sameSelection: the 'subselections match' condition of cart merge", () => {
  test.each([
    ["order of picking does not matter", { 2: [22, 21] }, { 2: [21, 22] }, true],
    ["empty groups do not matter", { 1: [], 2: [21] }, { 2: [21] }, true],
    ["group order does not matter", { 2: [21], 1: [11] }, { 1: [11], 2: [21] }, true],
    ["different option", { 2: [21] }, { 2: [22] }, false],
    ["same option id under another group", { 1: [5] }, { 2: [5] }, false],
    ["extra option", { 2: [21] }, { 2: [21, 22] }, false],
  ])("%s", (_title, a, b, expected) => {
    expect(sameSelection(a, b)).toBe(expected);
  });

  test("selectionKey is canonical text", () => {
    expect(selectionKey({ 10: [3, 1], 2: [7], 4: [] })).toBe("2:7;10:1,3");
  });

  test("isOptionSelected reads one group", () => {
    expect(isOptionSelected({ 2: [21] }, 2, 21)).toBe(true);
    expect(isOptionSelected({ 2: [21] }, 1, 21)).toBe(false);
  });
});
