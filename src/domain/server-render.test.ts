import { describe, expect, it } from "vitest";
import { extraStylesOf, serverRenderedAddress } from "./server-render";

describe("which pages the server renders, at which address", () => {
  it("a spot's services page and a service's menu, the pages a QR code and its next tap open", () => {
    expect(serverRenderedAddress("/menu/7201")).toBe("/menu/7201");
    expect(serverRenderedAddress("/beach-bar/7201")).toBe("/beach-bar/7201");
  });

  it("not the screens past the menu, which hold the guest's own state, nor any other page", () => {
    for (const url of [
      "/beach-bar/7201/cart",
      "/beach-bar/7201/search?q=freddo",
      "/menu/7201/bill",
      "/",
      "/pin",
      "/info/terms-of-service/more",
      "/infos",
      "/stock/for-store/7/13499",
      "/beach-bar/abc",
      "/menu/0",
    ]) {
      expect(serverRenderedAddress(url), url).toBeNull();
    }
  });

  it("the info pages a footer link opens, with isApplication=true (no site header and footer) and no other query", () => {
    expect(serverRenderedAddress("/info")).toBe("/info");
    expect(serverRenderedAddress("/info/terms-of-service?utm_source=x")).toBe("/info/terms-of-service");
    expect(serverRenderedAddress("/info/privacy-policy?isApplication=true")).toBe(
      "/info/privacy-policy?isApplication=true",
    );
    expect(extraStylesOf("/info/privacy-policy?isApplication=true")).toBe("info");
    expect(extraStylesOf("/beach-bar/7201")).toBeNull();
  });

  it("keeps brand=dark, the one query that changes these screens (spec §2), and drops every other", () => {
    expect(serverRenderedAddress("/menu/7201?brand=dark")).toBe("/menu/7201?brand=dark");
    expect(serverRenderedAddress("/menu/7201?utm_source=qr&brand=dark")).toBe("/menu/7201?brand=dark");
    expect(serverRenderedAddress("/beach-bar/7201?brand=light&utm_source=qr")).toBe("/beach-bar/7201");
  });
});
