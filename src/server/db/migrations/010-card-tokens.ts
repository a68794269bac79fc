/**
 * Migration 010: card_tokens binds a provider card token (kept only as its
 * SHA-256) to the account that first used or saved it, and keeps a tombstone of deleted cards.
 * Tokens already saved or paid with are bound to their accounts here, so an upgrade does not
 * leave them free for anyone.
 */
import { createHash } from "node:crypto";
import type { Kysely, Migration } from "kysely";

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

export function cardTokensSchema(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("card_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.references("users.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("retired_at", "text")
        .execute();
      await db.schema.createIndex("card_tokens_user").on("card_tokens").column("user_id").execute();

      const saved: { provider_token: string; user_id: number; created_at: string }[] = await db
        .selectFrom("saved_cards")
        .select(["provider_token", "user_id", "created_at"])
        .orderBy("id")
        .execute();
      const paid: { provider_token: string; user_id: number; created_at: string }[] = await db
        .selectFrom("payments")
        .innerJoin("orders", "orders.id", "payments.order_id")
        .select(["payments.card_token as provider_token", "orders.user_id as user_id", "payments.created_at"])
        .orderBy("payments.id")
        .execute();
      const seen = new Set<string>();
      for (const row of [...saved, ...paid]) {
        const token_hash = hashOf(row.provider_token);
        if (seen.has(token_hash)) continue;
        seen.add(token_hash);
        await db
          .insertInto("card_tokens")
          .values({ token_hash, user_id: row.user_id, created_at: row.created_at, retired_at: null })
          .execute();
      }
    },
  };
}
