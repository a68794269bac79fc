import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test-support/render";
import { CookieNotice } from "./CookieNotice";
import { cookiesAccepted } from "./cookie-consent";

// The notice contains a router Link; a plain anchor is enough to test the timing rules.
vi.mock("@tanstack/react-router", () => ({
  Link: ({ children }: { children: unknown }) => <a href="/info/cookies-policy">{children as string}</a>,
}));

describe("cookie notice (spec §9: appears after 1 s, auto-accepts after 4 s; acceptance is remembered)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("appears after 1 s and accepts itself 4 s later", () => {
    renderWithI18n(<CookieNotice />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole("button", { name: "OK" })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "OK" })).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByRole("button", { name: "OK" })).toBeNull();
    expect(cookiesAccepted()).toBe(true);
  });

  it("is accepted at once on a click", () => {
    renderWithI18n(<CookieNotice />);
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("button", { name: "OK" })).toBeNull();
    expect(cookiesAccepted()).toBe(true);
  });

  it("never shows again once accepted", () => {
    localStorage.setItem("acceptedCookies", "true");
    renderWithI18n(<CookieNotice />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole("button", { name: "OK" })).toBeNull();
  });
});
