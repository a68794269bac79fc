import Fastify from "fastify";
import Value from "typebox/value";
import { afterAll, describe, expect, it } from "vitest";
import { UtilsDateResponseSchema } from "../../../domain/api";
import { setUpTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";
import { utilsRoutes } from "./index";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

describe("GET /api/utils/date (spec §7: the date string the app uses as current time)", () => {
  it("answers the server's current instant as ISO 8601 UTC, never cached", async () => {
    const before = Date.now();
    const response = await server.app.inject({ method: "GET", url: "/api/utils/date" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(UtilsDateResponseSchema, body)).toBe(true);
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(body.date)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(body.date)).toBeLessThanOrEqual(Date.now() + 1);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  const fixed = Fastify();
  afterAll(() => fixed.close());
  it("uses the clock it is given", async () => {
    await fixed.register(utilsRoutes, { now: () => new Date("2026-08-31T09:00:00.000Z") });
    const response = await fixed.inject({ method: "GET", url: "/utils/date" });
    expect(response.json()).toEqual({ date: "2026-08-31T09:00:00.000Z" });
  });
});
