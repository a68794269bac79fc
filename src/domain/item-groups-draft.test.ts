import { describe, expect, it } from "vitest";
import { centsToEuroText } from "./euro-amount";
import {
  type GroupDraft,
  groupsDraftOf,
  groupsFieldOfRefusal,
  newGroupDraft,
  newOptionDraft,
  readGroupsDraft,
  rebaseGroupsDraft,
} from "./item-groups-draft";
import type { ItemGroups } from "./staff-catalogue-api";

const euros = (cents: number) => centsToEuroText(cents, ",");
const names = (el: string, en = el) => ({ GRE: { name: el }, ENG: { name: en } });

const freddo: ItemGroups = {
  itemId: 70101,
  version: 4,
  groups: [
    {
      id: 135001,
      names: { GRE: { name: "Ζάχαρη", details: "Πόση;" }, ENG: { name: "Sugar" }, ITA: { name: "Zucchero" } },
      type: "RADIO_BUTTON",
      mandatory: true,
      maximumSelected: null,
      priceAggregated: false,
      options: [
        { id: 136001, names: names("Σκέτος", "No sugar"), priceCents: 0, isSelected: false },
        { id: 136002, names: names("Μέτριος", "Medium"), priceCents: 0, isSelected: true },
      ],
    },
    {
      id: 135002,
      names: names("Έξτρα", "Extras"),
      type: "CHECKBOX",
      mandatory: false,
      maximumSelected: 2,
      priceAggregated: true,
      options: [
        { id: 136006, names: names("Σφηνάκι", "Shot"), priceCents: 60, isSelected: false },
        { id: 136007, names: names("Βανίλια", "Vanilla"), priceCents: 50, isSelected: false },
      ],
    },
  ],
};

function draft(): GroupDraft[] {
  return groupsDraftOf(freddo.groups, euros);
}

function edited(change: (groups: GroupDraft[]) => void): GroupDraft[] {
  const groups = draft();
  change(groups);
  return groups;
}

