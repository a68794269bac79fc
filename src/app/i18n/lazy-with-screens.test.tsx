/**
 * The "screens" catalog is not fetched on every menu visit (a cold visit stays small); it comes with
 * the first screen that shows its texts (lazyWithScreens). Such a screen must still never show a
 * message id or an untranslated text: it renders only once its catalog is active, in Greek and in
 * English. Real compiled catalogs (the Lingui Vite plugin), a fresh module graph per language, so
 * each test starts as a cold visit does: only the first-load "messages" catalog loaded.
 */
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
});

async function coldApp(locale: "el" | "en") {
  const { i18n } = await import("@lingui/core");
  const { I18nProvider } = await import("@lingui/react");
  const { activateLocale } = await import("./catalogs");
  const { lazyWithScreens } = await import("./lazy-with-screens");
  const { Suspense } = await import("react");
  await activateLocale(locale);
  const InstallOfferCard = lazyWithScreens(() =>
    import("../pwa/InstallOfferCard").then((module) => ({ default: module.InstallOfferCard })),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <Suspense fallback={<p>loading</p>}>{children}</Suspense>
    </I18nProvider>
  );
  return { i18n, InstallOfferCard, wrapper };
}

/** The text of a message in the active catalogs (undefined while its catalog is not loaded). */
function loadedTexts(i18n: { messages: Record<string, unknown> }): string {
  return JSON.stringify(i18n.messages);
}

describe("a screen opened later renders in the guest's language, its texts loaded with it", () => {
  it("Greek: waits for the screens catalog, then shows the Greek text", async () => {
    const { i18n, InstallOfferCard, wrapper } = await coldApp("el");
    // A cold visit: the first-load catalog only.
    expect(loadedTexts(i18n)).not.toContain("Κρατήστε το Κύμα στην αρχική σας οθόνη");
    render(<InstallOfferCard offer="prompt" />, { wrapper });
    expect(screen.queryByRole("heading")).toBeNull();
    const heading = await screen.findByRole("heading");
    expect(heading.textContent).toBe("Κρατήστε το Κύμα στην αρχική σας οθόνη");
    expect(screen.getByRole("button", { name: "Εγκατάσταση" })).toBeTruthy();
  });

  it("English: waits for the English screens catalog, then shows the English text", async () => {
    const { i18n, InstallOfferCard, wrapper } = await coldApp("en");
    expect(loadedTexts(i18n)).not.toContain("Keep Κύμα on your home screen");
    render(<InstallOfferCard offer="prompt" />, { wrapper });
    const heading = await screen.findByRole("heading");
    expect(heading.textContent).toBe("Keep Κύμα on your home screen");
    // Rendered from the loaded English catalog, not from the source text the test build keeps.
    expect(loadedTexts(i18n)).toContain("Keep Κύμα on your home screen");
    expect(loadedTexts(i18n)).not.toContain("Κρατήστε");
  });
});
