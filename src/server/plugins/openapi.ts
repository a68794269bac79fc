/**
 * The OpenAPI 3.1 document, generated from the routes' TypeBox schemas (never written by hand),
 * served at GET /api/docs/json. Register before the routes: it collects them as they are added.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fastifySwagger from "@fastify/swagger";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { PROJECT_ROOT } from "../paths";

export const OPENAPI_PATH = "/api/docs/json";

function projectVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8"));
  const version =
    typeof manifest === "object" && manifest !== null && "version" in manifest ? manifest.version : undefined;
  return typeof version === "string" ? version : "0.0.0";
}

const openApiPlugin: FastifyPluginAsync = async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Venue ordering API",
        description:
          "Guests order from a table, room, umbrella, beach chair or delivery link. Errors are `{ code, message }`; money is integer cents; times of day are HH:MM in Europe/Athens.",
        version: projectVersion(),
      },
      tags: [
        { name: "guest", description: "What a guest's phone reads and sends" },
        { name: "system", description: "Health and time" },
        {
          name: "accounts",
          description:
            "Guest sign-in by phone and code, sessions (authToken and jwt headers), profile, saved cards, membership",
        },
        {
          name: "staff",
          description:
            "Staff sign-in by PIN or login token, temporary visitors, login tokens, order decisions; table openings (open tables and rooms, pay, treat, cancel, close, transfer, reopen: each with an Idempotency-Key header and the version seen), receipts numbered per store per day, the day summary; live openings on the STOMP topic /topic/stores/{storeId}/openings",
        },
        {
          name: "kitchen",
          description:
            "Preparation stations (bar, kitchen) and the tickets accepted orders are split into: ready, recall, picked up, reprint (each with an Idempotency-Key header), the tickets ready to carry, the printers' state; live on the STOMP topic /topic/stores/{storeId}/tickets",
        },
        {
          name: "bill",
          description:
            "The guest's bill of the spot: read it, pay it (everything, lines, an equal share or an amount, with a tip; by card, authorized and captured only if the payment wins the table; Idempotency-Key header), the receipt by e-mail, call the waiter; live on the STOMP topic /topic/tables/{tableId}/bill. Staff: the guests' calls, live on /topic/stores/{storeId}/calls",
        },
        {
          name: "admin",
          description:
            "The admin service under /admin-api (spec §7): a store's admin accounts and PIN-guessing alerts, its staff, issuing and revoking waiters' login tokens; only for admins of those stores",
        },
        {
          name: "orders",
          description:
            "Checkout, exactly-once placement (Idempotency-Key header), order status for polling, history, reviews, sandbox card payments, log calls; live status over STOMP at GET /api/stomp (WebSocket)",
        },
        { name: "dev", description: "Only with DEV_OUTBOX_API=on or DEV_CLOCK_API=on: the outbox, the server's clock" },
      ],
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) => {
    reply.header("cache-control", "no-cache").send(app.swagger());
  });
};

export const openApi = fp(openApiPlugin, { name: "openapi" });