describe("readGroupsDraft: the option groups an admin's editor sends", () => {
  it("reads the item's groups as typed text: euros with the language's mark, no extra price as empty, maximum as text", () => {
    const [sugar, extras] = draft();
    expect(sugar).toMatchObject({ id: 135001, names: { GRE: "Ζάχαρη", ENG: "Sugar", ITA: "Zucchero" }, maximum: "" });
    expect(sugar?.options.map((option) => option.price)).toEqual(["", ""]);
    expect(extras).toMatchObject({ maximum: "2", priceAggregated: true });
    expect(extras?.options.map((option) => option.price)).toEqual(["0,60", "0,50"]);
  });

  it("an untouched list changes nothing", () => {
    const reading = readGroupsDraft(freddo, draft());
    expect(reading.ok && reading.changed).toBe(false);
  });

  it("sends the whole list in order with the item's version: kept ids stay, new ones have none, stored details kept", () => {
    const groups = edited((list) => {
      const [sugar, extras] = list;
      if (sugar === undefined || extras === undefined) throw new Error("no groups");
      sugar.options.push({ ...newOptionDraft("new-1"), names: { GRE: "Μέλι", ENG: "Honey" }, price: "0,2" });
      const size = newGroupDraft("new-2", "new-3");
      size.names = { GRE: "Μέγεθος", ENG: "Size" };
      size.mandatory = true;
      size.options[0] = { ...newOptionDraft("new-3"), names: { GRE: "Διπλός", ENG: "Double" }, price: "0.50" };
      list.splice(0, 2, size, sugar);
    });
    const reading = readGroupsDraft(freddo, groups);
    expect(reading).toEqual({
      ok: true,
      changed: true,
      edit: {
        version: 4,
        groups: [
          {
            names: names("Μέγεθος", "Size"),
            type: "RADIO_BUTTON",
            mandatory: true,
            maximumSelected: null,
            priceAggregated: false,
            options: [{ names: names("Διπλός", "Double"), priceCents: 50, isSelected: false }],
          },
          {
            id: 135001,
            names: { GRE: { name: "Ζάχαρη", details: "Πόση;" }, ENG: { name: "Sugar" }, ITA: { name: "Zucchero" } },
            type: "RADIO_BUTTON",
            mandatory: true,
            maximumSelected: null,
            priceAggregated: false,
            options: [
              { id: 136001, names: names("Σκέτος", "No sugar"), priceCents: 0, isSelected: false },
              { id: 136002, names: names("Μέτριος", "Medium"), priceCents: 0, isSelected: true },
              { names: names("Μέλι", "Honey"), priceCents: 20, isSelected: false },
            ],
          },
        ],
      },
    });
  });

  it("a 'pick any' group with an empty maximum has none; a 'pick one' group never sends one", () => {
    const groups = edited((list) => {
      if (list[1]) list[1].maximum = " ";
      if (list[0]) list[0].maximum = "5";
    });
    const reading = readGroupsDraft(freddo, groups);
    if (!reading.ok) throw new Error("refused");
    expect(reading.edit.groups.map((group) => group.maximumSelected)).toEqual([null, null]);
  });

  it("spec option rules: names required, amounts, one default in a 'pick one' group, maximum 1..options and not under the defaults, options required", () => {
    const groups = edited((list) => {
      const [sugar, extras] = list;
      if (sugar === undefined || extras === undefined) throw new Error("no groups");
      sugar.names.ENG = " ";
      for (const option of sugar.options) option.selected = true;
      const [shot, vanilla] = extras.options;
      if (shot === undefined || vanilla === undefined) throw new Error("no options");
      shot.names.GRE = "";
      shot.price = "-1";
      vanilla.price = "0,555";
      extras.maximum = "3";
      list.push({ ...newGroupDraft("new-1", "new-2"), names: { GRE: "Α", ENG: "A" }, options: [] });
    });
    expect(readGroupsDraft(freddo, groups)).toEqual({
      ok: false,
      errors: {
        "groups.0.name.ENG": "name-required",
        "groups.0.options": "one-default-only",
        "groups.1.options.0.name.GRE": "name-required",
        "groups.1.options.0.price": "negative",
        "groups.1.options.1.price": "too-many-decimals",
        "groups.1.maximum": "maximum-over-options",
        "groups.2.options": "no-options",
      },
    });
  });

  it("a maximum under 1 or not a whole number is refused; more defaults than the maximum is refused at the options", () => {
    const zero = edited((list) => {
      if (list[1]) list[1].maximum = "0";
    });
    expect(readGroupsDraft(freddo, zero)).toEqual({ ok: false, errors: { "groups.1.maximum": "maximum-invalid" } });
    const decimal = edited((list) => {
      if (list[1]) list[1].maximum = "1,5";
    });
    expect(readGroupsDraft(freddo, decimal)).toEqual({ ok: false, errors: { "groups.1.maximum": "maximum-invalid" } });
    const overDefaults = edited((list) => {
      if (list[1] === undefined) return;
      list[1].maximum = "1";
      for (const option of list[1].options) option.selected = true;
    });
    expect(readGroupsDraft(freddo, overDefaults)).toEqual({
      ok: false,
      errors: { "groups.1.options": "defaults-over-maximum" },
    });
  });

  it("at most 20 groups an item and 50 options a group", () => {
    const many = Array.from({ length: 21 }, (_, g) => ({
      ...newGroupDraft(`g${g}`, `o${g}`),
      names: { GRE: "Α", ENG: "A" },
      options: [{ ...newOptionDraft(`o${g}`), names: { GRE: "Β", ENG: "B" } }],
    }));
    expect(readGroupsDraft(freddo, many)).toEqual({ ok: false, errors: { groups: "too-many-groups" } });
    const crowded = edited((list) => {
      const extras = list[1];
      if (extras === undefined) return;
      extras.options = Array.from({ length: 51 }, (_, o) => ({
        ...newOptionDraft(`o${o}`),
        names: { GRE: "Β", ENG: "B" },
      }));
    });
    expect(readGroupsDraft(freddo, crowded)).toEqual({ ok: false, errors: { "groups.1.options": "too-many-options" } });
  });
});

