/**
 * Parsers for path parameters. A malformed parameter is not an error of the app but an address
 * that does not exist, so each parser throws the router's notFound() and the not-found screen
 * shows instead of a crash or a request the server would refuse anyway.
 */
import { notFound } from "@tanstack/react-router";
import { SLUG_PATTERN } from "../../domain/ids";

const POSITIVE_ID = /^[1-9][0-9]{0,14}$/;
const SLUG = new RegExp(SLUG_PATTERN);
const TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;

/** Table, store, order and user ids: positive integers written without sign, zeros or spaces. */
export function parseId(raw: string): number {
  if (!POSITIVE_ID.test(raw)) throw notFound();
  return Number(raw);
}

/** Service slugs as the API defines them (ServiceSchema.slug). */
export function parseSlug(raw: string): string {
  if (!SLUG.test(raw)) throw notFound();
  return raw;
}

/** Opaque tokens in staff links (view-order-details). */
export function parseToken(raw: string): string {
  if (!TOKEN.test(raw)) throw notFound();
  return raw;
}

export const INFO_TYPES = [
  "contact-us",
  "terms-of-service",
  "privacy-policy",
  "rating-policy",
  "cookies-policy",
] as const;

export type InfoType = (typeof INFO_TYPES)[number];

export function parseInfoType(raw: string): InfoType {
  const type = INFO_TYPES.find((candidate) => candidate === raw);
  if (!type) throw notFound();
  return type;
}

/** The router parses `?flag=true` into a boolean already; a hand-written "true" is accepted too. */
export function parseFlag(value: unknown): boolean | undefined {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

/**
 * params.parse/stringify for routes whose parameters are all ids, e.g.
 * `params: idParams("storeId", "tableId")`.
 */
export function idParams<K extends string>(...names: K[]) {
  return {
    parse: (raw: Record<K, string>): Record<K, number> =>
      Object.fromEntries(names.map((name) => [name, parseId(raw[name])])) as Record<K, number>,
    stringify: (parsed: Record<K, number>): Record<K, string> =>
      Object.fromEntries(names.map((name) => [name, String(parsed[name])])) as Record<K, string>,
  };
}

/**
 * The active categories of the categories screen (`?category=[7101,7102]`): positive ids only, each
 * once; anything else is dropped, and nothing left means "All".
 */
export function parseCategoryIds(value: unknown): number[] {
  const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [value];
  const ids = raw.map((entry) => (typeof entry === "string" && entry.trim() !== "" ? Number(entry) : entry));
  return ids.filter(
    (id, index): id is number =>
      typeof id === "number" && Number.isSafeInteger(id) && id > 0 && ids.indexOf(id) === index,
  );
}
