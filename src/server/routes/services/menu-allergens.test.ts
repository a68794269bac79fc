import { beforeAll, describe, expect, it } from "vitest";
import type { MenuResponse } from "../../../domain/api";
import { sampleVenue } from "../../test-fixtures/venue";
import { importFixture } from "../../test-support/seed";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

/** The sample venue with allergens on its first coffee and an empty declaration on the beer deal. */
function venueWithAllergens() {
  const venue = sampleVenue();
  const [coffee, deals] = venue.services[0]?.categories ?? [];
  const espresso = coffee?.items[0];
  const beers = deals?.items[0];
  if (!espresso || !beers) throw new Error("fixture changed: no espresso or beers");
  espresso.allergens = ["milk", "soybeans"];
  espresso.dietary = ["vegetarian", "gluten-free"];
  beers.allergens = [];
  return venue;
}

beforeAll(async () => {
  await importFixture(ctx.db, venueWithAllergens());
});

describe("allergens in the menu (Regulation (EU) 1169/2011: the venue file's declaration reaches the guest)", () => {
  it("an item's allergens and dietary tags are served as the venue file lists them, last among its fields", async () => {
    const menu: MenuResponse = (await server.app.inject({ method: "GET", url: "/api/services/10/menu" })).json();
    const espresso = menu.items.find((item) => item.id === 1000);
    expect(espresso?.allergens).toEqual(["milk", "soybeans"]);
    expect(espresso?.dietary).toEqual(["vegetarian", "gluten-free"]);
    expect(Object.keys(espresso ?? {}).slice(-3)).toEqual(["subselections", "allergens", "dietary"]);
  });

  it("an empty declaration (contains none) is served as []; an item without one has no allergens field (not stated)", async () => {
    const menu: MenuResponse = (await server.app.inject({ method: "GET", url: "/api/services/10/menu" })).json();
    const beers = menu.items.find((item) => item.id === 1002);
    expect(beers?.allergens).toEqual([]);
    expect(beers && "dietary" in beers).toBe(false);
    const bream = menu.items.find((item) => item.id === 1003);
    expect(bream && "allergens" in bream).toBe(false);
  });
});