describe("groupsFieldOfRefusal: the field a server refusal names", () => {
  it.each([
    ["groups[0].options[1].names.GRE.name: must NOT have fewer than 1 characters", "groups.0.options.1.name.GRE"],
    ["body.groups[2].names.ENG: is required", "groups.2.name.ENG"],
    ["groups.0.maximumSelected: is 3 but the group has only 1 option(s)", "groups.0.maximum"],
    ["groups[0].options: a RADIO_BUTTON group can have at most one option selected by default", "groups.0.options"],
    ["groups[1].options[0].priceCents: must be <= 100000000", "groups.1.options.0.price"],
    ["groups[0].options[0].id: id 150000 belongs to another item: leave it out for a new one", "groups.0.options.0"],
    ['body.groups[0].type: must be one of "RADIO_BUTTON", "CHECKBOX"', "groups.0"],
    ["body.groups: must NOT have more than 20 items", "groups"],
  ])("%s → %s", (message, field) => {
    expect(groupsFieldOfRefusal(message)).toBe(field);
  });

  it("a message without a groups path names no field", () => {
    expect(groupsFieldOfRefusal("version: must be >= 1")).toBeNull();
    expect(groupsFieldOfRefusal("This item was changed meanwhile")).toBeNull();
  });
});

describe("rebaseGroupsDraft: re-applying what was typed on another admin's change", () => {
  it("typed fields stand, untouched ones take the other admin's, their removal of an untouched option and their new group follow", () => {
    const read = draft();
    const typed = edited((list) => {
      if (list[0]) list[0].names.ENG = "Sweetness";
      list[1]?.options.push({ ...newOptionDraft("new-1"), names: { GRE: "Κανέλα", ENG: "Cinnamon" } });
    });
    const latestGroups: ItemGroups["groups"] = [
      { ...(freddo.groups[0] as ItemGroups["groups"][number]), mandatory: false },
      {
        ...(freddo.groups[1] as ItemGroups["groups"][number]),
        maximumSelected: 1,
        options: [freddo.groups[1]?.options[0] as ItemGroups["groups"][number]["options"][number]],
      },
      {
        id: 135009,
        names: names("Πάγος", "Ice"),
        type: "RADIO_BUTTON",
        mandatory: false,
        maximumSelected: null,
        priceAggregated: false,
        options: [{ id: 136050, names: names("Λίγος", "Little"), priceCents: 0, isSelected: false }],
      },
    ];
    const rebased = rebaseGroupsDraft(read, typed, groupsDraftOf(latestGroups, euros));
    expect(rebased.map((group) => [group.id, group.names.ENG, group.mandatory, group.maximum])).toEqual([
      [135001, "Sweetness", false, ""],
      [135002, "Extras", false, "1"],
      [135009, "Ice", false, ""],
    ]);
    expect(rebased[1]?.options.map((option) => option.id ?? option.key)).toEqual([136006, "new-1"]);
  });

  it("a group removed here stays removed; one the other admin removed but typed on here is kept", () => {
    const read = draft();
    const typed = edited((list) => {
      list.shift();
      if (list[0]) list[0].names.GRE = "Πρόσθετα";
    });
    const latest = groupsDraftOf([freddo.groups[0] as ItemGroups["groups"][number]], euros);
    expect(rebaseGroupsDraft(read, typed, latest).map((group) => [group.id, group.names.GRE])).toEqual([
      [135002, "Πρόσθετα"],
    ]);
  });
});
