import { describe, expect, it } from "vitest";
import { FIXTURE_IMAGES_DIR, type names, sampleVenue } from "../test-fixtures/venue";
import { formatIssue } from "../validation/issues";
import { validateVenueFile } from "./validate";
import type { VenueFile } from "./venue-file";

const options = { imagesDir: FIXTURE_IMAGES_DIR };

function problems(input: unknown): string[] {
  const result = validateVenueFile(input, options);
  return result.ok ? [] : result.issues.map(formatIssue);
}

/** The sample venue with one change made through a callback on a deep copy. */
function venueWith(change: (venue: VenueFile) => void): VenueFile {
  const venue = structuredClone(sampleVenue());
  change(venue);
  return venue;
}

function firstItem(venue: VenueFile) {
  const item = venue.services[0]?.categories[0]?.items[0];
  if (item === undefined) throw new Error("fixture has no first item");
  return item;
}

describe("venue file validation: schema errors name the bad path (brief §2)", () => {
  it("accepts the sample venue", () => {
    expect(problems(sampleVenue())).toEqual([]);
  });

  it("a negative priceCents deep inside reads services[0].categories[0].items[0].priceCents: must be >= 0", () => {
    const venue = venueWith((v) => {
      firstItem(v).priceCents = -1;
    });
    expect(problems(venue)).toContain("services[0].categories[0].items[0].priceCents: must be >= 0");
  });

  it("a missing required field and an unknown field are named by their own paths", () => {
    const venue = venueWith((v) => {
      Reflect.deleteProperty(v.store.contact, "email");
      Object.assign(v.spots[0] ?? {}, { colour: "blue" });
    });
    expect(problems(venue)).toEqual([
      "store.contact.email: is required",
      "spots[0].colour: is not an allowed property",
    ]);
  });

  it("a value outside a closed list says which values are allowed", () => {
    const venue = venueWith((v) => {
      Object.assign(v.spots[0] ?? {}, { type: "SUNBED" });
      Object.assign(v.services[0]?.categories[0]?.items[0]?.groups?.[0] ?? {}, { type: "DROPDOWN" });
    });
    const found = problems(venue);
    expect(found).toContain(
      'spots[0].type: must be one of "TABLE", "TABLE_AT_HOTEL", "BEACH_CHAIR", "UMBRELLA_AT_HOTEL", "HOTEL_ROOM", "DELIVERY", "DELIVERY_TABLE"',
    );
    expect(found).toContain(
      'services[0].categories[0].items[0].groups[0].type: must be one of "RADIO_BUTTON", "CHECKBOX"',
    );
  });

  it("something that is not a venue at all is refused without a crash", () => {
    expect(problems([])).toEqual(["must be object"]);
    expect(problems(null).length).toBeGreaterThan(0);
  });
});

