import { describe, expect, it } from "vitest";
import { buildTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";
import { INTERNAL_ERROR_MESSAGE } from "./error-handling";

const ctx = setUpTestDatabase();

describe("errors are JSON { code, message } everywhere (design: API conventions)", () => {
  it("an unknown /api path → 404 JSON { code: NOT_FOUND }", async () => {
    const app = buildTestApp(ctx.db);
    try {
      for (const [method, url] of [
        ["GET", "/api/nope"],
        ["POST", "/api/no-such-call"],
        ["GET", "/api"],
      ] as const) {
        const response = await app.inject({ method, url, headers: { accept: "text/html" } });
        expect(response.statusCode).toBe(404);
        expect(response.headers["content-type"]).toMatch(/^application\/json/);
        expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
      }
    } finally {
      await app.close();
    }
  });

  it("a 5xx answers INTERNAL_ERROR with a generic message and never leaks internals", async () => {
    const app = buildTestApp(ctx.db);
    app.get("/api/boom", async () => {
      throw new Error("connection to db://admin:hunter2@10.0.0.5 failed");
    });
    try {
      const response = await app.inject({ method: "GET", url: "/api/boom" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: "INTERNAL_ERROR", message: INTERNAL_ERROR_MESSAGE });
      expect(response.body).not.toContain("hunter2");
    } finally {
      await app.close();
    }
  });

  it("a wrong content type is a client error with the same body shape", async () => {
    const app = buildTestApp(ctx.db);
    try {
      const response = await app.inject({
        method: "POST",
        url: "/api/info/contact",
        headers: { "content-type": "text/csv" },
        payload: "a,b",
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    } finally {
      await app.close();
    }
  });

  it("every response carries nosniff, Referrer-Policy and its request id; a sane X-Request-Id is kept", async () => {
    const app = buildTestApp(ctx.db);
    try {
      const response = await app.inject({
        method: "GET",
        url: "/api/nope",
        headers: { "x-request-id": "guest-report-42" },
      });
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-request-id"]).toBe("guest-report-42");
      const generated = await app.inject({
        method: "GET",
        url: "/api/utils/date",
        headers: { "x-request-id": "bad id\nwith newline" },
      });
      expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });
});
