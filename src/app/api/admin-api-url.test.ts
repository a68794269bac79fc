import { describe, expect, it } from "vitest";
import { adminApiUrl } from "./admin-api-url";

describe("the admin service's base URL (VITE_ADMIN_API_URL; spec §7 'a separate admin service')", () => {
  it("defaults to this origin's /admin-api", () => {
    expect(adminApiUrl(undefined)).toBe(`${location.origin}/admin-api/`);
    expect(adminApiUrl("")).toBe(`${location.origin}/admin-api/`);
  });

  it("takes another host or path, as ky's prefix (trailing slash)", () => {
    expect(adminApiUrl("https://admin.kyma.example/v1")).toBe("https://admin.kyma.example/v1/");
    expect(adminApiUrl("/backoffice/")).toBe(`${location.origin}/backoffice/`);
  });
});