describe("venue file validation: semantic rules (brief §2)", () => {
  it("ids are unique per entity kind: a duplicate item id points at both places", () => {
    const venue = venueWith((v) => {
      const other = v.services[0]?.categories[1]?.items[0];
      if (other) other.id = firstItem(v).id;
    });
    expect(problems(venue)).toEqual([
      "services[0].categories[1].items[0].id: duplicate item id 1000 (also at services[0].categories[0].items[0].id)",
    ]);
  });

  it("the same number may be an item id and an option id: uniqueness is per kind", () => {
    const venue = venueWith((v) => {
      const option = firstItem(v).groups?.[0]?.options[0];
      if (option) option.id = firstItem(v).id;
    });
    expect(problems(venue)).toEqual([]);
  });

  it("service slugs are unique within the store", () => {
    const venue = venueWith((v) => {
      const second = v.services[1];
      if (second) second.slug = "beach-bar";
    });
    expect(problems(venue)).toEqual(['services[1].slug: duplicate slug "beach-bar" (also at services[0].slug)']);
  });

  it("a service slug may not be the address of one of the app's screens (its guests' links could not open it)", () => {
    const venue = venueWith((v) => {
      const second = v.services[1];
      if (second) second.slug = "receipts";
    });
    expect(problems(venue)).toEqual([
      'services[1].slug: slug "receipts" is the address of one of the app\'s screens (/receipts/...): guests could not open this service',
    ]);
  });

  it("staff PINs are unique within the store, and the message does not print the PIN", () => {
    const venue = venueWith((v) => {
      const second = v.staff?.[1];
      if (second) second.pin = "4821";
    });
    const found = problems(venue);
    expect(found).toEqual(["staff[1].pin: same PIN as staff[0]; PINs must be unique within a store"]);
    expect(found.join()).not.toContain("4821");
  });

  it("a photo must exist under the images folder", () => {
    const venue = venueWith((v) => {
      firstItem(v).photo = "fixture/missing.webp";
    });
    expect(problems(venue)).toEqual([
      expect.stringMatching(
        /^services\[0\]\.categories\[0\]\.items\[0\]\.photo: no image file fixture\/missing\.webp under /,
      ),
    ]);
  });

  it("a photo path cannot climb out of the images folder", () => {
    const venue = venueWith((v) => {
      firstItem(v).photo = "fixture/../../venue.ts.png";
    });
    expect(problems(venue)).toEqual([
      'services[0].categories[0].items[0].photo: "fixture/../../venue.ts.png" must not contain . or .. segments',
    ]);
  });

  it("a RADIO_BUTTON group has at most one option selected by default", () => {
    const venue = venueWith((v) => {
      const option = firstItem(v).groups?.[0]?.options[2];
      if (option) option.isSelected = true;
    });
    expect(problems(venue)).toEqual([
      "services[0].categories[0].items[0].groups[0].options: a RADIO_BUTTON group can have at most one option selected by default (options 0, 2 are)",
    ]);
  });

  it("maximumSelected cannot exceed the number of options", () => {
    const venue = venueWith((v) => {
      const group = firstItem(v).groups?.[1];
      if (group) group.maximumSelected = 4;
    });
    expect(problems(venue)).toEqual([
      "services[0].categories[0].items[0].groups[1].maximumSelected: is 4 but the group has only 3 option(s)",
    ]);
  });

  it("a CHECKBOX group cannot preselect more options than maximumSelected", () => {
    const venue = venueWith((v) => {
      const group = firstItem(v).groups?.[1];
      if (group) {
        group.maximumSelected = 1;
        for (const option of group.options) option.isSelected = true;
      }
    });
    expect(problems(venue)).toEqual([
      "services[0].categories[0].items[0].groups[1].options: 3 options are selected by default but at most 1 may be selected",
    ]);
  });

  it("hours must be sensible: an empty window and a happy hour outside the opening hours are refused", () => {
    const venue = venueWith((v) => {
      const bar = v.services[0];
      if (bar) {
        bar.hours = { startTime: "09:00", endTime: "17:00" };
        bar.happyHour = { discountPercentage: 20, startTime: "18:00", endTime: "20:00" };
      }
      const rooms = v.services[1];
      if (rooms) rooms.scheduledOrders = { enabled: true, hours: { startTime: "07:00", endTime: "07:00" } };
    });
    expect(problems(venue)).toEqual([
      "services[0].happyHour: 18:00-20:00 is not within the service hours 09:00-17:00",
      "services[1].scheduledOrders.hours: startTime and endTime are both 07:00; the window would be empty",
    ]);
  });

  it("a happy hour after midnight fits hours that run past midnight", () => {
    const venue = venueWith((v) => {
      const bar = v.services[0];
      if (bar) bar.happyHour = { discountPercentage: 50, startTime: "00:30", endTime: "01:30" };
    });
    expect(problems(venue)).toEqual([]);
  });

  it("availableAt cannot be empty, and every spot type must reach some service", () => {
    const venue = venueWith((v) => {
      const rooms = v.services[1];
      if (rooms) rooms.availableAt = [];
    });
    expect(problems(venue)).toEqual(["services[1].availableAt: must not have fewer than 1 items"]);

    const unreachable = venueWith((v) => {
      const rooms = v.services[1];
      if (rooms) rooms.availableAt = ["TABLE"];
    });
    expect(problems(unreachable)).toEqual(["spots[3].type: no service is available at HOTEL_ROOM spots"]);
  });

  it("an item with memberPriceEnabled needs a member price", () => {
    const venue = venueWith((v) => {
      const item = v.services[0]?.categories[0]?.items[1];
      if (item) item.memberPriceEnabled = true;
    });
    expect(problems(venue)).toEqual([
      "services[0].categories[0].items[1].memberPriceEnabled: is true but the item has no membershipPriceCents",
    ]);
  });

  it("translations: GRE and ENG names are required for every entity", () => {
    const venue = venueWith((v) => {
      firstItem(v).names = { GRE: { name: "Φρέντο" } } as unknown as ReturnType<typeof names>;
    });
    expect(problems(venue)).toEqual(["services[0].categories[0].items[0].names.ENG: is required"]);
  });
});

