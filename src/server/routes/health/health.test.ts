import { describe, expect, it } from "vitest";
import { buildTestApp, setUpTestApp } from "../../test-support/test-app";
import { createTestDatabase, setUpTestDatabase } from "../../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

describe("GET /api/health (brief §3)", () => {
  it("200 { status: ok } while the database answers", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("503 { status: unavailable } when the database is gone", async () => {
    const lost = await createTestDatabase();
    const app = buildTestApp(lost.db);
    await lost.destroy();
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable" });
    } finally {
      await app.close();
    }
  });
});
