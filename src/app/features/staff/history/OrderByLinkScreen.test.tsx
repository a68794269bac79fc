import "fake-indexeddb/auto";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../../session/session";
import { renderWithI18n } from "../../../test-support/render";
import { OrderByLinkScreen } from "./OrderByLinkScreen";
import { json, staffOrder } from "./test-staff-orders";

const SLOW = { timeout: 5000 };
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzMSJ9.c2lnbmF0dXJl";

function stubApi(answer: () => Response): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      requests.push(request);
      return answer();
    }),
  );
  return requests;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearSession();
});

describe("view-order-details (spec §2): an order by its link, no sign-in", () => {
  it("a valid link shows the order read-only; the token travels in a header, never in the API's URL", async () => {
    const requests = stubApi(() => json(200, staffOrder({ status: "ACCEPTED", errorMessage: null })));
    renderWithI18n(<OrderByLinkScreen orderId={31} storeId={7} token={TOKEN} />);

    expect(await screen.findByRole("heading", { name: "Order #14 · Ammoudia (el)" }, SLOW)).toBeTruthy();
    expect(screen.getByText(/2 × Freddo espresso \(el\)/)).toBeTruthy();
    expect(screen.getByText("“Extra cold”")).toBeTruthy();
    expect(screen.getByText(/by Nikos$/)).toBeTruthy();
    // Read-only: nothing to accept, reject or settle here.
    expect(screen.queryByRole("button")).toBeNull();

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(`${window.location.origin}/api/order-details/7/31`);
    expect(request?.url).not.toContain(TOKEN);
    expect(request?.headers.get("order-link-token")).toBe(TOKEN);
    expect(request?.headers.get("jwt")).toBeNull();
    expect(request?.referrerPolicy).toBe("no-referrer");
  });

  it("a refused link (wrong, expired, tampered, another order's) shows the one refusal and nothing of any order", async () => {
    stubApi(() => json(404, { code: "INVALID_ORDER_LINK", message: "This order link is not valid or has expired" }));
    renderWithI18n(<OrderByLinkScreen orderId={31} storeId={7} token={`${TOKEN}x`} />);

    const heading = await screen.findByRole("heading", { name: "This link does not open an order" }, SLOW);
    const card = heading.closest(".empty-state") as HTMLElement;
    expect(
      within(card).getByText("This order link is not valid or has expired; ask the store for a new one"),
    ).toBeTruthy();
    expect(screen.queryByText(/Freddo/)).toBeNull();
  });

  it("no answer at all is not a refusal: it says so and offers to try again", async () => {
    stubApi(() => {
      throw new TypeError("Failed to fetch");
    });
    renderWithI18n(<OrderByLinkScreen orderId={31} storeId={7} token={TOKEN} />);
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.textContent).toContain("The order could not be loaded.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
