import type { IncomingMessage } from "node:http";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { RequestLogger, redactUrl, requestId } from "./logging";
import { buildTestApp, setUpTestApp } from "./test-support/test-app";
import { setUpTestDatabase } from "./test-support/test-database";

describe("logs never hold secrets from URLs (spec §7: tokens in log-call queries and staff links)", () => {
  it("redacts token-like query values and keeps the rest", () => {
    expect(redactUrl("/api/log/close-table-confirmed?tableOpeningId=5&authToken=abc123")).toBe(
      "/api/log/close-table-confirmed?tableOpeningId=5&authToken=%5Bredacted%5D",
    );
    expect(redactUrl("/api/authenticate/login/pin?pin=2580&storeId=7")).toBe(
      "/api/authenticate/login/pin?pin=%5Bredacted%5D&storeId=7",
    );
    expect(redactUrl("/api/tables/12")).toBe("/api/tables/12");
  });

  it("a value under any key it does not know is redacted too (a card number put in a query)", () => {
    expect(redactUrl("/api/payments/sandbox/cards?number=4242424242424242&storeId=7")).toBe(
      "/api/payments/sandbox/cards?number=%5Bredacted%5D&storeId=7",
    );
  });

  it("redacts the token segment of /view-order-details/:orderId/:restaurantId/:token", () => {
    expect(redactUrl("/view-order-details/91/7/s3cr3t")).toBe("/view-order-details/91/7/[redacted]");
  });
});

describe("request logs stay whole while they cost less", () => {
  function capture(level: string) {
    const lines: Record<string, unknown>[] = [];
    // The application's pino, as Fastify makes it.
    const parent = Fastify({
      logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    }).log;
    return { lines, parent };
  }

  it("a request's lines carry its id and obey the level, though its pino child is made only when it writes", () => {
    const { lines, parent } = capture("info");
    const log = new RequestLogger(parent, { reqId: "guest-report-7" }, {});
    expect(log.level).toBe("info");
    log.debug({ hidden: true }, "not at info");
    log.info({ statusCode: 201 }, "request completed");
    log.error(new Error("boom"));
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ["guest-report-7", "request completed"],
      ["guest-report-7", "boom"],
    ]);
    expect(lines[0]?.statusCode).toBe(201);
    expect(log.child({ orderId: 5 }).level).toBe("info");
  });

  it("a route's own log level (Fastify's child options) applies before and after the child exists", () => {
    const { lines, parent } = capture("info");
    const log = new RequestLogger(parent, { reqId: "r1" }, { level: "warn" });
    expect(log.level).toBe("warn");
    log.info("dropped");
    log.warn("kept");
    expect(lines.map((line) => line.msg)).toEqual(["kept"]);
    log.level = "debug";
    log.debug("now kept");
    expect(lines.map((line) => line.msg)).toEqual(["kept", "now kept"]);
  });

  it("generated request ids are unique and UUID-shaped; a caller's sane id is kept", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => requestId({ headers: {} } as IncomingMessage)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(requestId({ headers: { "x-request-id": "pda-7:42" } } as unknown as IncomingMessage)).toBe("pda-7:42");
  });
});

describe("one access line per request that changes something or fails, with its request id", () => {
  const ctx = setUpTestDatabase();
  const lines: Record<string, unknown>[] = [];
  const server = setUpTestApp(() => ctx.db, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });

  it("each request writes exactly one 'request completed' line, under its own id", async () => {
    lines.length = 0;
    await server.app.inject({ method: "GET", url: "/api/utils/date", headers: { "x-request-id": "read-1" } });
    await server.app.inject({ method: "GET", url: "/api/nothing", headers: { "x-request-id": "miss-1" } });
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(completed.map((line) => [line.reqId, line.statusCode])).toEqual([
      ["read-1", 200],
      ["miss-1", 404],
    ]);
  });
});

describe("every error answer carries its request id, which finds its lines in the log (a guest's complaint)", () => {
  const ctx = setUpTestDatabase();

  it("400, 404, 415 and 500 answers: the X-Request-Id header is the reqId of the request's log lines", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = buildTestApp(ctx.db, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    app.get("/api/boom", async () => {
      throw new Error("the database went away");
    });
    try {
      const answers = [
        await app.inject({ method: "POST", url: "/api/info/contact", payload: { name: "" } }),
        await app.inject({ method: "GET", url: "/api/no-such-route" }),
        await app.inject({
          method: "POST",
          url: "/api/info/contact",
          headers: { "content-type": "text/csv" },
          payload: "a,b",
        }),
        await app.inject({ method: "GET", url: "/api/boom" }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 404, 415, 500]);
      for (const answer of answers) {
        const id = answer.headers["x-request-id"];
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        const logged = lines.filter((line) => line.reqId === id);
        expect(logged.find((line) => line.msg === "request completed")).toMatchObject({
          statusCode: answer.statusCode,
        });
      }
      const failed = lines.find((line) => line.msg === "request failed");
      expect(failed?.reqId).toBe(answers[3]?.headers["x-request-id"]);
    } finally {
      await app.close();
    }
  });
});
