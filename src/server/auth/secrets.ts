/**
 * The keys of sign-in, derived from one master secret with HKDF so each use has its own key:
 * - the HS256 key of jwts;
 * - the HMAC key of one-time codes (a leaked codes table cannot be brute-forced offline without it);
 * - the HS256 key of order-details links (orders/order-links.ts): a key of its own, so a link's
 *   token can never pass as a session jwt, nor a jwt as a link;
 * - the HS256 key of newsletter opt-out links (./newsletter-links.ts), for the same reason.
 * The master secret is JWT_SECRET when set. Without it, the first start generates 256 random bits
 * and stores them in the database (server_secrets), so restarts keep sessions and every API process
 * on one PostgreSQL signs alike. Anyone who can read the database can then forge jwts; a jwt is
 * still worthless without its authToken, which the database holds only hashed. Production should
 * set JWT_SECRET anyway, and keep it out of database dumps.
 */
import { hkdf, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { findOrStoreSecret } from "../db/repositories/server-secrets.repository";
import type { Database } from "../db/schema";

export interface AuthKeys {
  jwt: Uint8Array;
  codes: Uint8Array;
  orderLinks: Uint8Array;
  newsletterLinks: Uint8Array;
}

const STORED_SECRET_NAME = "auth-master";

export class KeyRing {
  #keys: Promise<AuthKeys> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    /** JWT_SECRET, or null to use (and on first start create) the stored secret. */
    private readonly configuredSecret: string | null,
  ) {}

  /** Loaded once; a failed load (database down) is retried on the next call. */
  keys(): Promise<AuthKeys> {
    this.#keys ??= this.load().catch((error: unknown) => {
      this.#keys = undefined;
      throw error;
    });
    return this.#keys;
  }

  private async load(): Promise<AuthKeys> {
    const master =
      this.configuredSecret !== null
        ? Buffer.from(this.configuredSecret, "utf8")
        : Buffer.from(
            await findOrStoreSecret(
              this.db,
              STORED_SECRET_NAME,
              randomBytes(32).toString("base64url"),
              new Date().toISOString(),
            ),
            "base64url",
          );
    const [jwt, codes, orderLinks, newsletterLinks] = await Promise.all([
      derive(master, "jwt-hs256"),
      derive(master, "verification-codes"),
      derive(master, "order-details-links-hs256"),
      derive(master, "newsletter-opt-out-links-hs256"),
    ]);
    return { jwt, codes, orderLinks, newsletterLinks };
  }
}

function derive(master: Buffer, purpose: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    hkdf("sha256", master, "venue-ordering", purpose, 32, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });
}
