import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-support/test-app";
import { setUpTestDatabase } from "../test-support/test-database";

const ctx = setUpTestDatabase();
const server = setUpTestApp(() => ctx.db);

describe("OpenAPI document generated from the route schemas (brief §4)", () => {
  it("GET /api/docs/json is an OpenAPI 3.1 document listing every API route", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/api/demo/links",
      "/api/health",
      "/api/info/contact",
      "/api/services/{serviceId}/menu",
      "/api/tables/{tableId}",
      "/api/utils/date",
    ]);
  });

  it("documents parameters, bodies and responses from the TypeBox schemas, errors included", async () => {
    const doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const table = doc.paths["/api/tables/{tableId}"].get;
    expect(table.parameters).toEqual([
      expect.objectContaining({
        name: "tableId",
        in: "path",
        required: true,
        schema: expect.objectContaining({ type: "integer", minimum: 1 }),
      }),
    ]);
    expect(Object.keys(table.responses).sort()).toEqual(["200", "400", "404"]);
    expect(table.responses["200"].content["application/json"].schema.properties.spot.properties.type.enum).toContain(
      "UMBRELLA_AT_HOTEL",
    );
    const menu = doc.paths["/api/services/{serviceId}/menu"].get;
    expect(Object.keys(menu.responses).sort()).toEqual(["200", "304", "400", "404"]);
    const contact = doc.paths["/api/info/contact"].post;
    expect(contact.requestBody.content["application/json"].schema.required).toEqual(["name", "email", "message"]);
    expect(JSON.stringify(doc)).not.toContain("~kind");
  });
});
