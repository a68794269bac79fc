import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test-support/test-app";
import { setUpTestDatabase } from "../../test-support/test-database";

describe("PUT /api/dev/clock (DEV_CLOCK_API: end-to-end tests order inside a service's hours)", () => {
  const test = setUpTestDatabase();
  const withClock = () => buildTestApp(test.db, { devClockApi: true });
  const apps: ReturnType<typeof buildTestApp>[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it("moves the server's clock, which GET /api/utils/date then reports, and keeps it running", async () => {
    const app = withClock();
    apps.push(app);
    const set = await app.inject({ method: "PUT", url: "/api/dev/clock", payload: { date: "2026-07-15T09:00:00Z" } });
    expect(set.statusCode).toBe(200);
    const { date } = (await app.inject({ url: "/api/utils/date" })).json<{ date: string }>();
    const drift = new Date(date).getTime() - Date.parse("2026-07-15T09:00:00Z");
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(5_000);
  });

  it("refuses a date that is not an instant and changes nothing", async () => {
    const app = withClock();
    apps.push(app);
    const answer = await app.inject({ method: "PUT", url: "/api/dev/clock", payload: { date: "tomorrow" } });
    expect(answer.statusCode).toBe(400);
    const { date } = (await app.inject({ url: "/api/utils/date" })).json<{ date: string }>();
    expect(Math.abs(new Date(date).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("does not exist unless DEV_CLOCK_API=on", async () => {
    const app = buildTestApp(test.db);
    apps.push(app);
    const answer = await app.inject({
      method: "PUT",
      url: "/api/dev/clock",
      payload: { date: "2026-07-15T09:00:00Z" },
    });
    expect(answer.statusCode).toBe(404);
  });
});
