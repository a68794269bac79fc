/**
 * What kind of service a venue file's free `type` label names (spec §3 Service "type"), so the
 * guest's services page can show an icon and a word for it. The labels the venue files use are
 * known; any other label is a service of no particular kind (no icon, no word), never an error.
 */
export const SERVICE_KINDS = ["BEACH_BAR", "BAR", "CAFE", "RESTAURANT", "ROOM_SERVICE", "DELIVERY"] as const;

export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** The kind of a service type label (case and spaces or dashes ignored); null for other labels. */
export function serviceKindOf(type: string): ServiceKind | null {
  const label = type
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
  return (SERVICE_KINDS as readonly string[]).includes(label) ? (label as ServiceKind) : null;
}