describe("the floor plan of table openings: path-precise errors", () => {
  it("a spot whose section is not listed, an outlet naming no section, twice-used ids and names", () => {
    const venue = venueWith((v) => {
      v.sections = [{ name: "Terrace" }, { name: "Front row" }, { name: "Terrace" }];
      v.cardTerminals = [
        { id: 1, name: "POS" },
        { id: 1, name: "POS 2" },
      ];
      v.outlets = [{ id: 7, names: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } }, sections: ["Terrace", "Roof"] }];
    });
    expect(problems(venue)).toEqual(
      expect.arrayContaining([
        'sections[2].name: section "Terrace" is listed twice',
        'spots[2].section: must name one of the sections listed in "sections" (got "")',
        'outlets[0].sections[1]: no spot or section is named "Roof"',
        "cardTerminals[1].id: id 1 is used twice",
      ]),
    );
  });

  it("a minimum consumption must be at least a cent, and nothing else may be in it", () => {
    const venue = venueWith((v) => {
      const spot = v.spots[0];
      if (spot) spot.minimumConsumption = { cents: 0, chargeMissing: true };
    });
    expect(problems(venue)).toEqual(["spots[0].minimumConsumption.cents: must be >= 1"]);
  });

  it("the demo-like floor plan is accepted", () => {
    const venue = venueWith((v) => {
      v.store.waitersMayTreatAndCancel = true;
      v.cardTerminals = [{ id: 1, name: "POS" }];
      v.outlets = [{ id: 7, names: { GRE: { name: "Μπαρ" }, ENG: { name: "Bar" } }, sections: ["Terrace"] }];
      const spot = v.spots[0];
      if (spot) spot.minimumConsumption = { cents: 1500 };
    });
    expect(problems(venue)).toEqual([]);
  });
});

describe("venue file validation: rentable items (spec §5 V22)", () => {
  it("accepts an item rented per day with its longest span", () => {
    const venue = venueWith((v) => {
      firstItem(v).rental = { unit: "day", maxUnits: 7 };
    });
    expect(problems(venue)).toEqual([]);
  });

  it("a unit other than day or hour and a maxUnits under 1 are named by their paths", () => {
    const venue = venueWith((v) => {
      Object.assign(firstItem(v), { rental: { unit: "week", maxUnits: 0 } });
    });
    const found = problems(venue);
    expect(found.some((issue) => issue.startsWith("services[0].categories[0].items[0].rental.unit: "))).toBe(true);
    expect(found).toContain("services[0].categories[0].items[0].rental.maxUnits: must be >= 1");
  });

  it("a rental sold by weight or as a free request is refused at its rental path", () => {
    const venue = venueWith((v) => {
      Object.assign(firstItem(v), { rental: { unit: "hour", maxUnits: 8 }, perKg: true, request: true });
    });
    expect(problems(venue)).toEqual([
      "services[0].categories[0].items[0].rental: a rental cannot be sold by weight (perKg)",
      "services[0].categories[0].items[0].rental: a rental cannot be a free request",
    ]);
  });
});
