/** Request-side schemas shared by several routes. */
import { Type } from "typebox";
import { ErrorBodySchema } from "../../domain/api";
import { MAX_ID, SLUG_PATTERN } from "../../domain/ids";

/** Ids are positive 32-bit integers (the venue file's range); anything else is a 400, not a 404. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** A service's slug as in a guest link (/beach-bar/7201). */
export const SLUG_MAX_LENGTH = 100;
export const SlugSchema = Type.String({ pattern: SLUG_PATTERN, maxLength: SLUG_MAX_LENGTH });

/** The error answers a route documents: `errorResponses(400, 401)` → { 400: ErrorBody, 401: ErrorBody }. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<
    Status,
    typeof ErrorBodySchema
  >;
}

/**
 * The query string of a route that takes none: anything in it is a 400, so a `?userId=` can never
 * look as if it chose whose account a call acts on.
 */
export const NoQuerySchema = Type.Object({}, { additionalProperties: false });
