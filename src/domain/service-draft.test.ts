import { describe, expect, it } from "vitest";
import { centsToEuroText } from "./euro-amount";
import { fieldOfServiceRefusal, readServiceDraft, serviceDraftOf } from "./service-draft";
import type { EditableService } from "./staff-catalogue-api";

const beachBar: EditableService = {
  serviceId: 7001,
  version: 4,
  names: { GRE: { name: "Μπαρ", details: "Καφές και σνακ" }, ENG: { name: "Beach bar" }, ITA: { name: "Bar" } },
  hours: { startTime: "09:00", endTime: "20:00" },
  scheduledOrders: { enabled: true, hours: { startTime: "08:00", endTime: "19:00" } },
  maxItemsPerOrder: 0,
  minimumOrderCents: 0,
  happyHour: { discountPercentage: 30, startTime: "17:00", endTime: "19:00" },
  deliveryDiscount: null,
  delayedResponse: false,
  hidePhotosOfItems: false,
};
const euros = (cents: number) => centsToEuroText(cents, ",");
const opened = serviceDraftOf(beachBar, euros);

describe("readServiceDraft: the edit an admin's service form makes", () => {
  it("an untouched form changes nothing: only the version", () => {
    expect(readServiceDraft(beachBar, opened)).toEqual({ ok: true, edit: { version: 4 }, changed: false });
  });

  it("spec §5 minimum order value and maxItemsPerOrder: euros read as cents, a whole number of items; only those fields sent", () => {
    const reading = readServiceDraft(beachBar, { ...opened, minimumOrder: "12,50", maxItemsPerOrder: "8" });
    expect(reading).toEqual({
      ok: true,
      edit: { version: 4, minimumOrderCents: 1250, maxItemsPerOrder: 8 },
      changed: true,
    });
  });

  it("empty minimum order and item limit are none (0)", () => {
    const limited = { ...beachBar, minimumOrderCents: 1000, maxItemsPerOrder: 5 };
    const draft = serviceDraftOf(limited, euros);
    expect(draft).toMatchObject({ minimumOrder: "10,00", maxItemsPerOrder: "5" });
    expect(readServiceDraft(limited, { ...draft, minimumOrder: " ", maxItemsPerOrder: "" })).toMatchObject({
      edit: { version: 4, minimumOrderCents: 0, maxItemsPerOrder: 0 },
    });
  });

  it("open 24 hours is null hours; no happy hour is null; a new delivery discount is sent whole", () => {
    const reading = readServiceDraft(beachBar, {
      ...opened,
      openAllDay: true,
      happyHour: false,
      deliveryDiscount: true,
      deliveryDiscountPercentage: "10",
      deliveryDiscountFrom: "20",
    });
    expect(reading).toEqual({
      ok: true,
      edit: {
        version: 4,
        hours: null,
        happyHour: null,
        deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2000 },
      },
      changed: true,
    });
  });

  it("scheduled orders turned off keep their window (stored disabled); off with no window is none", () => {
    expect(readServiceDraft(beachBar, { ...opened, scheduledOrders: false })).toMatchObject({
      edit: { scheduledOrders: { enabled: false, hours: { startTime: "08:00", endTime: "19:00" } } },
    });
    expect(
      readServiceDraft(beachBar, { ...opened, scheduledOrders: false, scheduledHours: { from: "", to: "" } }),
    ).toMatchObject({ edit: { scheduledOrders: null } });
  });

  it("a changed name keeps its details; an emptied optional language is dropped; switches are sent when flipped", () => {
    const reading = readServiceDraft(beachBar, {
      ...opened,
      names: { ...opened.names, GRE: "Μπαρ παραλίας", ITA: "" },
      delayedResponse: true,
      hidePhotosOfItems: true,
    });
    expect(reading).toEqual({
      ok: true,
      edit: {
        version: 4,
        names: { GRE: { name: "Μπαρ παραλίας", details: "Καφές και σνακ" }, ENG: { name: "Beach bar" } },
        delayedResponse: true,
        hidePhotosOfItems: true,
      },
      changed: true,
    });
  });

  it("the same settings read in another key order are no change", () => {
    const reordered = {
      ...beachBar,
      happyHour: { endTime: "19:00", startTime: "17:00", discountPercentage: 30 },
      hours: { endTime: "20:00", startTime: "09:00" },
    };
    expect(readServiceDraft(reordered, opened)).toMatchObject({ changed: false });
  });

  it("refuses per field: missing Greek/English name, hours without a time, an empty window, a percentage out of 1..100, a negative minimum, an item limit past 1000, a discount without its amount", () => {
    const reading = readServiceDraft(beachBar, {
      ...opened,
      names: { GRE: " ", ENG: "" },
      hours: { from: "09:00", to: "" },
      scheduledHours: { from: "10:00", to: "10:00" },
      happyHourPercentage: "0",
      minimumOrder: "-5",
      maxItemsPerOrder: "1001",
      deliveryDiscount: true,
      deliveryDiscountPercentage: "101",
      deliveryDiscountFrom: "",
    });
    expect(reading).toEqual({
      ok: false,
      errors: {
        "name.GRE": "name-required",
        "name.ENG": "name-required",
        hours: "time-required",
        scheduledHours: "empty-window",
        happyHourPercentage: "not-a-percentage",
        minimumOrder: "negative",
        maxItemsPerOrder: "not-an-item-limit",
        deliveryDiscountPercentage: "not-a-percentage",
        deliveryDiscountFrom: "empty",
      },
    });
  });

  it("a window past midnight is a window (as in a venue file)", () => {
    expect(readServiceDraft(beachBar, { ...opened, hours: { from: "18:00", to: "02:00" } })).toMatchObject({
      ok: true,
      edit: { hours: { startTime: "18:00", endTime: "02:00" } },
    });
  });
});

describe("fieldOfServiceRefusal: the field a server's path-precise refusal names", () => {
  it.each([
    ["happyHour.discountPercentage: must be <= 100", "happyHourPercentage"],
    ["happyHour: 18:00-19:00 is not within the service hours 09:00-17:00", "happyHourHours"],
    ["hours: startTime and endTime are both 10:00; leave hours out", "hours"],
    ["hours.startTime: must match pattern", "hours"],
    ["scheduledOrders.hours: startTime and endTime are both 10:00", "scheduledHours"],
    ["minimumOrderCents: must be >= 0", "minimumOrder"],
    ["maxItemsPerOrder: must be <= 1000", "maxItemsPerOrder"],
    ["deliveryDiscount.minimumPriceForDeliveryDiscountCents: must be >= 0", "deliveryDiscountFrom"],
    ["deliveryDiscount.discountPercentage: must be >= 1", "deliveryDiscountPercentage"],
    ["names.ENG.name: must not be empty", "name.ENG"],
    ["names: must have property ENG", "name.GRE"],
    ["colour: unknown property", null],
    ["something else", null],
  ])("%j → %s", (message, field) => {
    expect(fieldOfServiceRefusal(message)).toBe(field);
  });
});
