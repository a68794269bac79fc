import type { IsoInstant } from "../columns";

/**
 * Secrets the server generates for itself on first start when none is configured (the signing
 * key of jwts when JWT_SECRET is unset), so a restart, or another API process on the same
 * PostgreSQL, uses the same one.
 */
export interface ServerSecretsTable {
  name: string;
  /** base64url */
  value: string;
  created_at: IsoInstant;
}
