/** buildApp with test settings: no logs, no static files unless asked, a given database. */
import type { Kysely } from "kysely";
import { afterAll } from "vitest";
import { type App, buildApp } from "../app";
import type { Database } from "../db/schema";
import type { MenuCacheOptions } from "../menu/menu-cache";

export interface TestAppOptions {
  staticDir?: string;
  contactEmail?: string;
  menuCache?: MenuCacheOptions;
  demoVenues?: boolean;
}

export const TEST_CONTACT_EMAIL = "team@example.com";

export function buildTestApp(db: Kysely<Database>, options: TestAppOptions = {}): App {
  return buildApp({
    db,
    config: {
      staticDir: options.staticDir ?? "/nonexistent/static-dir",
      contactEmail: options.contactEmail ?? TEST_CONTACT_EMAIL,
      logLevel: "silent",
      trustProxy: false,
      demoVenues: options.demoVenues ?? true,
    },
    logger: false,
    menuCache: options.menuCache,
  });
}

/** One app for a whole test file, closed after it. */
export function setUpTestApp(db: () => Kysely<Database>, options?: TestAppOptions): { readonly app: App } {
  let app: App | undefined;
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      app ??= buildTestApp(db(), options);
      return app;
    },
  };
}
