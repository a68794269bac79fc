/**
 * A small but complete venue for tests: a beach bar with a bar service (tables, umbrellas, beach
 * chairs, delivery) and room service (rooms), items with radio and checkbox groups, a per-kg item,
 * stock, member prices and staff. Vary it with spreads, or shift every id with `idOffset` to make
 * a second store whose ids do not collide.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Translations } from "../../domain/languages";
import type { VenueFile } from "../venue/venue-file";

export const FIXTURE_IMAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "images");

export function names(english: string, greek = `${english} (el)`): Translations {
  return { GRE: { name: greek }, ENG: { name: english } };
}

export interface SampleVenueOptions {
  storeId?: number;
  /** added to every entity id (not the store id) */
  idOffset?: number;
}

export function sampleVenue({ storeId = 1, idOffset = 0 }: SampleVenueOptions = {}): VenueFile {
  const id = (n: number) => n + idOffset;
  return {
    store: {
      id: storeId,
      names: names(`Sample Beach ${storeId}`),
      isHotel: true,
      interactiveCatalogue: true,
      extraLanguages: ["ITA"],
      addButtonWording: "cart",
      contact: { email: `venue${storeId}@example.com`, phone: "+30 210 000 0000", address: "Beach road 1, Chalkidiki" },
    },
    services: [
      {
        id: id(10),
        slug: "beach-bar",
        names: names("Beach bar"),
        type: "BEACH_BAR",
        photo: "fixture/bar.svg",
        availableAt: ["TABLE", "UMBRELLA_AT_HOTEL", "BEACH_CHAIR", "DELIVERY"],
        hours: { startTime: "09:00", endTime: "02:00" },
        happyHour: { discountPercentage: 20, startTime: "18:00", endTime: "20:00" },
        membership: { enabled: true, infoShown: true, pricesVisible: true },
        maxItemsPerOrder: 20,
        deliveryDiscount: { discountPercentage: 10, minimumPriceForDeliveryDiscountCents: 2000 },
        minimumOrderCents: 500,
        categories: [
          {
            id: id(100),
            names: names("Coffee", "Καφές"),
            items: [
              {
                id: id(1000),
                names: { ...names("Freddo espresso", "Φρέντο εσπρέσο"), ITA: { name: "Freddo espresso" } },
                photo: "fixture/espresso.svg",
                priceCents: 350,
                membershipPriceCents: 0,
                groups: [
                  {
                    id: id(5000),
                    names: names("Sugar"),
                    type: "RADIO_BUTTON",
                    mandatory: true,
                    options: [
                      { id: id(50000), names: names("No sugar"), isSelected: true },
                      { id: id(50001), names: names("Medium") },
                      { id: id(50002), names: names("Sweet") },
                    ],
                  },
                  {
                    id: id(5001),
                    names: names("Extras"),
                    type: "CHECKBOX",
                    maximumSelected: 2,
                    priceAggregated: true,
                    options: [
                      { id: id(50010), names: names("Extra shot"), priceCents: 50 },
                      { id: id(50011), names: names("Oat milk"), priceCents: 40 },
                      { id: id(50012), names: names("Cinnamon") },
                    ],
                  },
                ],
              },
              { id: id(1001), names: names("Greek coffee"), priceCents: 250, stock: { amount: 12 } },
            ],
          },
          {
            id: id(101),
            names: names("Deals"),
            maxProductsPerCart: 2,
            items: [{ id: id(1002), names: names("Two beers"), priceCents: 900 }],
          },
          {
            id: id(102),
            names: names("Fish"),
            items: [{ id: id(1003), names: names("Sea bream"), priceCents: 6500, perKg: true, measurable: false }],
          },
        ],
      },
      {
        id: id(11),
        slug: "room-service",
        names: names("Room service"),
        type: "ROOM_SERVICE",
        availableAt: ["HOTEL_ROOM"],
        scheduledOrders: { enabled: true, hours: { startTime: "07:00", endTime: "11:00" } },
        roomServiceChargePercentage: 10,
        categories: [
          {
            id: id(103),
            names: names("Breakfast"),
            items: [
              { id: id(1004), names: names("Continental breakfast"), priceCents: 1500, membershipAdditionCents: 500 },
              { id: id(1005), names: names("Extra towels"), priceCents: 0, priceable: false, request: true },
            ],
          },
        ],
      },
    ],
    spots: [
      { id: id(200), name: "Table 1", type: "TABLE", capacity: 4, section: "Terrace" },
      { id: id(201), name: "Umbrella 12", type: "UMBRELLA_AT_HOTEL", capacity: 2, section: "Front row" },
      { id: id(202), name: "Chair 7", type: "BEACH_CHAIR" },
      { id: id(203), name: "Room 104", type: "HOTEL_ROOM", capacity: 3 },
      { id: id(204), name: "Delivery", type: "DELIVERY" },
      { id: id(205), name: "Bar PDA", type: "TABLE", isPda: true },
    ],
    staff: [
      { id: id(300), name: "Maria", role: "ADMIN", pin: "4821" },
      { id: id(301), name: "Nikos", role: "WAITER", pin: "1357" },
    ],
  };
}
