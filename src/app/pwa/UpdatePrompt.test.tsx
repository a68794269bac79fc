import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithI18n } from "../test-support/render";
import { UpdateOfferView } from "./UpdateOffer";

describe("'new version, reload' never reloads under a guest mid-checkout or with an order in the outbox", () => {
  it("offers Update when a reload loses nothing", () => {
    renderWithI18n(<UpdateOfferView updating={false} mayReload={true} />);
    expect(screen.getByText("A new version is available")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Update" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Later" })).toBeTruthy();
  });

  it("while an order is on its way or the guest is at the checkout, says so and has no Update button", () => {
    renderWithI18n(<UpdateOfferView updating={false} mayReload={false} />);
    expect(screen.getByText(/You can update once your order is on its way/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Update" })).toBeNull();
    expect(screen.getByRole("button", { name: "Later" })).toBeTruthy();
  });
});
