/** How a spot is named to the guest: "Ομπρέλα 12", "Room 204", "Table 5". */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SpotDto } from "../../domain/api";
import { pickTranslation, type UiLanguage } from "../../domain/languages";
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

/** A bare number or code ("12", "B4") needs its kind in front ("Umbrella 12"); a word ("Delivery") does not. */
export function needsKindPrefix(name: string): boolean {
  return /^(?=.*[0-9])[0-9A-Za-z-]{1,8}$/.test(name.trim());
}

/**
 * The spot's name in the UI language (spec §4: with an extra language the UI is English, so the
 * label is too), with its kind in front when the name is a bare number.
 */
export function spotLabel(
  spot: Pick<SpotDto, "names" | "type">,
  ui: UiLanguage,
  translate: (d: MessageDescriptor) => string,
): string {
  const name = pickTranslation(spot.names, ui).name;
  return needsKindPrefix(name) ? `${translate(spotKindName(spot))} ${name}` : name;
}
