/**
 * The JS before the first render stays within 20 KB of a bare React page: the first-load "messages" catalog, part of
 * the entry, holds only what the services and menu screens show (and the language modal: a
 * tourist's first tap waits for no catalog). The landing page, the happy-hour and search views, the
 * footer and the not-found screen moved their texts to the later "screens" catalog
 * (lingui.config.ts). Each must still render translated on a cold visit, where only "messages" is
 * loaded: real compiled catalogs, a fresh module graph per test.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
});

/** The router's Link, for screens rendered without a router (only its text matters here). */
function LinkStub({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <a href="/" className={className}>
      {children}
    </a>
  );
}

async function coldVisit(locale: "el" | "en") {
  const { i18n } = await import("@lingui/core");
  const { I18nProvider } = await import("@lingui/react");
  const { activateLocale } = await import("./catalogs");
  await activateLocale(locale);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  return { i18n, wrapper, loaded: () => JSON.stringify(i18n.messages) };
}

describe("texts moved out of the first load render translated", () => {
  it("the first load no longer carries them: a cold Greek visit has the menu's texts only", async () => {
    const { loaded } = await coldVisit("el");
    expect(loaded()).toContain("Αναζήτηση"); // the menu's search link stays in the first load
    expect(loaded()).toContain("Επιλογή γλώσσας"); // and the language modal's title
    for (const later of [
      "Δεν βρήκαμε αυτή τη σελίδα",
      "Κύμα · παραγγελίες για εστιατόρια, καφέ, ξενοδοχεία και beach bar",
      "Διαλέξτε από τον κατάλογο",
      "Πίσω στον κατάλογο",
    ]) {
      expect(loaded()).not.toContain(later);
    }
  });

  it.each([
    ["el", "Δεν βρήκαμε αυτή τη σελίδα"],
    ["en", "We could not find this page"],
  ] as const)("%s: the not-found screen waits for its texts, then shows %s", async (locale, heading) => {
    const { wrapper } = await coldVisit(locale);
    vi.doMock("@tanstack/react-router", () => ({ Link: LinkStub }));
    const { LazyNotFoundScreen } = await import("../features/shell/LazyNotFoundScreen");
    render(<LazyNotFoundScreen />, { wrapper });
    expect(screen.queryByRole("heading")).toBeNull();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(heading);
    vi.doUnmock("@tanstack/react-router");
  });

  it.each([
    ["el", "Επιλογή γλώσσας"],
    ["en", "Choose language"],
  ] as const)(
    "%s: the language modal, lazily loaded, opens with its title from the first-load texts (%s)",
    async (locale, title) => {
      const { wrapper } = await coldVisit(locale);
      const { LanguageButton } = await import("../features/shell/LanguageButton");
      render(
        <div id="root">
          <LanguageButton storeExtraLanguages={[]} theme="light" />
        </div>,
        { wrapper },
      );
      fireEvent.click(screen.getByRole("button", { name: /^(Γλώσσα|Language):/ }));
      expect(await screen.findByRole("dialog", { name: title })).toBeTruthy();
    },
  );

  it("Greek: the landing route waits for its texts before it renders (after its home-screen redirect check)", async () => {
    const { loaded } = await coldVisit("el");
    const { Route } = await import("../routes/index");
    const beforeLoad = Route.options.beforeLoad as (context: { location: { searchStr: string } }) => unknown;
    await beforeLoad({ location: { searchStr: "" } });
    expect(loaded()).toContain("Διαλέξτε από τον κατάλογο");
  });

  it("Greek: the happy-hour and search views wait for their texts at the root route", async () => {
    const { loaded } = await coldVisit("el");
    const { Route } = await import("../routes/__root");
    const beforeLoad = Route.options.beforeLoad as (context: { location: { pathname: string } }) => unknown;
    await beforeLoad({ location: { pathname: "/beach-bar/7201/search" } });
    expect(loaded()).toContain("Γράψτε το όνομα ενός πιάτου ή ενός ποτού.");
    expect(loaded()).toContain("Πίσω στον κατάλογο");
  });

  it.each([
    ["el", "Κύμα · παραγγελίες για εστιατόρια, καφέ, ξενοδοχεία και beach bar"],
    ["en", "Kyma · ordering for restaurants, cafés, hotels and beach bars"],
  ] as const)(
    "%s: the footer (on the screens-catalog routes only) renders its texts once loaded (%s)",
    async (locale, note) => {
      const { wrapper } = await coldVisit(locale);
      vi.doMock("@tanstack/react-router", () => ({ Link: LinkStub }));
      const { lazyWithScreens } = await import("./lazy-with-screens");
      const { Suspense } = await import("react");
      const Footer = lazyWithScreens(() =>
        import("../features/shell/Footer").then((module) => ({ default: module.Footer })),
      );
      render(
        <Suspense fallback={null}>
          <Footer />
        </Suspense>,
        { wrapper },
      );
      expect(await screen.findByText(note)).toBeTruthy();
      vi.doUnmock("@tanstack/react-router");
    },
  );
});
