/** How a spot is named to the guest: "Ομπρέλα 12", "Room 204", "Table 5". */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SpotDto } from "../../domain/api";
import type { SpotType } from "../../domain/spots";

const SPOT_KIND_NAME: Record<SpotType, MessageDescriptor> = {
  TABLE: msg`Table`,
  TABLE_AT_HOTEL: msg`Table`,
  BEACH_CHAIR: msg`Sunbed`,
  UMBRELLA_AT_HOTEL: msg`Umbrella`,
  HOTEL_ROOM: msg`Room`,
  DELIVERY: msg`Delivery`,
  DELIVERY_TABLE: msg`Delivery`,
};

export function spotKindName(spot: Pick<SpotDto, "type">): MessageDescriptor {
  return SPOT_KIND_NAME[spot.type];
}

/** The spot's own name, unless it only repeats the kind ("12" → "Umbrella 12"). */
export function needsKindPrefix(spot: Pick<SpotDto, "name">): boolean {
  return /^[0-9A-Za-z-]{1,8}$/.test(spot.name.trim());
}
