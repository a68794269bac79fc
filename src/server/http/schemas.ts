/** Request-side schemas shared by several routes. */
import { Type } from "typebox";

/** Ids are positive 32-bit integers (the venue file's range); anything else is a 400, not a 404. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
