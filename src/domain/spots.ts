/** Spot (table) types of spec §3. */
export const SPOT_TYPES = [
  "TABLE",
  "TABLE_AT_HOTEL",
  "BEACH_CHAIR",
  "UMBRELLA_AT_HOTEL",
  "HOTEL_ROOM",
  "DELIVERY",
  "DELIVERY_TABLE",
] as const;

export type SpotType = (typeof SPOT_TYPES)[number];

/** How the ordering rules of spec §4 group the spot types. */
export type SpotKind = "table" | "room" | "delivery";

export function spotKind(type: SpotType): SpotKind {
  switch (type) {
    case "HOTEL_ROOM":
      return "room";
    case "DELIVERY":
    case "DELIVERY_TABLE":
      return "delivery";
    default:
      return "table";
  }
}
