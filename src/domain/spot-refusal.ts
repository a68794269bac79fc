/**
 * Which field of a spot's form a refusal of the server belongs beside: its message starts with the
 * path ("capacity: ...") or names it in the body ("body/capacity must be <= 1000"). Anything else
 * is shown above the form.
 */
export const SPOT_FIELDS = ["id", "name", "type", "capacity", "section"] as const;
export type SpotField = (typeof SPOT_FIELDS)[number];

export function fieldOfSpotRefusal(message: string): SpotField | null {
  const path = /^([A-Za-z]+)\s*:/.exec(message)?.[1] ?? /(?:^|\/)(?:body\/)?([A-Za-z]+)\b/.exec(message)?.[1] ?? "";
  return (SPOT_FIELDS as readonly string[]).includes(path) ? (path as SpotField) : null;
}
