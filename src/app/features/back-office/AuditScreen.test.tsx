import "fake-indexeddb/auto";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "../../../domain/staff-admin-api";
import { clearSession, storeSession } from "../../session/session";
import { testSession } from "../../session/test-session";
import { renderWithI18n } from "../../test-support/render";
import { BackOfficeAuditScreen } from "./BackOfficeScreens";

vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

const SLOW = { timeout: 5000 };
const adminSession = testSession({ user: { ...testSession().user, name: "Maria", role: "ADMIN", storeId: 7 } });

const entry = (id: number, after: number): AuditEntry => ({
  id,
  at: "2026-07-01T09:30:00.000Z",
  actor: { userId: 7903, name: "Maria" },
  action: "item.edit",
  subject: { kind: "item", id: 70101, label: "Freddo espresso" },
  before: { priceCents: 400 },
  after: { priceCents: after },
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(async () => {
  await storeSession(adminSession);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("back office: who changed what and when (the audit list)", () => {
  it("lists the changes newest first with who, what, before and after; 'Older changes' reads the next page", async () => {
    const asked: URL[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        asked.push(url);
        if (url.pathname !== "/api/staff/stores/7/audit") return json(404, { code: "NOT_FOUND", message: "" });
        return url.searchParams.get("before") === null
          ? json(200, { entries: [entry(12, 430)], next: 12 })
          : json(200, { entries: [entry(11, 420)], next: null });
      }),
    );
    renderWithI18n(<BackOfficeAuditScreen />);
    const list = await screen.findByRole("list", {}, SLOW);
    const first = within(list).getAllByRole("listitem")[0] as HTMLElement;
    expect(first.textContent).toMatch(/Maria — item\.edit — Freddo espresso/);
    expect(within(first).getByText('{"priceCents":400}')).toBeTruthy();
    expect(within(first).getByText('{"priceCents":430}')).toBeTruthy();
    expect(asked[0]?.searchParams.get("before")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Older changes" }));
    expect(await screen.findByText('{"priceCents":420}', {}, SLOW)).toBeTruthy();
    expect(asked[1]?.searchParams.get("before")).toBe("12");
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Older changes" })).toBeNull();
  });
});
