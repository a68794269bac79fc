/**
 * Shapes of a service's pause (rules in service-pause.ts). TypeBox schemas: the server validates
 * and serializes with them; the app imports only the types.
 *
 *   PUT /api/staff/stores/:storeId/services/:serviceId/pause     + Idempotency-Key
 *                                        ServicePauseRequest -> ServicePauseState (waiters and admins)
 *   DELETE /api/staff/stores/:storeId/services/:serviceId/pause  + Idempotency-Key
 *                                        (resume; no body)   -> ServicePauseState (waiters and admins)
 */
import { type Static, Type } from "typebox";
import { PAUSE_MINUTES_MAX, PAUSE_MINUTES_MIN, PAUSE_REASON_MAX } from "./service-pause";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** Text a person typed on one line: no control characters (a NUL breaks PostgreSQL text). */
const SINGLE_LINE = "^[^\\u0000-\\u001F\\u007F]*$";

export const ServicePauseRequestSchema = Type.Object(
  {
    minutes: Type.Union([Type.Integer({ minimum: PAUSE_MINUTES_MIN, maximum: PAUSE_MINUTES_MAX }), Type.Null()], {
      description: "How long from now (5 to 720 minutes); null: until someone resumes it",
    }),
    reason: Type.String({
      maxLength: PAUSE_REASON_MAX,
      pattern: SINGLE_LINE,
      description: "What guests read, as typed (may be empty)",
    }),
  },
  closed,
);
export type ServicePauseRequest = Static<typeof ServicePauseRequestSchema>;

export const ServicePauseSchema = Type.Object(
  {
    since: Type.String({ format: "date-time" }),
    until: Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description: "null: until resumed" }),
    reason: Type.String({ maxLength: PAUSE_REASON_MAX }),
  },
  closed,
);

export const ServicePauseStateSchema = Type.Object(
  { serviceId: Id, pause: Type.Union([ServicePauseSchema, Type.Null()], { description: "null: not paused" }) },
  closed,
);
export type ServicePauseState = Static<typeof ServicePauseStateSchema>;
