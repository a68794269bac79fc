import "fake-indexeddb/auto";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { item, names } from "../../../domain/test-support";
import { appDb } from "../../db/app-db";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import { ItemModalProvider } from "./ItemModalProvider";
import { useItemModal } from "./item-modal-context";

const freddo = item(101, { names: names("Freddo espresso"), priceCents: 300 });

function OpenButton() {
  const { openItem } = useItemModal();
  return (
    <button type="button" onClick={() => openItem(freddo)}>
      open
    </button>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await appDb().pendingLogs.clear();
});

describe("opening an item logs enter-{product}-clicked (spec §7 log calls, audit L19)", () => {
  it("offline: opening an item queues exactly one log call, named by the item's id and carrying its store", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetch);
    renderWithI18n(
      <ItemModalProvider venue={venueFixture({ items: [freddo], store: { storeId: 7 } })}>
        <OpenButton />
      </ItemModalProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "open" }));
    await vi.waitFor(async () => expect(await appDb().pendingLogs.count()).toBe(1), { timeout: 10_000 });
    const [row] = await appDb().pendingLogs.toArray();
    expect(row?.event).toBe("enter-101-clicked");
    expect(row?.body).toEqual({ storeId: 7, at: expect.any(String) });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/log\/enter-101-clicked$/);
    expect(await appDb().pendingLogs.count()).toBe(1);
  });
});
